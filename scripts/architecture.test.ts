import { describe, expect, it } from 'vitest';
import {
  checkArchitecture,
  checkImportCircles,
  coreFeatureCircles,
  findBrowserGlobals,
  findFetchCalls,
  findImports,
  isSourceFile,
  packageOf,
  type SourceFile,
  type Violation,
} from './architecture';
import { format, MANIFESTS, readTree, rulesFor } from './architecture.fixtures';

describe('architecture (docs/architecture.md, docs/decisions/core-graph.md)', () => {
  const PACKAGES = ['core', 'adapters', 'web', 'server', 'cli'];
  let tree: SourceFile[] | null = null;
  const files = (): SourceFile[] => {
    tree ??= readTree();
    return tree;
  };
  let checked: Violation[] | null = null;
  const violations = (): Violation[] => {
    checked ??= checkArchitecture(files());
    return checked;
  };

  it('should hold on the real tree', () => {
    expect(files().some((file) => file.path === 'packages/core/src/index.ts')).toBe(true);
    expect(format(violations().filter((v) => v.rule !== 'file-length'))).toBe('');
  });

  it.each(PACKAGES)('should keep every source file of %s at most 400 lines (R-ARCH-5)', (pkg) => {
    const tooLong = violations().filter((v) => v.rule === 'file-length' && packageOf(v.file) === pkg);
    expect(format(tooLong)).toBe('');
  });

  it.each(PACKAGES)('should find no import circle in %s, type-only imports included (R-ARCH-2)', (pkg) => {
    expect(format(checkImportCircles(files(), [pkg]))).toBe('');
  });

  it("should keep core's features a one-way graph too (R-ARCH-2)", () => {
    expect(coreFeatureCircles(files())).toEqual([]);
  });

  it('should check a meaningful number of real source files', () => {
    const checked = readTree().filter((file) => isSourceFile(file.path));
    expect(checked.length).toBeGreaterThan(15);
  });
});

describe('findImports', () => {
  it('should find static, type, re-export, side-effect, dynamic and require imports', () => {
    const text = [
      "import a from 'one';",
      "import { b, type C } from 'two';",
      "import type { D } from 'three';",
      "import * as e from 'four';",
      "import f, { g } from 'five';",
      "import 'six.css';",
      "export { h } from './seven';",
      "export * from './eight';",
      "export type { I } from 'nine';",
      "const j = await import('ten');",
      "type K = typeof import('eleven');",
      "const l = require('twelve');",
      'import {',
      '  m,',
      '  n,',
      "} from 'thirteen';",
      'const lazy = () => import(`fourteen`);',
    ].join('\n');
    expect(findImports(text).map((ref) => ref.specifier)).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
      'six.css',
      './seven',
      './eight',
      'nine',
      'ten',
      'eleven',
      'twelve',
      'thirteen',
      'fourteen',
    ]);
  });

  it('should report the line of the specifier', () => {
    expect(findImports("\n\nimport {\n  a,\n} from 'x';")).toEqual([
      { specifier: 'x', kind: 'static', line: 5 },
    ]);
  });

  it('should ignore imports inside comments, strings and templates', () => {
    const text = [
      "// import a from 'react';",
      "/* import b from 'react'; */",
      'const s = "import c from \'react\'";',
      "const t = `import('react')`;",
      'const u = \'export * from "react"\';',
      'const v = import.meta.url;',
      "const w = other.import('react');",
    ].join('\n');
    expect(findImports(text)).toEqual([]);
  });

  it('should skip a dynamic import whose specifier is computed', () => {
    const computed = ['const m = await import(`./locales/', '$', '{lang}`);'].join('');
    expect(findImports(computed)).toEqual([]);
  });

  it('should not be thrown off by regular expressions and JSX text', () => {
    const text = [
      'const re = /[\'"`]/g;',
      "const p = <p>KPI's en surveys</p>;",
      "import late from 'react';",
    ].join('\n');
    expect(findImports(text).map((ref) => ref.specifier)).toEqual(['react']);
  });
});

describe('findBrowserGlobals', () => {
  it('should find bare and globalThis uses of browser globals', () => {
    const text = [
      "localStorage.getItem('token');",
      'const w = window;',
      'if (typeof document !== "undefined") {}',
      'globalThis.sessionStorage.clear();',
      'const agent = navigator.userAgent;',
    ].join('\n');
    expect(findBrowserGlobals(text).map((use) => use.name)).toEqual([
      'localStorage',
      'window',
      'document',
      'sessionStorage',
      'navigator',
    ]);
  });

  it('should ignore properties, object keys, comments and strings', () => {
    const text = [
      'const a = report.document;',
      'const b = { window: 3, document: 4 };',
      'interface C { readonly navigator: string }',
      '// localStorage keys: token, refresh_token',
      "const d = 'window';",
      'const e = options?.window;',
    ].join('\n');
    expect(findBrowserGlobals(text)).toEqual([]);
  });
});

describe('findFetchCalls', () => {
  it('should find calls of the global fetch', () => {
    expect(findFetchCalls("fetch('/api');\nwindow.fetch(url);\nglobalThis.fetch(url);")).toEqual([1, 2, 3]);
  });

  it('should ignore methods named fetch and names containing fetch', () => {
    expect(
      findFetchCalls('client.fetch(url);\nfetchBranding();\nconst refetch = () => 1;\n// fetch(x)'),
    ).toEqual([]);
  });
});

describe('checkArchitecture (self-test on synthetic violations)', () => {
  it('should pass clean synthetic sources', () => {
    const files: SourceFile[] = [
      ...MANIFESTS,
      { path: 'packages/core/src/a.ts', text: "import { decode } from 'he';\nimport { b } from './b';" },
      {
        path: 'packages/adapters/src/a.ts',
        text: "import { ofetch } from 'ofetch';\nimport type { X } from '@loop/core';",
      },
      {
        path: 'packages/web/src/app/container.ts',
        text: "import { Container } from 'inversify';\nimport { browserFetch } from '@loop/adapters';",
      },
      { path: 'packages/web/src/app/tokens.ts', text: "import type { ServiceIdentifier } from 'inversify';" },
      { path: 'packages/web/src/map/Map.tsx', text: "import type { Feature } from 'geojson';" },
      {
        path: 'packages/server/src/a.ts',
        text: "import { readFileSync } from 'node:fs';\nimport Fastify from 'fastify';",
      },
    ];
    expect(format(checkArchitecture(files))).toBe('');
  });

  it.each([
    [
      'core importing another package of ours',
      'packages/core/src/a.ts',
      "import { x } from '@loop/adapters';",
    ],
    ['core importing react', 'packages/core/src/a.ts', "import { useState } from 'react';"],
    [
      'core importing react-dom/client',
      'packages/core/src/a.ts',
      "import { createRoot } from 'react-dom/client';",
    ],
    ['core importing wouter', 'packages/core/src/a.ts', "import { Link } from 'wouter';"],
    [
      'core importing inversify types',
      'packages/core/src/a.ts',
      "import type { Container } from 'inversify';",
    ],
    ['core importing reflect-metadata', 'packages/core/src/a.ts', "import 'reflect-metadata';"],
    ['core importing ofetch', 'packages/core/src/a.ts', "export { ofetch } from 'ofetch';"],
    ['core importing jwt-decode', 'packages/core/src/a.ts', "import { jwtDecode } from 'jwt-decode';"],
    ['core importing react-toastify', 'packages/core/src/a.ts', "import { toast } from 'react-toastify';"],
    ['core importing dompurify lazily', 'packages/core/src/a.ts', "const p = await import('dompurify');"],
    ['core importing jspdf lazily', 'packages/core/src/a.ts', "const j = () => import('jspdf');"],
    ['core importing fastify', 'packages/core/src/a.ts', "import Fastify from 'fastify';"],
    ['core importing a fastify plugin', 'packages/core/src/a.ts', "import helmet from '@fastify/helmet';"],
    ['core importing drizzle-orm', 'packages/core/src/a.ts', "import { sql } from 'drizzle-orm';"],
    ['adapters importing web', 'packages/adapters/src/a.ts', "import { App } from '@loop/web';"],
    ['adapters importing the server', 'packages/adapters/src/a.ts', "import type { X } from '@loop/server';"],
    ['adapters importing react', 'packages/adapters/src/a.ts', "import { useEffect } from 'react';"],
    ['web importing the server', 'packages/web/src/a.tsx', "import { routes } from '@loop/server';"],
    ['web importing ofetch', 'packages/web/src/a.tsx', "import { ofetch } from 'ofetch';"],
    ['server importing web', 'packages/server/src/a.ts', "import { App } from '@loop/web';"],
    ['server importing adapters', 'packages/server/src/a.ts', "import { x } from '@loop/adapters';"],
    [
      'server importing another adapters entry',
      'packages/server/src/a.ts',
      "import { createApiClient } from '@loop/adapters/http';",
    ],
    ['server importing react', 'packages/server/src/a.ts', "import { renderToString } from 'react';"],
  ])('should catch %s', (_label, path, text) => {
    expect(rulesFor(path, text)).toContain('forbidden-import');
  });

  it.each([
    ['packages/server/src/surveys/a.ts', "import { createTestContext } from '../testing/testApp';"],
    ['packages/web/src/shell/a.tsx', "import { render } from '../testing/render';"],
  ])('should catch feature code importing test support: %s', (path, text) => {
    expect(rulesFor(path, text)).toContain('test-support');
  });

  it('should let tests and test support import test support', () => {
    expect(
      rulesFor('packages/server/src/surveys/a.test.ts', "import { x } from '../testing/testApp';"),
    ).toEqual([]);
    expect(rulesFor('packages/server/src/testing/a.ts', "import { x } from './testApp';")).toEqual([]);
  });

  it('should let the server import the shared DOM entry and nothing else of adapters', () => {
    expect(
      rulesFor('packages/server/src/a.ts', "import { createDomSanitizer } from '@loop/adapters/dom';"),
    ).toEqual([]);
  });

  it.each([
    ['another adapters folder', "import { createApiClient } from '../http/createApiClient';"],
    ['a browser-only library', "import { ofetch } from 'ofetch';"],
    ['a browser global', 'export const w = () => window.document;'],
  ])('should keep the shared DOM entry runnable on the server: catch %s', (_label, text) => {
    expect(rulesFor('packages/adapters/src/dom/a.ts', text)).toContain('dom-entry');
  });

  it('should let the server import the shared PDF entry, which imports only core and jsPDF', () => {
    expect(
      rulesFor('packages/server/src/a.ts', "import { loadJsPdfEngine } from '@loop/adapters/pdf';"),
    ).toEqual([]);
    expect(
      rulesFor('packages/adapters/src/pdf/a.ts', "import type { PdfEngine } from '@loop/core/report';"),
    ).toEqual([]);
  });

  it.each([
    ['another adapters folder', "import { browserFetch } from '../http/browserFetch';"],
    ['a DOM library', "import DOMPurify from 'dompurify';"],
    ['a browser global', 'export const w = () => window.document;'],
  ])('should keep the shared PDF entry runnable on the server: catch %s', (_label, text) => {
    expect(rulesFor('packages/adapters/src/pdf/a.ts', text)).toContain('pdf-entry');
  });

  it.each([
    ['node:fs', "import { readFileSync } from 'node:fs';"],
    ['crypto without prefix', "import { randomUUID } from 'crypto';"],
    ['node:path lazily', "const path = await import('node:path');"],
  ])('should catch core importing the Node built-in %s', (_label, text) => {
    expect(rulesFor('packages/core/src/a.ts', text)).toContain('node-builtin');
  });

  it('should catch web importing a Node built-in', () => {
    expect(rulesFor('packages/web/src/a.ts', "import { Buffer } from 'node:buffer';")).toContain(
      'node-builtin',
    );
  });

  it.each([
    'window.location.href = "/login";',
    "const token = localStorage.getItem('token');",
    'sessionStorage.clear();',
    'document.title = "Loop";',
    'const online = navigator.onLine;',
    'const s = globalThis.localStorage;',
    "if (typeof window !== 'undefined') {}",
  ])('should catch core touching a browser global: %s', (text) => {
    expect(rulesFor('packages/core/src/a.ts', text)).toContain('browser-global');
  });

  it.each([
    ['a bare fetch call', "const r = await fetch('/api/v1/users/me');"],
    ['window.fetch', 'const r = await window.fetch(url);'],
    ['globalThis.fetch', 'const r = await globalThis.fetch(url);'],
  ])('should catch web calling %s outside the composition root', (_label, text) => {
    expect(rulesFor('packages/web/src/screens/Dashboard.tsx', text)).toContain('fetch');
  });

  it('should catch core calling fetch', () => {
    expect(rulesFor('packages/core/src/a.ts', "await fetch('/x');")).toContain('fetch');
    // Not even the composition root: the platform's fetch is the adapters' browserFetch.
    expect(rulesFor('packages/web/src/app/container.ts', 'globalThis.fetch(u);')).toContain('fetch');
  });

  it.each([
    'packages/web/src/app/ContainerProvider.tsx',
    'packages/web/src/screens/Dashboard.tsx',
    'packages/adapters/src/a.ts',
    'packages/server/src/a.ts',
  ])('should catch inversify imported in %s', (path) => {
    expect(rulesFor(path, "import { Container } from 'inversify';")).toContain('inversify');
  });

  it.each([
    ['packages/core/src/a.ts', "import { x } from '../../adapters/src/index';"],
    ['packages/web/src/a/b.tsx', "import { x } from '../../../server/src/app';"],
    ['packages/adapters/src/a.ts', "export * from '../../core/src/index';"],
    ['packages/server/src/a.ts', "const m = await import('../../web/src/main');"],
  ])('should catch a relative import leaving its package: %s', (path, text) => {
    expect(rulesFor(path, text)).toContain('relative-escape');
  });

  it.each([
    ["import { Container } from 'inversify';"],
    ["import DOMPurify from 'dompurify';"],
    ["import { createDomSanitizer } from '@loop/adapters/dom';"],
    ["import { marked } from 'marked';"],
    ["import { decode } from 'he';"],
    ["const pdf = await import('jspdf');"],
    ["import { useEditor } from '@tiptap/react';"],
    ["import { toast } from 'react-toastify/unstyled';"],
    ["import { Link } from 'wouter';"],
    ["import { createAppContainer } from '../app/container';"],
    ["import { TOKENS } from '../app/tokens';"],
    ["import { Page } from '../shell/Page';"],
  ])('should keep the answering page free of the app and its libraries: %s', (text) => {
    expect(rulesFor('packages/web/src/respond/RespondentPage.tsx', text)).toContain('respond-entry');
  });

  it('should let the answering page use core, adapters, React and its own folder', () => {
    const text = [
      "import { RespondentSession } from '@loop/core';",
      "import { createRespondGateway } from '@loop/adapters';",
      "import { createRoot } from 'react-dom/client';",
      "import { QuestionField } from './QuestionField';",
      "import './respond.css';",
    ].join('\n');
    expect(rulesFor('packages/web/src/respond/main.tsx', text)).not.toContain('respond-entry');
    // The rule is the answering page's: the app's screens may use what they like.
    expect(rulesFor('packages/web/src/surveys/Screen.tsx', "import { Link } from 'wouter';")).toEqual([]);
  });

  it('should allow a relative import to the package root (outside src, inside the package)', () => {
    expect(rulesFor('packages/server/src/a.ts', "import pkg from '../package.json';")).toEqual([]);
  });

  it.each([
    ['core', 'packages/core/src/a.ts', "import { marked } from 'marked';"],
    ['web', 'packages/web/src/a.tsx', "import { toast } from 'react-toastify/unstyled';"],
    ['adapters', 'packages/adapters/src/a.ts', "import DOMPurify from 'dompurify';"],
    ['server', 'packages/server/src/a.ts', "import postgres from 'postgres';"],
    [
      'server (a scoped package)',
      'packages/server/src/a.ts',
      "import { PGlite } from '@electric-sql/pglite';",
    ],
    ['web (a test helper is not exempt)', 'packages/web/src/helpers.ts', "import { vi } from 'vitest';"],
  ])('should catch an undeclared dependency in %s', (_label, path, text) => {
    expect(rulesFor(path, text)).toContain('undeclared-dependency');
  });

  it('should not check test files', () => {
    const files = [
      ...MANIFESTS,
      { path: 'packages/core/src/a.test.ts', text: "import { JSDOM } from 'jsdom';\nwindow.x = 1;" },
      { path: 'packages/adapters/src/testing/fakeApi.ts', text: "import { createServer } from 'node:http';" },
    ];
    expect(checkArchitecture(files)).toEqual([]);
  });

  it('should report file and line of each violation', () => {
    const violations = checkArchitecture([
      ...MANIFESTS,
      { path: 'packages/core/src/session/x.ts', text: "import a from './a';\n\nimport { h } from 'react';" },
    ]);
    expect(violations).toContainEqual(
      expect.objectContaining({ file: 'packages/core/src/session/x.ts', line: 3, rule: 'forbidden-import' }),
    );
  });
});
