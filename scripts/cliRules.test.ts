import { describe, expect, it } from 'vitest';
import { checkArchitecture, type SourceFile } from './architecture';
import { format, readTree } from './architecture.fixtures';
import { CLI_CORE_RULES, checkCliRules, exportedNames } from './cliRules';

/**
 * The real manifests (core's and the adapters' entries) and one file; the client's own manifest is
 * given @loop/server too, so a refused import is refused by the layer rule, not as undeclared.
 */
const MANIFESTS = readTree().filter(
  (file) => file.path.endsWith('/package.json') && !file.path.includes('/cli/'),
);
const CLI_MANIFEST: SourceFile = {
  path: 'packages/cli/package.json',
  text: JSON.stringify({
    name: '@loop/cli',
    dependencies: {
      '@loop/core': 'workspace:*',
      '@loop/adapters': 'workspace:*',
      '@loop/server': 'workspace:*',
    },
  }),
};
const architectureRules = (path: string, text: string) =>
  checkArchitecture([...MANIFESTS, CLI_MANIFEST, { path, text }]).map((v) => v.rule);

describe('the command-line client restates no rule of core (R-ARCH-8)', () => {
  const tree = readTree();
  /** The real tree with one file replaced (or added). */
  const withFile = (path: string, text: string): SourceFile[] => [
    ...tree.filter((file) => file.path !== path),
    { path, text },
  ];
  const real = (path: string): string => tree.find((file) => file.path === path)?.text ?? '';

  it('should hold on the real tree', () => {
    expect(tree.some((file) => file.path === 'packages/cli/src/commands/kpiSet.ts')).toBe(true);
    expect(format(checkCliRules(tree))).toBe('');
  });

  it('should catch a pattern of its own, as a literal or a RegExp call, but not in a test', () => {
    const path = 'packages/cli/src/commands/periodGuess.ts';
    const literal = 'export const isMonth = (text: string) => /^\\d{4}-\\d{2}$/.test(text);';
    expect(checkCliRules(withFile(path, literal)).map((v) => [v.rule, v.line])).toEqual([['cli-pattern', 1]]);
    const call = "const a = 1;\nexport const amount = new RegExp('^[0-9]+,[0-9]{2}$');";
    expect(checkCliRules(withFile(path, call)).map((v) => [v.rule, v.line])).toEqual([['cli-pattern', 2]]);
    expect(checkCliRules(withFile('packages/cli/src/commands/x.test.ts', literal))).toEqual([]);
    expect(checkCliRules(withFile(path, '// /^\\d+$/ in a comment\nconst half = 1 / 2 / 3;'))).toEqual([]);
  });

  it("should catch a name of core's rule entries defined again", () => {
    const text =
      'export function parsePeriodKey(key: string) {\n  return key;\n}\nconst WEBHOOK_TOLERANCE_SECONDS = 60;';
    const found = checkCliRules(withFile('packages/cli/src/commands/mine.ts', text));
    expect(found.map((v) => [v.rule, v.line])).toEqual([
      ['cli-restated-rule', 1],
      ['cli-restated-rule', 4],
    ]);
  });

  it.each(CLI_CORE_RULES.map((required) => [required.file, required.specifier] as const))(
    "should catch %s no longer importing its rule from '%s'",
    (file, specifier) => {
      const text = real(file);
      expect(text).toContain(specifier);
      const without = text.replaceAll(`'${specifier}'`, "'./ownRules'");
      expect(checkCliRules(withFile(file, without)).map((v) => [v.file, v.rule])).toContainEqual([
        file,
        'cli-core-rule',
      ]);
    },
  );

  it('should catch a required file that is gone', () => {
    const gone = tree.filter((file) => file.path !== 'packages/cli/src/commands/kpiSet.ts');
    expect(checkCliRules(gone).filter((v) => v.rule === 'cli-core-rule')).toHaveLength(2);
  });

  it("should read an entry's exported names, types and aliases included", () => {
    const text =
      "export type { A } from './a';\nexport { b, type C, d as e } from './b';\nexport const F = 1;";
    expect(exportedNames(text)).toEqual(['A', 'b', 'C', 'e', 'F']);
  });
});

describe("the command-line client's imports (docs/architecture.md)", () => {
  it.each([
    ["import { buildApp } from '@loop/server';", 'forbidden-import'],
    ["import { createApiClient } from '@loop/adapters';", 'forbidden-import'],
    ["import { createJwtDecoder } from '@loop/adapters/dom';", 'forbidden-import'],
    ['export const here = () => window.location.href;', 'browser-global'],
  ])('should catch %s', (text, rule) => {
    expect(architectureRules('packages/cli/src/commands/a.ts', text)).toContain(rule);
  });

  it("should let it import core, the adapters' HTTP entry and Node's built-ins", () => {
    const text = [
      "import { readFile } from 'node:fs/promises';",
      "import { createApiClient } from '@loop/adapters/http';",
      "import { parsePeriodKey } from '@loop/core/periods';",
    ].join('\n');
    expect(architectureRules('packages/cli/src/commands/a.ts', text)).toEqual([]);
  });

  it("should hold the adapters' HTTP entry to core and ofetch", () => {
    expect(
      architectureRules('packages/adapters/src/http/a.ts', "import { x } from '../storage/b';"),
    ).toContain('http-entry');
    expect(
      architectureRules('packages/adapters/src/http/a.ts', "import DOMPurify from 'dompurify';"),
    ).toContain('http-entry');
  });
});
