/**
 * Reading source files without a parser, for the architecture and language checks: where a file
 * lives (package, test or source), what a specifier names, and a small scanner that blanks
 * comments and the insides of strings, template literals and regular expressions, so imports and
 * global names are only found in real code.
 */
import { builtinModules } from 'node:module';

export interface SourceFile {
  /** Repository-relative path with forward slashes, e.g. `packages/core/src/index.ts`. */
  readonly path: string;
  readonly text: string;
}

export interface Violation {
  readonly file: string;
  readonly line: number;
  readonly rule: string;
  readonly message: string;
}

export type ImportKind = 'static' | 'side-effect' | 'dynamic' | 'require';

export interface ImportRef {
  readonly specifier: string;
  readonly kind: ImportKind;
  readonly line: number;
}

/** Browser globals core must not touch. */
const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator'];

// --- classification -----------------------------------------------------------------------------

const NODE_BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));

/** `packages/<name>/src/...` → `<name>`; anything else → null. */
export function packageOf(path: string): string | null {
  const match = /^packages\/([^/]+)\/src\//.exec(path);
  return match ? (match[1] ?? null) : null;
}

/**
 * Tests and test support (`*.test.ts`, `*.spec.tsx`, a test file's shared fakes `*.fixtures.ts`,
 * `testing/`, `__tests__/`) are not checked.
 */
export function isTestFile(path: string): boolean {
  return /\.(test|spec|fixtures)\.tsx?$/.test(path) || /\/(testing|__tests__|test|tests)\//.test(path);
}

export const isSourceFile = (path: string): boolean =>
  packageOf(path) !== null && /\.tsx?$/.test(path) && !isTestFile(path);

export const isNodeBuiltin = (specifier: string): boolean =>
  specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0] ?? '');

export const isRelative = (specifier: string): boolean =>
  specifier === '.' || specifier.startsWith('./') || specifier.startsWith('../');

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** Specifiers that name no npm package: relative, absolute, URL-like and bundler-virtual ones. */
export const isBare = (specifier: string): boolean =>
  !isRelative(specifier) &&
  !specifier.startsWith('/') &&
  !/^[a-z][a-z0-9+.-]*:/i.test(specifier) &&
  !specifier.startsWith('~') &&
  !specifier.startsWith('#');

// --- scanning -----------------------------------------------------------------------------------

interface Literal {
  readonly start: number;
  /** The literal's text, or null for a template literal with `${…}` (not a fixed specifier). */
  readonly value: string | null;
}

interface Scanned {
  /** The text with comments and literal contents replaced by spaces (same length, same lines). */
  readonly code: string;
  /** String and template literals by the offset of their opening quote. */
  readonly literals: ReadonlyMap<number, Literal>;
  /** The offsets of regular-expression literals' opening slashes. */
  readonly patterns: readonly number[];
}

const REGEX_KEYWORDS = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

/** Blanks comments and the contents of strings, templates and regular expressions. */
export function scan(text: string): Scanned {
  const out = text.split('');
  const literals = new Map<number, Literal>();
  const patterns: number[] = [];
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  /** The last significant character before `at` in the blanked output, and the word ending there. */
  const before = (at: number): { char: string; word: string } => {
    let k = at - 1;
    while (k >= 0 && /\s/.test(out[k] ?? '')) k--;
    const char = out[k] ?? '';
    let start = k;
    while (start >= 0 && /[\w$]/.test(out[start] ?? '')) start--;
    return { char, word: out.slice(start + 1, k + 1).join('') };
  };

  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      // Quoted strings end at the closing quote or, unterminated (a quote in JSX text), at the line end.
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      const closed = text[j] === c;
      literals.set(i, { start: i, value: closed ? text.slice(i + 1, j) : null });
      blank(i + 1, j);
      i = closed ? j + 1 : j;
    } else if (c === '`') {
      let j = i + 1;
      let depth = 0;
      let dynamic = false;
      while (j < text.length) {
        if (depth === 0 && text[j] === '`') break;
        if (text[j] === '\\') j++;
        else if (depth === 0 && text[j] === '$' && text[j + 1] === '{') {
          dynamic = true;
          depth = 1;
          j++;
        } else if (depth > 0 && text[j] === '{') depth++;
        else if (depth > 0 && text[j] === '}') depth--;
        j++;
      }
      literals.set(i, { start: i, value: dynamic ? null : text.slice(i + 1, j) });
      blank(i + 1, j);
      i = j + 1;
    } else if (c === '/') {
      const { char, word } = before(i);
      const startsRegex =
        char === '' ||
        // '>' ends an arrow (`=> /re/`); after a comparison a slash could only start a pattern too.
        '(,=:[!&|?{};+-*%~^>'.includes(char) ||
        (/[\w$]/.test(char) && REGEX_KEYWORDS.has(word));
      if (!startsRegex) {
        i++;
        continue;
      }
      let j = i + 1;
      let inClass = false;
      while (j < text.length && text[j] !== '\n') {
        if (text[j] === '\\') j++;
        else if (text[j] === '[') inClass = true;
        else if (text[j] === ']') inClass = false;
        else if (text[j] === '/' && !inClass) break;
        j++;
      }
      patterns.push(i);
      blank(i + 1, j);
      i = j + 1;
    } else {
      i++;
    }
  }
  return { code: out.join(''), literals, patterns };
}

export const lineAt = (text: string, index: number): number => {
  let line = 1;
  for (let k = 0; k < index && k < text.length; k++) if (text.charCodeAt(k) === 10) line++;
  return line;
};

const IMPORT_PATTERNS: ReadonlyArray<{ readonly kind: ImportKind; readonly pattern: RegExp }> = [
  // import x from '…', import { a } from '…', import type …, export { a } from '…', export * from '…'
  {
    kind: 'static',
    pattern: /(?<![\w$.])(?:import|export)\s+(?:type\s+)?[^'"`;=()]*?(?<![\w$])from\s*(?=['"])/g,
  },
  { kind: 'side-effect', pattern: /(?<![\w$.])import\s*(?=['"])/g },
  // import('…'), also in type positions: typeof import('…')
  { kind: 'dynamic', pattern: /(?<![\w$.])import\s*\(\s*(?=['"`])/g },
  { kind: 'require', pattern: /(?<![\w$.])require\s*\(\s*(?=['"`])/g },
];

/** Every import of a file: static, re-export, side-effect, dynamic and require. */
export function findImports(text: string): ImportRef[] {
  const { code, literals } = scan(text);
  const found: ImportRef[] = [];
  for (const { kind, pattern } of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const at = (match.index ?? 0) + match[0].length;
      const literal = literals.get(at);
      if (literal?.value != null) found.push({ specifier: literal.value, kind, line: lineAt(text, at) });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The lines of regular expressions a text defines: literals (`/…/`) and `RegExp(…)` calls. */
export function findPatterns(text: string): number[] {
  const { code, patterns } = scan(text);
  const calls = [...code.matchAll(/(?<![\w$.])RegExp\s*\(/g)].map((match) => match.index ?? 0);
  return [...patterns, ...calls].sort((a, b) => a - b).map((at) => lineAt(text, at));
}

/** Uses of browser globals: bare names (not `x.window`, not an object key or parameter name). */
export function findBrowserGlobals(text: string): Array<{ readonly name: string; readonly line: number }> {
  const { code } = scan(text);
  const names = BROWSER_GLOBALS.join('|');
  const found: Array<{ name: string; line: number }> = [];
  const pattern = new RegExp(`(?<![\\w$])(?:(?:globalThis|self)\\s*\\??\\.\\s*)?(${names})(?![\\w$])`, 'g');
  for (const match of code.matchAll(pattern)) {
    const index = match.index ?? 0;
    const name = match[1] ?? '';
    const head = code.slice(0, index);
    const previous = /(\S?)\s*$/.exec(head)?.[1] ?? '';
    const declaration = /(?:^|[{,;(]|\breadonly|\bpublic|\bprivate|\bprotected|\bstatic)\s*$/.test(head);
    const rest = code.slice(index + match[0].length);
    if (!match[0].startsWith('globalThis') && !match[0].startsWith('self')) {
      if (previous === '.') continue; // a property: location.navigator, x?.document
      if (/^\s*\??\s*:/.test(rest) && declaration) continue; // an object key, member or parameter name
    }
    found.push({ name, line: lineAt(text, index) });
  }
  return found;
}

/** Calls of the global fetch: `fetch(`, `window.fetch(`, `globalThis.fetch(`, `self.fetch(`. */
export function findFetchCalls(text: string): number[] {
  const { code } = scan(text);
  const pattern = /(?<![\w$.])(?:(?:globalThis|window|self)\s*\??\.\s*)?(?<![\w$])fetch\s*\(/g;
  const lines: number[] = [];
  for (const match of code.matchAll(pattern)) {
    const index = match.index ?? 0;
    let k = index - 1;
    while (k >= 0 && /\s/.test(code[k] ?? '')) k--;
    if (code[k] === '.' && !/^(globalThis|window|self)/.test(match[0])) continue;
    lines.push(lineAt(text, index));
  }
  return lines;
}

/** The number of lines of a text (a final newline ends the last line, it starts no new one). */
export const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
