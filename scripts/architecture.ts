/**
 * The dependency rules of docs/architecture.md and docs/decisions/core-graph.md as pure functions:
 * give them the source files and package manifests (path + text), get back every broken rule.
 * `architecture.test.ts` feeds them the real tree and some synthetic violations. No parser
 * dependency: `sources.ts` scans the text, `importGraph.ts` finds circles, `coreLayout.ts` holds
 * core's layers and entries.
 */
import { posix } from 'node:path';
import { CLI_FORBIDDEN, HTTP_ENTRY } from './cliRules';
import { checkCoreEntries, isDomainEntry, type Manifest } from './coreLayout';
import { importCircles } from './importGraph';
import {
  findBrowserGlobals,
  findFetchCalls,
  findImports,
  isBare,
  isNodeBuiltin,
  isRelative,
  isSourceFile,
  isTestFile,
  lineCount,
  packageName,
  packageOf,
  type SourceFile,
  type Violation,
} from './sources';

export { coreFeatureCircles, coreFeatureOf } from './coreLayout';
export { circlesOf, importCircles, stronglyConnected } from './importGraph';
export {
  findBrowserGlobals,
  findFetchCalls,
  findImports,
  type ImportKind,
  type ImportRef,
  isNodeBuiltin,
  isSourceFile,
  isTestFile,
  packageName,
  packageOf,
  type SourceFile,
  scan,
  type Violation,
} from './sources';

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
  cli: CLI_FORBIDDEN,
  server: [
    { match: (pkg) => pkg === '@loop/web', why: 'the server never imports web' },
    { match: (pkg) => pkg === 'react' || pkg === 'react-dom', why: 'the server never imports React' },
  ],
};

/** Packages whose source may import Node built-ins (core is pure; web runs in the browser). */
const NODE_BUILTINS_ALLOWED = new Set(['adapters', 'server', 'cli']);

/** The composition root: the only files that may know inversify (docs/architecture.md). */
const INVERSIFY_ALLOWED = new Set([
  'packages/web/src/app/container.ts',
  'packages/web/src/app/bindings.ts',
  'packages/web/src/app/tokens.ts',
]);

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

const sharedEntryOf = (path: string) =>
  [...SHARED_ENTRIES, HTTP_ENTRY].find((shared) => path.startsWith(shared.dir));

/** Files of web that may call `fetch`: none; the adapters own the platform's fetch (browserFetch). */
const FETCH_ALLOWED = new Set<string>();

/** Browser globals core must not touch. */

/** Every file of these packages' src is held to FILE_MAX_LINES (R-ARCH-5). */
const LENGTH_CHECKED = new Set(['core', 'adapters', 'web', 'server', 'cli']);
/** At most this many lines per source file (core: tests included): a longer one does more than one job. */
export const FILE_MAX_LINES = 400;
/** Generated files say so in their first lines; they are not held to the length rule. */
const isGenerated = (text: string): boolean =>
  /@generated|auto-?generated|generated by|do not edit/i.test(text.slice(0, 600));

// --- the check ----------------------------------------------------------------------------------

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
      if (pkg === 'cli' && name === '@loop/adapters' && specifier !== HTTP_ENTRY.entry) {
        report(
          file.path,
          line,
          'forbidden-import',
          `'${specifier}': the command-line client imports only the adapters' HTTP entry (${HTTP_ENTRY.entry}), which runs outside a browser`,
        );
      }
      if (pkg === 'server' && name === '@loop/core' && !isDomainEntry(manifests, specifier)) {
        report(
          file.path,
          line,
          'server-core-entry',
          `'${specifier}': the server imports only core's domain entries (an export of packages/core/package.json that maps into src/domain/), never client code`,
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
          `'${specifier}': only the composition root (web/src/app/container.ts, bindings.ts, tokens.ts) knows inversify`,
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
    if (pkg === 'core' || pkg === 'cli') {
      for (const use of findBrowserGlobals(file.text)) {
        report(
          file.path,
          use.line,
          'browser-global',
          `${pkg} must not touch the browser global '${use.name}'`,
        );
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
  checkFileLengths(files, report);
  return violations;
}

/**
 * R-ARCH-5: no source file of core, adapters, web or server over FILE_MAX_LINES lines; core's
 * tests count too, other packages' tests and generated files (and the server's migrations, outside
 * src) do not.
 */
export function checkFileLengths(
  files: readonly SourceFile[],
  report: (file: string, line: number, rule: string, message: string) => void,
): void {
  for (const file of files) {
    const pkg = packageOf(file.path);
    if (pkg === null || !LENGTH_CHECKED.has(pkg) || !/\.tsx?$/.test(file.path)) continue;
    if ((pkg !== 'core' && isTestFile(file.path)) || isGenerated(file.text)) continue;
    const lines = lineCount(file.text);
    if (lines > FILE_MAX_LINES) {
      report(
        file.path,
        1,
        'file-length',
        `${lines} lines: source files stay at most ${FILE_MAX_LINES} (core: tests included); split it by job or topic`,
      );
    }
  }
}

/**
 * R-ARCH-2: the import circles of each package (type-only imports count), one violation per
 * circle naming all its files. `packages` defaults to core, adapters, web and server.
 */
export function checkImportCircles(
  files: readonly SourceFile[],
  packages: readonly string[] = ['core', 'adapters', 'web', 'server', 'cli'],
): Violation[] {
  return packages.flatMap((pkg) =>
    importCircles(files, pkg).map((circle) => ({
      file: circle[0] ?? '',
      line: 1,
      rule: 'import-circle',
      message: `${circle.length} files import each other in a circle: ${circle.join(', ')}`,
    })),
  );
}
