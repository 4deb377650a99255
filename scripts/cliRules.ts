/**
 * The command-line client's rules as pure functions (docs/cli.md, R-ARCH-8): which of adapters it may
 * import, and that it restates none of core's rules. `cliRules.test.ts` feeds them the real tree and
 * synthetic violations; `architecture.ts` applies the import rules with every package's.
 */
import { findPatterns, packageOf, type SourceFile, scan, type Violation } from './sources';

/**
 * The adapters' HTTP entry (`@loop/adapters/http`): the API client and gateways on ofetch, the one
 * part of adapters the command-line client may import. Held like the shared entries: core and ofetch
 * only, nothing else of adapters, no browser global (it runs on Node's fetch too).
 */
export const HTTP_ENTRY = {
  entry: '@loop/adapters/http',
  dir: 'packages/adapters/src/http/',
  libraries: new Set(['@loop/core', 'ofetch']),
  rule: 'http-entry',
} as const;

/** What the command-line client must not import: it is a client of the API like the browser. */
export const CLI_FORBIDDEN: ReadonlyArray<{
  readonly match: (pkg: string) => boolean;
  readonly why: string;
}> = [
  {
    match: (pkg) => pkg === '@loop/web' || pkg === '@loop/server',
    why: 'the command-line client is a client of the API: it never imports web or server',
  },
  {
    match: (pkg) => pkg === 'react' || pkg === 'react-dom',
    why: 'the command-line client never imports React',
  },
];

/**
 * Where each of the client's commands reads what a rule of core decides, and the names it must
 * import for that: a command that parsed a period or an amount itself, or checked a signature its
 * own way, would lose one of these imports.
 */
export const CLI_CORE_RULES: ReadonlyArray<{
  readonly file: string;
  readonly specifier: string;
  readonly names: readonly string[];
  readonly rule: string;
}> = [
  {
    file: 'packages/cli/src/commands/kpiSet.ts',
    specifier: '@loop/core/periods',
    names: ['parsePeriodKey'],
    rule: 'period keys (R-KPI-2)',
  },
  {
    file: 'packages/cli/src/commands/kpiSet.ts',
    specifier: '@loop/core/kpis',
    names: ['kpiValueFromForm'],
    rule: 'Dutch numbers and amounts of KPI values (R-KPI-5)',
  },
  {
    file: 'packages/cli/src/commands/webhooksVerify.ts',
    specifier: '@loop/core/webhooks',
    names: ['verifyWebhook', 'WEBHOOK_VERIFY_MESSAGES'],
    rule: 'the webhook signature and its tolerance (R-HOOK-1)',
  },
  {
    file: 'packages/cli/src/commands/resultsExport.ts',
    specifier: '@loop/core/surveys/results',
    names: ['isExportFormat', 'responsesExportFileName'],
    rule: "the export's formats and file name (R-RES-2)",
  },
  {
    file: 'packages/cli/src/commands/contactsImport.ts',
    specifier: '@loop/core/contactsScreen',
    names: ['CONTACT_IMPORT_BYTES_MAX', 'contactMappingProblem', 'contactImportReport'],
    rule: "the contacts file's limits, mapping and report (R-CONT-5)",
  },
  {
    file: 'packages/cli/src/connection/connection.ts',
    specifier: '@loop/adapters/http',
    names: ['apiBaseUrl', 'createApiClient'],
    rule: 'the API address and how every call is sent (R-API-1)',
  },
];

/** The entries of core whose exports are rules the client must import, never define again. */
const RULE_ENTRIES = [
  'periods',
  'kpis',
  'format',
  'webhooks',
  'contacts',
  'surveys/results',
  'contactsScreen',
];

/** The names an entry file exports (`export { a, type B, c as d } from …`, `export const e`). */
export function exportedNames(text: string): string[] {
  const { code } = scan(text);
  const names: string[] = [];
  for (const block of code.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of (block[1] ?? '').split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.push(name);
    }
  }
  for (const declared of code.matchAll(/export\s+(?:const|function|class|let)\s+([\w$]+)/g)) {
    if (declared[1]) names.push(declared[1]);
  }
  return names;
}

/** Named imports of `specifier` in a text. */
function importedNames(text: string, specifier: string): Set<string> {
  const names = new Set<string>();
  const pattern = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) {
    if (match[2] !== specifier) continue;
    for (const part of (match[1] ?? '').split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * R-ARCH-8: the command-line client's sources (tests aside) define no regular expression (every
 * pattern that reads input is a rule of core's), declare no name that one of core's rule entries
 * exports, and import each rule of CLI_CORE_RULES from core. `entries` are core's rule entries'
 * index files, read from the tree.
 */
export function checkCliRules(files: readonly SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  const sources = files.filter(
    (file) =>
      packageOf(file.path) === 'cli' && /\.ts$/.test(file.path) && !/(\.test|\/testing\/)/.test(file.path),
  );
  const coreNames = new Set(
    files
      .filter((file) =>
        RULE_ENTRIES.some((entry) => file.path === `packages/core/src/${entryDir(entry)}/index.ts`),
      )
      .flatMap((file) => exportedNames(file.text)),
  );
  for (const file of sources) {
    for (const line of findPatterns(file.text)) {
      violations.push({
        file: file.path,
        line,
        rule: 'cli-pattern',
        message:
          "the command-line client defines no pattern of its own: reading input is core's rule, import it",
      });
    }
    const { code } = scan(file.text);
    for (const declared of code.matchAll(/(?:const|let|var|function|class)\s+([\w$]+)/g)) {
      const name = declared[1] ?? '';
      if (!coreNames.has(name)) continue;
      const line = code.slice(0, declared.index).split('\n').length;
      violations.push({
        file: file.path,
        line,
        rule: 'cli-restated-rule',
        message: `'${name}' is core's: import it from core instead of defining it again`,
      });
    }
  }
  for (const required of CLI_CORE_RULES) {
    const file = sources.find((each) => each.path === required.file);
    const imported = file === undefined ? new Set<string>() : importedNames(file.text, required.specifier);
    const missing = required.names.filter((name) => !imported.has(name));
    if (missing.length === 0) continue;
    violations.push({
      file: required.file,
      line: 1,
      rule: 'cli-core-rule',
      message: `imports ${missing.join(', ')} from '${required.specifier}': ${required.rule} is core's, not the client's`,
    });
  }
  return violations;
}

/** `surveys/results` → `domain/surveys/results`; client entries live under `client/`. */
const entryDir = (entry: string): string =>
  entry === 'contactsScreen' ? `client/${entry}` : `domain/${entry}`;
