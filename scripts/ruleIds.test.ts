import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkRuleIds, ruleDefinitions, type TextFile } from './ruleIds';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The folders and files whose code and documents may cite rules. */
const SCANNED = ['packages', 'scripts', 'bench', 'e2e', 'docs', 'README.md'];
const TEXT_FILE = /\.(ts|tsx|mts|js|mjs|md|css|html)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.tsbuild', 'coverage']);

function readTree(): TextFile[] {
  const files: TextFile[] = [];
  const visit = (full: string) => {
    const path = relative(ROOT, full).split(sep).join('/');
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full)) if (!SKIPPED_DIRS.has(name)) visit(join(full, name));
    } else if (TEXT_FILE.test(path)) {
      files.push({ path, text: readFileSync(full, 'utf8') });
    }
  };
  for (const entry of SCANNED) visit(join(ROOT, entry));
  return files;
}

const RULES = {
  path: 'docs/rules/billing.md',
  text: '# Billing\n\n### R-BILL-1 Plans\n\nText.\n\n### R-BILL-2 Prices\n\nSee R-BILL-1.\n',
};

describe('rule ids on made-up files', () => {
  it('should accept ids that are defined once and cited', () => {
    const code = {
      path: 'packages/core/src/billing/plans.ts',
      text: '/** Sorted (R-BILL-1, R-BILL-2). */\n',
    };
    expect(checkRuleIds([RULES, code])).toEqual([]);
  });

  it('should find the definitions under docs/rules only, from their headings', () => {
    const elsewhere = { path: 'docs/architecture.md', text: '### R-BILL-9 Not a definition\n' };
    expect(ruleDefinitions([RULES, elsewhere]).map((d) => d.id)).toEqual(['R-BILL-1', 'R-BILL-2']);
  });

  it('should refuse a cited id that no rule file defines, with its place', () => {
    const code = { path: 'packages/web/src/x.tsx', text: 'a\n// R-BILL-1 and R-BILL-7\n' };
    expect(checkRuleIds([RULES, code])).toEqual([
      {
        path: 'packages/web/src/x.tsx',
        line: 2,
        message: 'R-BILL-7 is cited but not defined in docs/rules/',
      },
    ]);
  });

  it('should refuse an id defined twice, also across files', () => {
    const again = { path: 'docs/rules/other.md', text: '## R-BILL-2 Again\n' };
    const problems = checkRuleIds([RULES, again]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: 'docs/rules/other.md', line: 1 });
    expect(problems[0]?.message).toContain('R-BILL-2 is defined twice');
  });

  // Written with \u00a7 for the section sign, so this file cites no section itself.
  it.each([
    ['spec \u00a74', '/** Refreshes (spec \u00a74). */'],
    ['Spec \u00a72:', '/* Spec \u00a72: toasts. */'],
    ['several at once', '// (spec \u00a72, \u00a74, \u00a78)'],
    ['specification', '<!-- specification \u00a75 -->'],
    ['a bare section', "shows \u00a78's text by status"],
    ['a sub-section', 'see spec \u00a73.2'],
  ])('should refuse a section citation: %s', (_, text) => {
    const problems = checkRuleIds([RULES, { path: 'e2e/a.test.ts', text: `x\n${text}\n` }]);
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem).toMatchObject({ path: 'e2e/a.test.ts', line: 2 });
  });

  it('should let an RFC section stand', () => {
    const text = '// RFC 9110 \u00a712.5.3 and RFC 5321 \u00a74.2.1\n';
    expect(checkRuleIds([RULES, { path: 'packages/server/src/a.ts', text }])).toEqual([]);
  });

  it('should refuse a document that points outside the repository, but not an import of a shared folder', () => {
    // Built from parts, so this file does not cite what it forbids (scripts/standalone.test.ts).
    const doc = {
      path: 'docs/a.md',
      text: `See [the first description](${['..', '..', 'shared', 'spec', '000.txt'].join('/')}).\n`,
    };
    const code = { path: 'packages/web/src/a.ts', text: "import { useQuery } from '../shared/useQuery';\n" };
    const problems = checkRuleIds([RULES, doc, code]);
    expect(problems.map((p) => p.path)).toEqual(['docs/a.md']);
  });
});

describe('naming an outside document on made-up files', () => {
  const problemsOf = (text: string, path = 'packages/core/src/a.ts') =>
    checkRuleIds([RULES, { path, text: `x\n${text}\n` }]);

  it.each([
    ['a comment', "// A failed receipt is not fatal: the spec's lines still show the payment."],
    ['a test title', "  it('should use the spec thresholds of 60 s and 30 s', () => {"],
    ['a capital', '/** Spec texts, character for character. */'],
    ['the long word', '<!-- as the specification gives it -->'],
    ['its possessive', 'why: "the cookie banner\'s text as the Specification\'s banner",'],
    ['the end of a sentence', '/* Copied from the spec. */'],
    ['a prefix', '/** The templates every organisation sees (spec: medewerkers, klanten). */'],
  ])('should refuse %s', (_, text) => {
    const problems = problemsOf(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: 'packages/core/src/a.ts', line: 2 });
    expect(problems[0]?.message).toMatch(/^names an outside document \('spec/i);
  });

  it('should refuse it in documents and stylesheets too', () => {
    expect(problemsOf('Toasts are 350px wide by spec.', 'docs/a.md')).toHaveLength(1);
    expect(problemsOf('/* 350px wide by spec */', 'packages/web/src/a.css')).toHaveLength(1);
  });

  it('should let the text stand once it cites a rule id or names no document', () => {
    expect(problemsOf("// A failed receipt is not fatal: R-BILL-1's lines still show the payment.")).toEqual(
      [],
    );
    expect(problemsOf("  it('should use the thresholds of 60 s and 30 s', () => {")).toEqual([]);
  });

  it.each([
    ['a file name', 'Tests (`*.test.ts`, `*.spec.tsx`)'],
    ['a pattern', 'return /\\.(test|spec|fixtures)\\.tsx?$/.test(path);'],
    ['a path', 'github.com/zilverline/mt940, `spec/fixtures/`'],
    ['a property', 'const width = options.spec.width;'],
    ['other words', 'specimen, specifier, specific, special, respect, inspect'],
    ['a public standard', '// the HTML spec, RFC 5322 specification and the OpenAPI specification'],
  ])('should let %s through', (_, text) => {
    expect(problemsOf(text)).toEqual([]);
  });

  it('should let only its own source and test name the word', () => {
    const line = "// copied from the spec's table";
    expect(problemsOf(line, 'scripts/ruleIds.ts')).toEqual([]);
    expect(problemsOf(line, 'scripts/ruleIds.test.ts')).toEqual([]);
    expect(problemsOf(line, 'scripts/language.test.ts')).toHaveLength(1);
  });
});

describe('rule ids in this repository', () => {
  const tree = readTree();

  it('should read the rule files and the code (so the check below is not vacuous)', () => {
    expect(ruleDefinitions(tree).length).toBeGreaterThan(50);
    expect(tree.filter((file) => file.path.startsWith('packages/')).length).toBeGreaterThan(500);
    expect(
      tree.some((file) => /\bR-[A-Z]+-\d+\b/.test(file.text) && !file.path.startsWith('docs/rules/')),
    ).toBe(true);
  });

  it('should cite only defined rule ids, define each once, and cite or name no outside document', () => {
    const problems = checkRuleIds(tree).map((p) => `${p.path}:${p.line}: ${p.message}`);
    expect(problems).toEqual([]);
  });
});
