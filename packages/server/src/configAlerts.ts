import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type Env, positiveInteger, value } from './configEnv';

/** Alerts on new responses (issue 27): the channel addresses' key and the alert job's rhythm. */
export interface AlertSettings {
  /** ALERT_WEBHOOK_KEY: the AES-256-GCM key (32 bytes) that encrypts channel addresses at rest (R-ALERT-4). */
  readonly webhookKey: Buffer;
  /**
   * ALERT_TEST_ORIGINS: exact origins taken as channel addresses besides Slack's and Teams'
   * hosts (a local test receiver, `http://127.0.0.1:4555`); refused in production.
   */
  readonly webhookTestOrigins: readonly string[];
  /** ALERT_INTERVAL_SECONDS: how often the alert job looks for new work (default 5). */
  readonly intervalSeconds: number;
}

const KEY_BYTES = 32;

/** A key as 64 hexadecimal digits or as base64 (url) of 32 bytes; null when it is neither. */
function keyOf(raw: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw)) return null;
  const key = Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === KEY_BYTES ? key : null;
}

/**
 * A 32-byte key from `variable`, or outside production one generated once into DATA_DIR/`file`
 * (like the JWT secret), so a local server keeps reading what it encrypted. Alert channel
 * addresses (ALERT_WEBHOOK_KEY) and webhook signing secrets (WEBHOOK_SECRET_KEY) each have one.
 */
export function dataKey(
  env: Env,
  dataDir: string,
  production: boolean,
  variable: string,
  file: string,
): Buffer {
  const raw = value(env, variable);
  const hint = `bijvoorbeeld: ${variable}=$(openssl rand -base64 32)`;
  if (raw !== undefined) {
    const key = keyOf(raw);
    if (key === null)
      throw new ConfigError(`${variable} moet 32 bytes zijn, als base64 of 64 hexadecimale tekens; ${hint}`);
    return key;
  }
  if (production)
    throw new ConfigError(`${variable} ontbreekt. Zet in productie een sleutel van 32 bytes, ${hint}`);
  const path = join(dataDir, file);
  mkdirSync(dataDir, { recursive: true });
  try {
    const key = randomBytes(KEY_BYTES);
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(path, 0o600);
  const stored = keyOf(readFileSync(path, 'utf8').trim());
  if (stored === null)
    throw new ConfigError(
      `${path} bevat geen geldige sleutel. Verwijder het bestand; bij de start komt er een nieuwe.`,
    );
  return stored;
}

function testOrigins(env: Env, production: boolean): string[] {
  const raw = value(env, 'ALERT_TEST_ORIGINS');
  if (raw === undefined) return [];
  if (production)
    throw new ConfigError('ALERT_TEST_ORIGINS is alleen voor tests en werkt niet in productie.');
  return raw.split(',').map((entry) => {
    const text = entry.trim();
    let origin: string | null = null;
    try {
      origin = new URL(text).origin;
    } catch {
      origin = null;
    }
    if (origin === null || origin === 'null' || origin !== text.replace(/\/+$/, ''))
      throw new ConfigError(
        `ALERT_TEST_ORIGINS bevat "${text}": geef exacte origins, zoals http://127.0.0.1:4555, gescheiden door komma's.`,
      );
    return origin;
  });
}

export function alertSettings(env: Env, dataDir: string, production: boolean): AlertSettings {
  return {
    webhookKey: dataKey(env, dataDir, production, 'ALERT_WEBHOOK_KEY', 'alert-webhook-key'),
    webhookTestOrigins: testOrigins(env, production),
    intervalSeconds: positiveInteger(env, 'ALERT_INTERVAL_SECONDS', 5, 3_600),
  };
}
