/**
 * The dependency rules of docs/architecture.md as a pure function: give it the source files and package
 * manifests (path + text), get back every broken rule. `architecture.test.ts` feeds it the real tree
 * and some synthetic violations. No parser dependency: a small scanner blanks comments and the
 * insides of strings, template literals and regular expressions, so imports and global names are
 * only found in real code.
 */
import { builtinModules } from 'node:module';
import { posix } from 'node:path';

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

// --- the rules ----------------------------------------------------------------------------------

/** Libraries core must not import (DOM, React, DI, HTTP client, browser and server libraries). */
const CORE_FORBIDDEN = [
  'react',
  'react-dom',
  'wouter',
  'inversify',
  'reflect-metadata',
  'ofetch',
  'jwt-decode',
  'react-toastify',
  'dompurify',
  'jspdf',
  'fastify',
  'drizzle-orm',
];

/** Per package: package names it must not import, with the reason shown in the violation. */
const FORBIDDEN_IMPORTS: Record<
  string,
  ReadonlyArray<{ readonly match: (pkg: string) => boolean; readonly why: string }>
> = {
  core: [
    { match: (pkg) => pkg.startsWith('@loop/'), why: 'core imports nothing of ours' },
    {
      match: (pkg) => CORE_FORBIDDEN.includes(pkg),
      why: 'core stays free of DOM, React, DI and HTTP libraries',
    },
    { match: (pkg) => pkg.startsWith('@fastify/'), why: 'core stays free of server libraries' },
  ],
  adapters: [
    {
      match: (pkg) => pkg === '@loop/web' || pkg === '@loop/server',
      why: 'adapters never import web or server',
    },
    { match: (pkg) => pkg === 'react' || pkg === 'react-dom', why: 'adapters never import React' },
  ],
  web: [
    { match: (pkg) => pkg === '@loop/server', why: 'web never imports the server' },
    { match: (pkg) => pkg === 'ofetch', why: 'web talks HTTP only through the adapters' },
  ],
  server: [
    { match: (pkg) => pkg === '@loop/web', why: 'the server never imports web' },
    { match: (pkg) => pkg === 'react' || pkg === 'react-dom', why: 'the server never imports React' },
  ],
};

/** Packages whose source may import Node built-ins (core is pure; web runs in the browser). */
const NODE_BUILTINS_ALLOWED = new Set(['adapters', 'server']);

/** The composition root: the only files that may know inversify (docs/architecture.md). */
const INVERSIFY_ALLOWED = new Set(['packages/web/src/app/container.ts', 'packages/web/src/app/tokens.ts']);

/**
 * The answering page's own entry (packages/web/src/respond/, budget 90 kB gzip JS, docs/architecture.md):
 * none of the app's heavy or app-wide libraries, and no relative import out of its folder (so not
 * the app's container, routes or shell either).
 */
const RESPOND_DIR = 'packages/web/src/respond/';
const RESPOND_FORBIDDEN = [
  'inversify',
  'reflect-metadata',
  'dompurify',
  'marked',
  'he',
  'jspdf',
  'react-toastify',
  'wouter',
  '@loop/adapters/dom',
  '@loop/adapters/pdf',
  '@loop/adapters/map',
  'leaflet',
  'supercluster',
];
const isRespondForbidden = (specifier: string): boolean =>
  RESPOND_FORBIDDEN.includes(specifier) ||
  RESPOND_FORBIDDEN.includes(packageName(specifier)) ||
  packageName(specifier).startsWith('@tiptap/');

/**
 * The adapters' shared DOM entry (`@loop/adapters/dom`): the one part of adapters the server may
 * import, so it runs in the browser and in Node alike. It imports core and the libraries it wraps,
 * nothing else of adapters, and touches no browser global (its caller hands it a window).
 */
const DOM_ENTRY = '@loop/adapters/dom';
const DOM_DIR = 'packages/adapters/src/dom/';
const DOM_LIBRARIES = new Set(['@loop/core', 'dompurify']);

/**
 * The adapters' shared PDF entry (`@loop/adapters/pdf`): jsPDF behind core's PDF ports and the logo
 * loader, DOM-free, so the browser and the server draw the same display lists. Held to the same
 * rules as the DOM entry: core and jsPDF only, nothing else of adapters, no browser global.
 */
const PDF_ENTRY = '@loop/adapters/pdf';
const PDF_DIR = 'packages/adapters/src/pdf/';
const PDF_LIBRARIES = new Set(['@loop/core', 'jspdf']);

/** The adapters' entries the server may import, each a folder held to its own libraries. */
const SHARED_ENTRIES = [
  { entry: DOM_ENTRY, dir: DOM_DIR, libraries: DOM_LIBRARIES, rule: 'dom-entry' },
  { entry: PDF_ENTRY, dir: PDF_DIR, libraries: PDF_LIBRARIES, rule: 'pdf-entry' },
] as const;
const sharedEntryOf = (path: string) => SHARED_ENTRIES.find((shared) => path.startsWith(shared.dir));

/** Files of web that may call `fetch`: none; the adapters own the platform's fetch (browserFetch). */
const FETCH_ALLOWED = new Set<string>();

/** Browser globals core must not touch. */
const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator'];

/**
 * Core's features (docs/architecture.md, "Core's features"): a folder with an `index.ts` entry, under
 * packages/core/src or, for the survey features, under packages/core/src/surveys. Other packages
 * import core only through `@loop/core` or a declared `@loop/core/<feature>` export; inside core, a
 * file imports another feature only through that feature's folder (its index.ts).
 */
const CORE_SRC = 'packages/core/src/';
/** Folders of core that are no feature: test support. */
const CORE_NON_FEATURES = new Set(['testing']);
/** Files of core at most this long, tests included: a longer one does more than one job. */
export const CORE_FILE_MAX_LINES = 400;
/** The root entry stays a short list of cross-cutting entries. */
export const CORE_ROOT_ENTRY_MAX_LINES = 99;
/**
 * The core entries the server may import: the wire contract and pure rules. Not the client's
 * stores and use-cases (app, session, query, access, surveys/editor, surveys/respond).
 */
const SERVER_CORE_ENTRIES = new Set([
  '@loop/core',
  '@loop/core/api',
  '@loop/core/contract',
  '@loop/core/shared',
  '@loop/core/format',
  '@loop/core/html',
  '@loop/core/kpis',
  '@loop/core/auth',
  '@loop/core/billing',
  '@loop/core/branding',
  '@loop/core/features',
  '@loop/core/logs',
  '@loop/core/organisation',
  '@loop/core/periods',
  '@loop/core/finance',
  '@loop/core/contacts',
  '@loop/core/surveys/model',
  '@loop/core/surveys/results',
  '@loop/core/surveys/data',
  '@loop/core/surveys/summary',
  '@loop/core/report',
  '@loop/core/analysis',
  '@loop/core/geocoding',
  '@loop/core/invitations',
]);

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

const isRelative = (specifier: string): boolean =>
  specifier === '.' || specifier.startsWith('./') || specifier.startsWith('../');

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** Specifiers that name no npm package: relative, absolute, URL-like and bundler-virtual ones. */
const isBare = (specifier: string): boolean =>
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
        '(,=:[!&|?{};+-*%~^'.includes(char) ||
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
      blank(i + 1, j);
      i = j + 1;
    } else {
      i++;
    }
  }
  return { code: out.join(''), literals };
}

const lineAt = (text: string, index: number): number => {
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

/**
 * The core feature a repository path belongs to: `packages/core/src/surveys/model/x.ts` →
 * 'surveys/model', `packages/core/src/session/x.ts` → 'session', the root entry → '', outside core → null.
 */
export function coreFeatureOf(path: string): string | null {
  if (!path.startsWith(CORE_SRC)) return null;
  const parts = path.slice(CORE_SRC.length).split('/');
  if (parts.length === 1) return '';
  if (parts[0] === 'surveys' && parts.length > 2) return `surveys/${parts[1]}`;
  return parts[0] ?? '';
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

const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

// --- the check ----------------------------------------------------------------------------------

interface Manifest {
  readonly name?: string;
  /** Subpath exports: `"."`, `"./dom"`, `"./surveys/model"`. */
  readonly exports?: Readonly<Record<string, unknown>>;
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
}

const typesPackage = (pkg: string): string =>
  pkg.startsWith('@') ? `@types/${pkg.slice(1).replace('/', '__')}` : `@types/${pkg}`;

/**
 * Checks The dependency rules of docs/architecture.md over `files`: sources under `packages/<name>/src` (tests
 * excluded) and each `packages/<name>/package.json`. Returns every violation, empty when all hold.
 */
export function checkArchitecture(files: readonly SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  const report = (file: string, line: number, rule: string, message: string) =>
    violations.push({ file, line, rule, message });

  const manifests = new Map<string, Manifest>();
  for (const file of files) {
    const match = /^packages\/([^/]+)\/package\.json$/.exec(file.path);
    if (!match?.[1]) continue;
    try {
      manifests.set(match[1], JSON.parse(file.text) as Manifest);
    } catch {
      report(file.path, 1, 'manifest', 'package.json is not valid JSON');
    }
  }

  for (const file of files) {
    if (!isSourceFile(file.path)) continue;
    const pkg = packageOf(file.path) ?? '';
    const manifest = manifests.get(pkg);
    const declared = new Set([
      ...(manifest?.name ? [manifest.name] : []),
      ...Object.keys(manifest?.dependencies ?? {}),
      ...Object.keys(manifest?.devDependencies ?? {}),
      ...Object.keys(manifest?.peerDependencies ?? {}),
    ]);

    for (const ref of findImports(file.text)) {
      const { specifier, line } = ref;
      if (isRelative(specifier)) {
        const target = posix.normalize(posix.join(posix.dirname(file.path), specifier));
        if (file.path.startsWith(RESPOND_DIR) && !target.startsWith(RESPOND_DIR)) {
          report(
            file.path,
            line,
            'respond-entry',
            `'${specifier}': the answering page imports nothing of the app outside ${RESPOND_DIR}`,
          );
        }
        if (/\/(testing|__tests__)\//.test(`${target}/`)) {
          report(
            file.path,
            line,
            'test-support',
            `'${specifier}': feature code never imports test support; it lives in testing/ for tests only`,
          );
        }
        const shared = sharedEntryOf(file.path);
        if (shared && !target.startsWith(shared.dir)) {
          report(
            file.path,
            line,
            shared.rule,
            `'${specifier}': ${shared.entry} runs in the browser and on the server; it imports nothing of adapters outside ${shared.dir}`,
          );
        }
        if (!target.startsWith(`packages/${pkg}/`)) {
          report(
            file.path,
            line,
            'relative-escape',
            `'${specifier}' leaves packages/${pkg}; import the package by name`,
          );
        }
        continue;
      }
      if (isNodeBuiltin(specifier)) {
        if (!NODE_BUILTINS_ALLOWED.has(pkg)) {
          report(file.path, line, 'node-builtin', `${pkg} must not import the Node built-in '${specifier}'`);
        }
        continue;
      }
      if (!isBare(specifier)) continue;
      const name = packageName(specifier);
      if (file.path.startsWith(RESPOND_DIR) && isRespondForbidden(specifier)) {
        report(
          file.path,
          line,
          'respond-entry',
          `'${specifier}': the answering page stays small (≤ 90 kB gzip) and loads none of the app's libraries`,
        );
      }
      if (
        pkg === 'server' &&
        name === '@loop/adapters' &&
        !SHARED_ENTRIES.some((shared) => shared.entry === specifier)
      ) {
        report(
          file.path,
          line,
          'forbidden-import',
          `'${specifier}': the server imports only the adapters' shared entries (${DOM_ENTRY}, ${PDF_ENTRY})`,
        );
      }
      if (pkg === 'server' && name === '@loop/core' && !SERVER_CORE_ENTRIES.has(specifier)) {
        report(
          file.path,
          line,
          'server-core-entry',
          `'${specifier}': the server imports only core's wire contract and pure rules (${[...SERVER_CORE_ENTRIES].join(', ')})`,
        );
      }
      const sharedEntry = sharedEntryOf(file.path);
      if (sharedEntry && !sharedEntry.libraries.has(name)) {
        report(
          file.path,
          line,
          sharedEntry.rule,
          `'${specifier}': ${sharedEntry.entry} runs in the browser and on the server; it imports only ${[...sharedEntry.libraries].join(', ')}`,
        );
      }
      for (const rule of FORBIDDEN_IMPORTS[pkg] ?? []) {
        if (rule.match(name)) report(file.path, line, 'forbidden-import', `'${specifier}': ${rule.why}`);
      }
      if (name === 'inversify' && !INVERSIFY_ALLOWED.has(file.path)) {
        report(
          file.path,
          line,
          'inversify',
          `'${specifier}': only the composition root (web/src/app/container.ts, tokens.ts) knows inversify`,
        );
      }
      if (manifest && !declared.has(name) && !declared.has(typesPackage(name))) {
        report(
          file.path,
          line,
          'undeclared-dependency',
          `'${name}' is imported but not declared in packages/${pkg}/package.json`,
        );
      }
    }

    const sharedEntry = sharedEntryOf(file.path);
    if (sharedEntry) {
      for (const use of findBrowserGlobals(file.text)) {
        report(
          file.path,
          use.line,
          sharedEntry.rule,
          `${sharedEntry.entry} must not touch the browser global '${use.name}'`,
        );
      }
    }
    if (pkg === 'core') {
      for (const use of findBrowserGlobals(file.text)) {
        report(file.path, use.line, 'browser-global', `core must not touch the browser global '${use.name}'`);
      }
    }
    if ((pkg === 'core' || pkg === 'web') && !FETCH_ALLOWED.has(file.path)) {
      for (const line of findFetchCalls(file.text)) {
        report(
          file.path,
          line,
          'fetch',
          `${pkg} must not call fetch; HTTP goes through the adapters' gateways`,
        );
      }
    }
  }
  checkCoreEntries(files, manifests, report);
  return violations;
}

type Report = (file: string, line: number, rule: string, message: string) => void;

/** The declared subpath exports of our package `name` (`@loop/core`), or null for another package. */
function exportsOf(manifests: ReadonlyMap<string, Manifest>, name: string): ReadonlySet<string> | null {
  for (const manifest of manifests.values()) {
    if (manifest.name === name) return new Set(Object.keys(manifest.exports ?? { '.': true }));
  }
  return null;
}

/**
 * The entry rules of docs/architecture.md ("Core's features"): our packages are imported only through
 * their declared exports (`@loop/core/src/…` or an undeclared `@loop/core/<path>` is refused, from
 * any file, e2e and bench included, and so is a relative path into core from outside it); inside
 * core a file reaches another feature only through the feature's folder (its index.ts), never a
 * file of it; no core file is over CORE_FILE_MAX_LINES lines; the root entry stays under 100 lines.
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
          `'${specifier}' is not an export of ${name} (its package.json exports: ${[...declared].join(', ')})`,
        );
      }
    }
    if (feature === null) continue;
    const lines = lineCount(file.text);
    if (lines > CORE_FILE_MAX_LINES) {
      report(
        file.path,
        1,
        'core-file-length',
        `${lines} lines: core files (tests included) stay at most ${CORE_FILE_MAX_LINES}; split it by job or topic`,
      );
    }
    if (feature === '' && file.path === `${CORE_SRC}index.ts` && lines > CORE_ROOT_ENTRY_MAX_LINES) {
      report(
        file.path,
        1,
        'core-root-entry',
        `${lines} lines: the root entry names the feature entries and re-exports only the cross-cutting ones (under 100 lines)`,
      );
    }
  }
}
