import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Reading and checking single environment values, shared by the parts of the configuration. */

/** The monorepo root: relative paths in the environment resolve against it, not the working directory. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A setting is missing or malformed; the message says which one and what to do (Dutch, for operators). */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export type Env = Readonly<Record<string, string | undefined>>;

export function value(env: Env, key: string): string | undefined {
  const raw = env[key]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

export function positiveInteger(
  env: Env,
  key: string,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = value(env, key);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(parsed) || parsed < 1 || parsed > max) {
    throw new ConfigError(`${key} moet een geheel getal tussen 1 en ${max} zijn (nu: "${raw}").`);
  }
  return parsed;
}

export function flag(env: Env, key: string, fallback: boolean): boolean {
  const raw = value(env, key)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${key} moet "true" of "false" zijn (nu: "${raw}").`);
}

export function absoluteUrl(key: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `${key} moet een volledige URL zijn, bijvoorbeeld https://loop.example.nl (nu: "${raw}").`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${key} moet met http:// of https:// beginnen (nu: "${raw}").`);
  }
  return raw.replace(/\/+$/, '');
}

export const fromRepoRoot = (path: string): string => (isAbsolute(path) ? path : resolve(REPO_ROOT, path));
