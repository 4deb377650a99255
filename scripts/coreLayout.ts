/**
 * Core's layout rules (docs/core.md, "Core's features"; docs/decisions/core-graph.md): core's
 * features sit in two layers, `packages/core/src/domain/<feature>` and
 * `packages/core/src/client/<feature>` (survey features one level deeper, `domain/surveys/model`);
 * each feature is a folder with an `index.ts` entry. Domain never imports client (R-ARCH-3), the
 * server imports only entries that map into domain (R-ARCH-4), and our packages are imported only
 * through their declared exports.
 */
import { posix } from 'node:path';
import { circlesOf, type ImportGraph, importGraphOf } from './importGraph';
import { findImports, isRelative, lineCount, packageName, packageOf, type SourceFile } from './sources';

export const CORE_SRC = 'packages/core/src/';
/** Folders of core that are no feature: test support. */
const CORE_NON_FEATURES = new Set(['testing']);
/** The two layers of core, each a folder under packages/core/src. */
export const CORE_LAYERS = ['domain', 'client'] as const;
export type CoreLayer = (typeof CORE_LAYERS)[number];
/** The root entry stays a short list of cross-cutting entries. */
export const CORE_ROOT_ENTRY_MAX_LINES = 99;

export interface Manifest {
  readonly name?: string;
  /** Subpath exports: `"."`, `"./dom"`, `"./surveys/model"`, each a path or `{ source, default }`. */
  readonly exports?: Readonly<Record<string, unknown>>;
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
}

export type Report = (file: string, line: number, rule: string, message: string) => void;

/**
 * The core feature a repository path belongs to: `packages/core/src/domain/surveys/model/x.ts` →
 * 'domain/surveys/model', `packages/core/src/client/session/x.ts` → 'client/session',
 * `packages/core/src/testing/x.ts` → 'testing', the root entry (or a file right in a layer's folder)
 * → '', outside core → null.
 */
export function coreFeatureOf(path: string): string | null {
  if (!path.startsWith(CORE_SRC)) return null;
  const parts = path.slice(CORE_SRC.length).split('/');
  const [first = '', second = '', third = ''] = parts;
  if (!(CORE_LAYERS as readonly string[]).includes(first)) return parts.length === 1 ? '' : first;
  if (parts.length <= 2) return '';
  if (second === 'surveys' && parts.length > 3) return `${first}/surveys/${third}`;
  return `${first}/${second}`;
}

/** The layer of a core path (`domain` or `client`), or null outside the layers. */
export function coreLayerOf(path: string): CoreLayer | null {
  if (!path.startsWith(CORE_SRC)) return null;
  const first = path.slice(CORE_SRC.length).split('/')[0];
  return (CORE_LAYERS as readonly string[]).includes(first ?? '') ? (first as CoreLayer) : null;
}

/** The features of core: the folders with an index.ts among `files`. */
function coreFeatures(files: readonly SourceFile[]): Set<string> {
  const features = new Set<string>();
  for (const file of files) {
    const feature = coreFeatureOf(file.path);
    if (feature && file.path === `${CORE_SRC}${feature}/index.ts`) features.add(feature);
  }
  return features;
}

/** The file an export condition map or path points at: `{ source, default }` or a plain path. */
export function exportTarget(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const conditions = value as Record<string, unknown>;
    return exportTarget(conditions.source ?? conditions.default ?? conditions.import);
  }
  return null;
}

/** The declared subpath exports of our package `name` (`@loop/core`), or null for another package. */
function exportsOf(
  manifests: ReadonlyMap<string, Manifest>,
  name: string,
): ReadonlyMap<string, unknown> | null {
  for (const manifest of manifests.values()) {
    if (manifest.name === name) return new Map(Object.entries(manifest.exports ?? { '.': './src/index.ts' }));
  }
  return null;
}

/**
 * Whether the server may import `specifier` of core: the root entry (it re-exports domain only,
 * which `checkCoreEntries` holds) or a subpath whose declared target lies in domain.
 */
export function isDomainEntry(manifests: ReadonlyMap<string, Manifest>, specifier: string): boolean {
  if (specifier === '@loop/core') return true;
  const target = exportTarget(
    exportsOf(manifests, '@loop/core')?.get(`.${specifier.slice('@loop/core'.length)}`),
  );
  return target?.startsWith('./src/domain/') ?? false;
}

/**
 * The entry rules: our packages are imported only through their declared exports (`@loop/core/src/…`
 * or an undeclared `@loop/core/<path>` is refused, from any file, e2e and bench included, and so is
 * a relative path into core from outside it); inside core a file reaches another feature only
 * through the feature's folder (its index.ts), never a file of it; a domain file (tests included)
 * never imports client; the root entry re-exports only domain entries and stays under 100 lines.
 */
export function checkCoreEntries(
  files: readonly SourceFile[],
  manifests: ReadonlyMap<string, Manifest>,
  report: Report,
): void {
  const features = coreFeatures(files);
  for (const file of files) {
    if (!/\.(tsx?|mjs)$/.test(file.path)) continue;
    const feature = coreFeatureOf(file.path);
    const isRoot = file.path === `${CORE_SRC}index.ts`;
    for (const { specifier, line } of findImports(file.text)) {
      if (isRelative(specifier)) {
        const target = posix.normalize(posix.join(posix.dirname(file.path), specifier));
        if (feature === null && packageOf(file.path) === null && target.startsWith('packages/core/')) {
          report(
            file.path,
            line,
            'package-entry',
            `'${specifier}': import core through '@loop/core' or '@loop/core/<feature>', never its files`,
          );
        }
        if (feature === null) continue;
        const layer = coreLayerOf(file.path);
        if ((layer === 'domain' || isRoot) && coreLayerOf(`${target}/`) === 'client') {
          report(
            file.path,
            line,
            'core-domain-client',
            `'${specifier}': ${isRoot ? 'the root entry (the server imports it)' : 'domain'} never imports client; move the piece both need into domain`,
          );
        }
        const entry = [...features].find(
          (f) => target === `${CORE_SRC}${f}` || target === `${CORE_SRC}${f}/index`,
        );
        const reached = coreFeatureOf(`${target}.ts`);
        if (entry !== undefined || reached === null || reached === feature) continue;
        if (reached === '' || CORE_NON_FEATURES.has(reached)) continue;
        report(
          file.path,
          line,
          'core-feature-entry',
          `'${specifier}' reaches into core's ${reached} past its entry; import '${posix.relative(posix.dirname(file.path), `${CORE_SRC}${reached}`)}'`,
        );
        continue;
      }
      if (!specifier.startsWith('@loop/')) continue;
      const name = packageName(specifier);
      const declared = exportsOf(manifests, name);
      const subpath = `.${specifier.slice(name.length)}`;
      if (declared && !declared.has(subpath)) {
        report(
          file.path,
          line,
          'package-entry',
          `'${specifier}' is not an export of ${name} (its package.json exports: ${[...declared.keys()].join(', ')})`,
        );
      }
    }
    const lines = lineCount(file.text);
    if (isRoot && lines > CORE_ROOT_ENTRY_MAX_LINES) {
      report(
        file.path,
        1,
        'core-root-entry',
        `${lines} lines: the root entry names the feature entries and re-exports only the cross-cutting ones (under 100 lines)`,
      );
    }
  }
}

/** Core's features as a graph: a feature imports another when one of its source files does. */
export function coreFeatureGraph(files: readonly SourceFile[]): ImportGraph {
  const graph = new Map<string, Set<string>>();
  for (const [from, targets] of importGraphOf(files, 'core')) {
    const feature = coreFeatureOf(from) ?? '';
    const edges = graph.get(feature) ?? new Set<string>();
    graph.set(feature, edges);
    for (const target of targets) {
      const reached = coreFeatureOf(target) ?? '';
      if (reached !== feature) edges.add(reached);
    }
  }
  return new Map([...graph].map(([feature, edges]) => [feature, [...edges].sort()]));
}

/** R-ARCH-2 one level up: the circles among core's features (none when the features form a DAG). */
export const coreFeatureCircles = (files: readonly SourceFile[]): string[][] =>
  circlesOf(coreFeatureGraph(files));
