import { describe, expect, it } from 'vitest';

/**
 * Rules about web's own source that the architecture test (scripts/architecture.test.ts) does not
 * see: time and notices come through the container's ports, and no module of web reaches itself
 * through its imports. Read by Vite, so this test needs no Node built-ins.
 */
const SOURCES = import.meta.glob(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** Every import of a file: static, dynamic, type-only and re-exports, as written. */
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

function join(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The source file a relative import names, or null for a package or a non-source file (CSS). */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = join(from, specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => candidate in SOURCES) ?? null;
}

const importsOf = (file: string): string[] =>
  [...(SOURCES[file] ?? '').matchAll(IMPORT)]
    .map((match) => resolve(file, match[1] ?? match[2] ?? match[3] ?? ''))
    .filter((target): target is string => target !== null);

/** The code without its comments (a comment may name what the code must not call). */
const codeOf = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const files = Object.keys(SOURCES).sort();

describe("web's source", () => {
  it('should be read in full', () => {
    expect(files).toContain('./app/container.ts');
    expect(files).toContain('./notifications/notify.ts');
    expect(files.length).toBeGreaterThan(100);
  });

  it('should show toasts only through the Notifier port (the container binds it to notify)', () => {
    const mayImport = (file: string): boolean =>
      /^\.\/app\/container[^/]*\.ts$/.test(file) ||
      /^\.\/app\/[^/]*Services\.ts$/.test(file) ||
      file.startsWith('./notifications/');
    const offenders = files.filter(
      (file) => !mayImport(file) && importsOf(file).includes('./notifications/notify.ts'),
    );
    expect(offenders, 'use useNotices() (app/useServices) or take a Notifier').toEqual([]);
  });

  it('should read the current time only from the Clock port', () => {
    const offenders = files.filter(
      (file) =>
        !file.startsWith('./testing/') && /\bnew Date\(\s*\)|\bDate\.now\(/.test(codeOf(SOURCES[file] ?? '')),
    );
    expect(offenders, 'use useClock() (app/useServices) or take a Clock').toEqual([]);
  });

  it('should have no import circle (type-only imports count)', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]): void => {
      state.set(file, 'open');
      const trail = [...path, file];
      for (const target of importsOf(file)) {
        if (state.get(target) === 'open')
          circles.push([...trail.slice(trail.indexOf(target)), target].join(' → '));
        else if (!state.has(target)) visit(target, trail);
      }
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file, []);
    expect(circles).toEqual([]);
  });
});
