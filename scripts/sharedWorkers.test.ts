import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scan } from './sources';

/**
 * The core and server suites run their test files one after another in the same worker, sharing
 * the loaded modules (`isolate: false` in vitest.config.ts): loading the server once per worker
 * instead of once per file is a quarter of their time. That is only sound while no test changes
 * what a later file would see: no module mocks, spies, fake timers or stubbed globals, and no
 * writes to `process.env` or `globalThis` (R-ARCH-7).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHARED = ['packages/core/src', 'packages/server/src'];
const FORBIDDEN = [
  /\bvi\.(mock|doMock|unmock|spyOn|stubGlobal|stubEnv|useFakeTimers|setSystemTime)\s*\(/,
  /\bprocess\.env(\.[A-Za-z_$][\w$]*|\[[^\]]+\])\s*(=(?!=)|\+=|\?\?=|\|\|=)/,
  /\bdelete\s+process\.env\b/,
  /\bglobalThis\.[A-Za-z_$][\w$]*\s*=(?!=)/,
];

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).replaceAll('\\', '/'));
}

/** `file:line: code` for each line of code (comments and string contents blanked) that matches. */
function sharedStateWrites(path: string, text: string): string[] {
  const lines = scan(text).code.split('\n');
  return lines.flatMap((line, index) =>
    FORBIDDEN.some((pattern) => pattern.test(line)) ? [`${path}:${index + 1}: ${line.trim()}`] : [],
  );
}

describe('suites that share workers (R-ARCH-7)', () => {
  it('should find mocks, spies, fake timers and writes to globals in code', () => {
    const sample = [
      "vi.mock('./x');",
      'vi.spyOn(console, "log");',
      'vi.useFakeTimers();',
      "process.env.TZ = 'UTC';",
      "process.env['A'] ??= '1';",
      'delete process.env.A;',
      'globalThis.fetch = fake;',
      '// vi.mock in a comment is fine',
      "const kind = process.env.LOOP_TEST_DB === 'postgres';",
    ].join('\n');
    expect(sharedStateWrites('sample.ts', sample).map((hit) => hit.split(':')[1])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
  });

  it('should leave what a later test file sees unchanged in core and the server', () => {
    const files = SHARED.flatMap(filesUnder);
    expect(files.length).toBeGreaterThan(300);
    const hits = files.flatMap((path) => sharedStateWrites(path, readFileSync(join(ROOT, path), 'utf8')));
    expect(hits).toEqual([]);
  });
});
