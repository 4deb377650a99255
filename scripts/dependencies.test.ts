import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  checkDependencies,
  type PackageUnderCheck,
  packagesNamedBy,
  TOOL_ALLOWANCES,
  type ToolAllowance,
  typedPackage,
  WORKSPACE_TOOLS,
} from './dependencies';
import type { SourceFile, Violation } from './sources';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CODE = /\.(tsx?|mjs|cjs|js)$/;

/** Every code file under `dir` (repository-relative), skipping dependencies and build output. */
function walk(dir: string, files: SourceFile[] = []): SourceFile[] {
  if (!existsSync(join(ROOT, dir))) return files;
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    // Hidden entries are tool output (.tsbuild, a stray bundle), not the package's code.
    if (['node_modules', 'dist'].includes(entry.name) || entry.name.startsWith('.')) continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(path, files);
    else if (CODE.test(entry.name)) files.push({ path, text: readFileSync(join(ROOT, path), 'utf8') });
  }
  return files;
}

/** The `compilerOptions.types` of the tsconfig files in `dirs`. */
function tsconfigTypes(dirs: readonly string[]): string[] {
  const types: string[] = [];
  for (const dir of dirs) {
    for (const name of readdirSync(join(ROOT, dir))) {
      if (!/^tsconfig.*\.json$/.test(name)) continue;
      const list = /"types"\s*:\s*\[([^\]]*)\]/.exec(readFileSync(join(ROOT, dir, name), 'utf8'))?.[1] ?? '';
      types.push(...[...list.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? ''));
    }
  }
  return types;
}

const manifestAt = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

/** The root (scripts, bench, e2e, cluster, root config files) and each package with all its files. */
function readPackages(): PackageUnderCheck[] {
  const rootFiles = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => ({ path: entry.name, text: readFileSync(join(ROOT, entry.name), 'utf8') }));
  const root: PackageUnderCheck = {
    manifestPath: 'package.json',
    manifest: manifestAt('package.json'),
    files: [...rootFiles, ...walk('scripts'), ...walk('bench'), ...walk('e2e'), ...walk('cluster')],
    tsconfigTypes: tsconfigTypes(['.', 'scripts', 'bench', 'e2e', 'cluster']),
  };
  const packages = ['core', 'adapters', 'web', 'server'].map((name) => ({
    manifestPath: `packages/${name}/package.json`,
    manifest: manifestAt(`packages/${name}/package.json`),
    files: walk(`packages/${name}`),
    tsconfigTypes: tsconfigTypes([`packages/${name}`]),
  }));
  return [root, ...packages];
}

const format = (violations: readonly Violation[]) =>
  violations.map((v) => `${v.file}:${v.line} [${v.rule}] ${v.message}`).join('\n');

describe('dependency manifests (R-ARCH-6)', () => {
  const packages = readPackages();

  it.each(packages.map((pkg) => [pkg.manifestPath, pkg] as const))(
    'should declare exactly what %s imports',
    (_path, pkg) => {
      expect(pkg.files.length).toBeGreaterThan(3);
      expect(format(checkDependencies(pkg, TOOL_ALLOWANCES, WORKSPACE_TOOLS))).toBe('');
    },
  );

  it('should keep no allowance for a dependency that is imported or not declared', () => {
    const stale = TOOL_ALLOWANCES.filter((allowance) => {
      const pkg = packages.find((p) => (p.manifest.name ?? 'loop') === allowance.pkg);
      const { dependencies = {}, devDependencies = {} } = pkg?.manifest ?? {};
      const declared = allowance.dependency in dependencies || allowance.dependency in devDependencies;
      const imported = pkg?.files.some((file) =>
        packagesNamedBy(file).some((named) => named.name === allowance.dependency),
      );
      return !declared || imported;
    });
    expect(stale).toEqual([]);
  });
});

describe('checkDependencies (self-test)', () => {
  const pkg = (files: SourceFile[], manifest: PackageUnderCheck['manifest'], types: string[] = []) => ({
    manifestPath: 'packages/x/package.json',
    manifest: { name: '@loop/x', ...manifest },
    files,
    tsconfigTypes: types,
  });
  const rules = (p: PackageUnderCheck, allowances: ToolAllowance[] = []) =>
    checkDependencies(p, allowances).map((v) => `${v.rule} ${v.message.split("'")[1]}`);

  it('should accept imports of declared packages, their @types, tsconfig types, scripts and allowances', () => {
    const files = [
      {
        path: 'packages/x/src/a.ts',
        text: [
          "import { marked } from 'marked';",
          "import { decode } from 'he';",
          "import type { Feature } from 'geojson';",
          "import { x } from '@loop/x/sub';",
          "import { readFileSync } from 'node:fs';",
          "import fs from 'fs';",
          "const m = await import('@scope/lib/deep');",
          '/// <reference types="vite/client" />',
        ].join('\n'),
      },
    ];
    const manifest = {
      scripts: { build: 'vite build' },
      dependencies: { marked: '1', he: '1', '@scope/lib': '1' },
      devDependencies: {
        '@types/he': '1',
        '@types/geojson': '1',
        '@types/node': '1',
        vite: '1',
        typescript: '1',
      },
    };
    const allowances = [{ pkg: '@loop/x', dependency: 'typescript', why: 'tsc' }];
    expect(rules(pkg(files, manifest, ['node']), allowances)).toEqual([]);
  });

  it('should refuse a declared dependency nobody imports and an import nobody declared', () => {
    const files = [
      { path: 'packages/x/src/a.ts', text: "import { z } from 'zod';\n// import { y } from 'yaml';" },
    ];
    const manifest = { dependencies: { lodash: '4' }, devDependencies: { '@types/lodash': '4' } };
    expect(rules(pkg(files, manifest))).toEqual([
      'undeclared-dependency zod',
      'unused-dependency lodash',
      'unused-dependency @types/lodash',
    ]);
  });

  it("should let only tests import the root's test runner undeclared", () => {
    const files = [
      { path: 'packages/x/src/a.test.ts', text: "import { it } from 'vitest';" },
      { path: 'packages/x/src/testing/fake.ts', text: "import { vi } from 'vitest';" },
      { path: 'packages/x/src/a.ts', text: "import { vi } from 'vitest';" },
    ];
    const tools = [{ dependency: 'vitest', why: 'runner' }];
    expect(checkDependencies(pkg(files, {}), [], tools).map((v) => `${v.file} ${v.rule}`)).toEqual([
      'packages/x/src/a.ts undeclared-dependency',
    ]);
  });

  it('should name the package an @types package types', () => {
    expect(typedPackage('@types/node')).toBe('node');
    expect(typedPackage('@types/babel__core')).toBe('@babel/core');
    expect(typedPackage('react')).toBeNull();
  });
});

describe('the lockfile', () => {
  // openapi-typescript builds its output with the TypeScript compiler API, which TypeScript 7 has no
  // longer; pnpm-workspace.yaml overrides its TypeScript, and `pnpm add` once rewrote the lock without it.
  it("should keep the workspace's overrides in the resolved snapshots (openapi-typescript on TypeScript 5)", () => {
    const lock = readFileSync(join(ROOT, 'pnpm-lock.yaml'), 'utf8');
    const snapshots = lock.slice(lock.indexOf('\nsnapshots:'));
    const entry = /\n {2}openapi-typescript@[^\n]*:\n((?: {4}[^\n]*\n)+)/.exec(snapshots)?.[1] ?? '';
    expect(entry).toMatch(/\n? {6}typescript: 5\.\d+\.\d+\n/);
  });
});
