/**
 * What the architecture tests share: the real tree as repository-relative files, the synthetic
 * package manifests of the self-tests and a runner of the checker on one synthetic file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkArchitecture, type SourceFile, type Violation } from './architecture';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Every file under packages/<name>/src plus each package.json, and the TypeScript of e2e, bench, cluster and
 * scripts (which import core too), as repository-relative paths.
 */
export function readTree(): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        files.push({ path: relative(ROOT, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
      }
    }
  };
  for (const pkg of readdirSync(join(ROOT, 'packages'), { withFileTypes: true })) {
    if (!pkg.isDirectory()) continue;
    const manifest = join(ROOT, 'packages', pkg.name, 'package.json');
    files.push({ path: `packages/${pkg.name}/package.json`, text: readFileSync(manifest, 'utf8') });
    try {
      walk(join(ROOT, 'packages', pkg.name, 'src'));
    } catch {
      // A package without src yet has nothing to check.
    }
  }
  for (const dir of ['e2e', 'bench', 'scripts', 'cluster']) walk(join(ROOT, dir));
  return files;
}

export const format = (violations: readonly Violation[]) =>
  violations.map((v) => `${v.file}:${v.line} [${v.rule}] ${v.message}`).join('\n');

export const MANIFESTS: SourceFile[] = [
  {
    path: 'packages/core/package.json',
    text: JSON.stringify({
      name: '@loop/core',
      exports: {
        '.': { source: './src/index.ts', default: './src/index.ts' },
        './format': { source: './src/domain/format/index.ts', default: './src/domain/format/index.ts' },
        './report': './src/domain/report/index.ts',
        './session': { source: './src/client/session/index.ts', default: './src/client/session/index.ts' },
        './query': './src/client/query/index.ts',
        './app': './src/client/app/index.ts',
        './surveys/model': './src/domain/surveys/model/index.ts',
        './surveys/respond': './src/client/surveys/respond/index.ts',
      },
      dependencies: { he: '^1' },
    }),
  },
  {
    path: 'packages/adapters/package.json',
    text: JSON.stringify({
      name: '@loop/adapters',
      exports: { '.': {}, './dom': {}, './pdf': {} },
      dependencies: {
        '@loop/core': 'workspace:*',
        ofetch: '^1',
        'jwt-decode': '^4',
        react: '^19',
        jspdf: '^4',
      },
    }),
  },
  {
    path: 'packages/web/package.json',
    text: JSON.stringify({
      name: '@loop/web',
      dependencies: {
        '@loop/core': 'workspace:*',
        '@loop/adapters': 'workspace:*',
        '@loop/server': 'workspace:*',
        react: '^19',
        inversify: '^8',
        ofetch: '^1',
        wouter: '^3',
      },
      devDependencies: { '@types/geojson': '^1' },
    }),
  },
  {
    path: 'packages/server/package.json',
    text: JSON.stringify({
      name: '@loop/server',
      dependencies: {
        '@loop/adapters': 'workspace:*',
        '@loop/core': 'workspace:*',
        '@loop/web': 'workspace:*',
        fastify: '^5',
        react: '^19',
      },
    }),
  },
];

/** Runs the checker on one synthetic file (with the synthetic manifests) and returns the rules hit. */
export const rulesFor = (path: string, text: string) =>
  checkArchitecture([...MANIFESTS, { path, text }]).map((v) => v.rule);
