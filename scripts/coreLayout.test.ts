import { describe, expect, it } from 'vitest';
import { checkArchitecture, coreFeatureCircles, coreFeatureOf, type SourceFile } from './architecture';
import { MANIFESTS } from './architecture.fixtures';

/** The entries of the synthetic core: a folder with an index.ts is a feature. */
const ENTRIES: SourceFile[] = [
  'domain/format',
  'domain/billing',
  'domain/api',
  'client/session',
  'domain/surveys/model',
  'client/surveys/editor',
].map((feature) => ({
  path: `packages/core/src/${feature}/index.ts`,
  text: "export { x } from './x';",
}));
const entryRulesFor = (path: string, text: string) =>
  checkArchitecture([...MANIFESTS, ...ENTRIES, { path, text }]).map((v) => v.rule);
const lines = (count: number) =>
  Array.from({ length: count }, (_, i) => `export const a${i} = ${i};`).join('\n');

describe('coreFeatureOf', () => {
  it.each([
    ['packages/core/src/domain/surveys/model/x.ts', 'domain/surveys/model'],
    ['packages/core/src/client/surveys/editor/x.test.ts', 'client/surveys/editor'],
    ['packages/core/src/client/session/SessionKeeper.ts', 'client/session'],
    ['packages/core/src/domain/format/index.ts', 'domain/format'],
    ['packages/core/src/testing/deferred.ts', 'testing'],
    ['packages/core/src/index.ts', ''],
    ['packages/web/src/a.ts', null],
  ])('should name the feature of %s', (path, feature) => {
    expect(coreFeatureOf(path)).toBe(feature);
  });
});

describe('core entries (docs/architecture.md, "Core\'s features")', () => {
  it.each([
    [
      'web',
      'packages/web/src/a.tsx',
      "import { SessionKeeper } from '@loop/core/src/client/session/SessionKeeper';",
    ],
    [
      'web (a file of a feature)',
      'packages/web/src/a.tsx',
      "import { x } from '@loop/core/session/SessionKeeper';",
    ],
    [
      'adapters (an entry not declared)',
      'packages/adapters/src/a.ts',
      "import type { X } from '@loop/core/surveys';",
    ],
    ['the server', 'packages/server/src/a.ts', "const m = await import('@loop/core/src/index');"],
    ['e2e', 'e2e/a.test.ts', "import type { Survey } from '@loop/core/src/domain/contract/surveys';"],
    [
      'e2e (a relative path into core)',
      'e2e/a.test.ts',
      "import type { Survey } from '../packages/core/src/index';",
    ],
    [
      'bench (a relative path into core)',
      'bench/x/run.ts',
      "import { filterLogRows } from '../../packages/core/src/domain/logs/logFilter';",
    ],
    [
      'web (another package of ours)',
      'packages/web/src/a.tsx',
      "import { x } from '@loop/adapters/src/dom/index';",
    ],
  ])('should refuse an import of core that is no declared export: %s', (_label, path, text) => {
    expect(entryRulesFor(path, text)).toContain('package-entry');
  });

  it.each([
    ['packages/web/src/a.tsx', "import { SessionKeeper } from '@loop/core/session';"],
    ['packages/web/src/a.tsx', "import type { Survey } from '@loop/core';"],
    ['e2e/a.test.ts', "import { validateSubmission } from '@loop/core/surveys/model';"],
    ['packages/server/src/a.ts', "import { createDomSanitizer } from '@loop/adapters/dom';"],
  ])('should accept the declared entries: %s', (path, text) => {
    expect(entryRulesFor(path, text)).not.toContain('package-entry');
  });

  it.each([
    [
      'a file of another feature',
      'packages/core/src/domain/billing/a.ts',
      "import { formatEuros } from '../format/dutch';",
    ],
    [
      'a survey feature into another',
      'packages/core/src/client/surveys/editor/a.ts',
      "import { validateSurveyDraft } from '../../../domain/surveys/model/surveyValidation';",
    ],
    [
      "a re-export of another feature's file",
      'packages/core/src/client/surveys/editor/a.ts',
      "export { x } from '../../session/ports';",
    ],
    [
      'a test',
      'packages/core/src/client/surveys/editor/a.test.ts',
      "import type { Timer } from '../../session/ports';",
    ],
    ['the root entry', 'packages/core/src/index.ts', "export * from './domain/format/dutch';"],
  ])('should refuse core reaching into another feature past its entry: %s', (_label, path, text) => {
    expect(entryRulesFor(path, text)).toContain('core-feature-entry');
  });

  it.each([
    [
      "another feature's entry",
      'packages/core/src/domain/billing/a.ts',
      "import { formatEuros } from '../format';",
    ],
    [
      "another survey feature's entry",
      'packages/core/src/client/surveys/editor/a.ts',
      "import { validateSurveyDraft } from '../../../domain/surveys/model';",
    ],
    [
      'a file of its own feature',
      'packages/core/src/client/surveys/editor/a.ts',
      "import { SurveyEditor } from './SurveyEditor';",
    ],
    [
      'its own entry folder, named as a file',
      'packages/core/src/client/surveys/editor/a.ts',
      "import { x } from '../../session/index';",
    ],
    [
      'test support',
      'packages/core/src/client/surveys/editor/a.test.ts',
      "import { deferred } from '../../../testing/deferred';",
    ],
    ['the root entry naming entries', 'packages/core/src/index.ts', "export * from './domain/format';"],
  ])('should accept core importing %s', (_label, path, text) => {
    expect(entryRulesFor(path, text)).not.toContain('core-feature-entry');
  });

  it('should refuse a root entry of 100 lines or more and accept 99', () => {
    expect(entryRulesFor('packages/core/src/index.ts', lines(100))).toContain('core-root-entry');
    expect(entryRulesFor('packages/core/src/index.ts', lines(99))).not.toContain('core-root-entry');
    // Only the root entry: a feature's index.ts may list more.
    expect(entryRulesFor('packages/core/src/domain/format/index.ts', lines(120))).not.toContain(
      'core-root-entry',
    );
  });
});

describe('domain and client (R-ARCH-3, R-ARCH-4)', () => {
  it.each([
    [
      'a domain file',
      'packages/core/src/domain/api/a.ts',
      "import type { SessionStatus } from '../../client/session';",
    ],
    [
      'a domain test',
      'packages/core/src/domain/api/a.test.ts',
      "import { SessionKeeper } from '../../client/session';",
    ],
    [
      'a domain survey feature',
      'packages/core/src/domain/surveys/model/a.ts',
      "import { x } from '../../../client/surveys/editor';",
    ],
    [
      'the root entry (the server imports it)',
      'packages/core/src/index.ts',
      "export * from './client/session';",
    ],
  ])('should refuse %s importing client', (_label, path, text) => {
    expect(entryRulesFor(path, text)).toContain('core-domain-client');
  });

  it.each([
    [
      'client importing domain',
      'packages/core/src/client/session/a.ts',
      "import type { ApiResult } from '../../domain/api';",
    ],
    [
      'client importing client',
      'packages/core/src/client/surveys/editor/a.ts',
      "import type { Timer } from '../../session';",
    ],
    [
      'domain importing domain',
      'packages/core/src/domain/billing/a.ts',
      "import { formatEuros } from '../format';",
    ],
    ['the root entry re-exporting domain', 'packages/core/src/index.ts', "export * from './domain/api';"],
  ])('should accept %s', (_label, path, text) => {
    expect(entryRulesFor(path, text)).not.toContain('core-domain-client');
  });

  it.each([
    "import { SessionKeeper } from '@loop/core/session';",
    "import { RespondentSession } from '@loop/core/surveys/respond';",
    "import { QueryCache } from '@loop/core/query';",
    "import { createClientApp } from '@loop/core/app';",
    "import type { X } from '@loop/core/undeclared';",
  ])("should keep the server to core's domain entries: refuse %s", (text) => {
    expect(entryRulesFor('packages/server/src/a.ts', text)).toContain('server-core-entry');
  });

  it.each([
    "import type { Survey } from '@loop/core';",
    "import { validateSubmission } from '@loop/core/surveys/model';",
    "import { formatTimestamp } from '@loop/core/format';",
    "import { reportHtml } from '@loop/core/report';",
  ])('should let the server import %s', (text) => {
    expect(entryRulesFor('packages/server/src/a.ts', text)).not.toContain('server-core-entry');
  });

  it('should let web import client entries', () => {
    expect(entryRulesFor('packages/web/src/a.tsx', "import { QueryCache } from '@loop/core/query';")).toEqual(
      [],
    );
  });
});

describe('file length (R-ARCH-5)', () => {
  it.each([
    'packages/core/src/domain/format/a.ts',
    'packages/core/src/client/session/a.test.ts',
    'packages/adapters/src/http/a.ts',
    'packages/web/src/a.tsx',
    'packages/server/src/surveys/a.ts',
  ])('should refuse %s over 400 lines', (path) => {
    expect(entryRulesFor(path, lines(401))).toContain('file-length');
  });

  it.each([
    ['a file of exactly 400 lines', 'packages/web/src/a.tsx', `${lines(400)}\n`],
    ['a test outside core', 'packages/web/src/a.test.tsx', lines(401)],
    ["the server's test support", 'packages/server/src/testing/a.ts', lines(401)],
    [
      'a generated file',
      'packages/server/src/a.ts',
      `// @generated by drizzle-kit; do not edit.\n${lines(401)}`,
    ],
    ['a file outside the packages', 'bench/x/run.ts', lines(401)],
  ])('should accept %s', (_label, path, text) => {
    expect(entryRulesFor(path, text)).not.toContain('file-length');
  });
});

describe('coreFeatureCircles (R-ARCH-2)', () => {
  it('should catch two features importing each other through different files', () => {
    const files = [
      { path: 'packages/core/src/domain/auth/a.ts', text: "import type { X } from '../api';" },
      { path: 'packages/core/src/domain/api/index.ts', text: "export type { X } from './x';" },
      { path: 'packages/core/src/domain/api/x.ts', text: 'export type X = 1;' },
      { path: 'packages/core/src/domain/api/y.ts', text: "import type { F } from '../auth';" },
      { path: 'packages/core/src/domain/auth/index.ts', text: 'export type F = 1;' },
    ];
    expect(coreFeatureCircles(files)).toEqual([['domain/api', 'domain/auth']]);
  });

  it('should accept features that depend one way', () => {
    const files = [
      { path: 'packages/core/src/client/session/a.ts', text: "import type { X } from '../../domain/api';" },
      { path: 'packages/core/src/domain/api/index.ts', text: 'export type X = 1;' },
    ];
    expect(coreFeatureCircles(files)).toEqual([]);
  });
});
