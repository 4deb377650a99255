import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findImports, type SourceFile } from './architecture';

/*
 * The benchmarks (bench/) use our packages only through their package entries (`@loop/server`,
 * `@loop/server/db`, `@loop/server/testing`, `@loop/server/internals`, `@loop/core/<feature>`, …),
 * never a package's files by relative path (`../../packages/server/src/…`): a package's inside
 * may move without bench noticing only if bench never names it.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface DeepImport {
  readonly file: string;
  readonly line: number;
  readonly specifier: string;
}

/** The relative imports of `files` that land in a package's sources (`packages/<x>/src/…`). */
function benchDeepImports(files: readonly SourceFile[]): DeepImport[] {
  const found: DeepImport[] = [];
  for (const file of files) {
    for (const { specifier, line } of findImports(file.text)) {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) continue;
      const target = posix.normalize(posix.join(posix.dirname(file.path), specifier));
      if (/^packages\/[^/]+\/src(\/|$)/.test(target)) found.push({ file: file.path, line, specifier });
    }
  }
  return found;
}

/** Every TypeScript and JavaScript file under bench/, as repository-relative paths. */
function benchFiles(): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(m|c)?[jt]sx?$/.test(entry.name)) {
        files.push({ path: relative(ROOT, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(join(ROOT, 'bench'));
  return files;
}

describe('bench imports', () => {
  it('should reach no package by relative path into its src', () => {
    const deep = benchDeepImports(benchFiles());
    expect(deep.map((d) => `${d.file}:${d.line} '${d.specifier}': import the package entry instead`)).toEqual(
      [],
    );
  });

  it.each([
    ['a static import', 'bench/a/run.ts', "import { buildApp } from '../../packages/server/src/index';"],
    ['a type import', 'bench/kit.ts', "import type { Mailer } from '../packages/server/src/mail/mailer';"],
    ['a re-export', 'bench/kit.ts', "export { x } from '../packages/core/src/format/dutch';"],
    ['a dynamic import', 'bench/a/run.ts', "const m = await import('../../packages/web/src/main');"],
    ['the src folder itself', 'bench/a/run.ts', "import * as server from '../../packages/server/src';"],
  ])('should catch %s', (_label, path, text) => {
    expect(benchDeepImports([{ path, text }])).toHaveLength(1);
  });

  it.each([
    ['a package entry', "import { buildApp } from '@loop/server';"],
    ['a subpath entry', "import { contacts } from '@loop/server/db';"],
    ['a file of bench', "import { timed } from '../benchKit';"],
    ['e2e support', "import { ROOT } from '../../e2e/harness';"],
    ['a path in a string', "runScript(['packages/server/src/main.ts'], env);"],
    ['a path in a comment', '// the real server (packages/server/src/main.ts)'],
  ])('should let bench use %s', (_label, text) => {
    expect(benchDeepImports([{ path: 'bench/a/run.ts', text }])).toEqual([]);
  });
});
