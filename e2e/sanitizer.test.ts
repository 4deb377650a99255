/**
 * The sanitisers in real Chromium (R-BILL-13, R-ANALYSIS-9): each payload of DOMPurify's own test vectors goes
 * through createDomPurifySanitizer, through core's featureDescriptionHtml and, raw and
 * entity-encoded one to three times, through core's report pipeline (reportHtml); the result is put
 * live into a page without any CSP, and no script may run; only allow-listed tags and attributes
 * may remain, and every link opens in a new tab without opener.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from 'he';
import type { Browser, Page } from 'playwright-core';
import { build, defaultClientConditions } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, ROOT } from './harness';

const VECTORS_FILE = join(ROOT, 'packages/adapters/src/dom/testdata/dompurify-vectors.json');
const ADAPTERS_ENTRY = join(ROOT, 'packages/adapters/src/dom/index.ts');
const BILLING_ENTRY = join(ROOT, 'packages/core/src/domain/billing/index.ts');
const HTML_ENTRY = join(ROOT, 'packages/core/src/domain/html/index.ts');
const REPORT_ENTRY = join(ROOT, 'packages/core/src/domain/report/index.ts');

interface Vector {
  readonly title: string;
  readonly payload: string;
}

/**
 * What the page runs each payload through: the adapter, core's feature-description or report
 * pipeline, or nothing (the control). The report is checked against the report allow-list, the
 * others against the feature-description one.
 */
type Mode = 'sanitize' | 'feature' | 'report' | 'raw';

interface Execution {
  /** The vector inserted last when it happened (handlers may fire a little later). */
  readonly index: number;
  readonly how: string;
}

interface Violation {
  readonly index: number;
  readonly where: 'output' | 'live';
  readonly problem: string;
}

interface PageReport {
  readonly executions: Execution[];
  readonly violations: Violation[];
  /** Outputs that kept at least one element, to show the sanitiser does not just empty everything. */
  readonly withElements: number;
  readonly links: number;
}

/** Bundles a tiny browser entry that puts the real sanitiser and core's pipeline on `window.__loop`. */
async function bundleSanitizer(dir: string): Promise<string> {
  const entry = join(dir, 'entry.ts');
  await writeFile(
    entry,
    [
      `import { createInertDomSanitizer } from ${JSON.stringify(ADAPTERS_ENTRY)};`,
      `import { featureDescriptionHtml } from ${JSON.stringify(BILLING_ENTRY)};`,
      `import { FEATURE_HTML_POLICY, REPORT_HTML_POLICY } from ${JSON.stringify(HTML_ENTRY)};`,
      `import { reportHtml } from ${JSON.stringify(REPORT_ENTRY)};`,
      // As the app's composition root makes it: DOMPurify in a realm without a browsing context.
      'const sanitizer = createInertDomSanitizer(() => window);',
      'Object.assign(window, {',
      '  __loop: {',
      '    policy: FEATURE_HTML_POLICY,',
      '    reportPolicy: REPORT_HTML_POLICY,',
      '    report: (text: string) => reportHtml(text, sanitizer),',
      '    sanitize: (html: string) => sanitizer.sanitize(html, FEATURE_HTML_POLICY),',
      '    feature: (description: string) => featureDescriptionHtml(description, sanitizer),',
      '  },',
      '});',
      '',
    ].join('\n'),
  );
  const outDir = join(dir, 'dist');
  await build({
    configFile: false,
    root: dir,
    cacheDir: join(dir, '.vite'),
    logLevel: 'silent',
    resolve: { conditions: ['source', ...defaultClientConditions] },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: { entry, formats: ['es'], fileName: () => 'sanitizer.js' },
    },
  });
  return readFile(join(outDir, 'sanitizer.js'), 'utf8');
}

const PAGE = `<!doctype html>
<html lang="nl">
  <head><meta charset="utf-8"><title>sanitiser vectors</title>
  <script type="module" src="/sanitizer.js"></script></head>
  <body><main id="stage"></main></body>
</html>`;

/** A page with no Content-Security-Policy at all, so an inline handler that survived would run. */
async function serve(bundle: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (request.url === '/sanitizer.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(bundle);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}/` };
}

/**
 * Runs in the page (serialised by playwright, so it uses nothing from this module): replaces every
 * script-reachable dialog with a counter, then for each payload sanitises it, checks the output as
 * parsed by a <template> and as inserted live, and waits a tick for handlers before the next one.
 */
async function runVectors(args: { payloads: readonly string[]; mode: Mode }): Promise<PageReport> {
  interface LoopWindow {
    __loop: {
      policy: { allowedTags: readonly string[]; allowedAttributes: readonly string[] };
      reportPolicy: { allowedTags: readonly string[]; allowedAttributes: readonly string[] };
      sanitize(html: string): string;
      feature(description: string): string;
      report(text: string): string;
    };
    __executed: (how?: string) => void;
  }
  const loop = (window as unknown as LoopWindow).__loop;
  const executions: Execution[] = [];
  const violations: Violation[] = [];
  let current = -1;
  const record = (how: string) => {
    executions.push({ index: current, how });
  };
  window.alert = () => record('alert');
  window.confirm = () => {
    record('confirm');
    return false;
  };
  window.prompt = () => {
    record('prompt');
    return null;
  };
  window.print = () => record('print');
  window.open = () => {
    record('open');
    return null;
  };
  (window as unknown as LoopWindow).__executed = (how = 'counter') => record(how);

  const policy = args.mode === 'report' ? loop.reportPolicy : loop.policy;
  const tags = new Set(policy.allowedTags);
  const attributes = new Set(policy.allowedAttributes);
  const XHTML = 'http://www.w3.org/1999/xhtml';
  const BAD_SCHEME = /^(?:javascript|data|vbscript):/i;

  const check = (index: number, where: Violation['where'], root: ParentNode) => {
    const problem = (text: string) => violations.push({ index, where, problem: text });
    for (const element of Array.from(root.querySelectorAll('*'))) {
      const name = element.localName;
      if (element.namespaceURI !== XHTML) problem(`<${name}> in namespace ${element.namespaceURI}`);
      if (!tags.has(name)) problem(`tag <${name}>`);
      for (const attribute of Array.from(element.attributes)) {
        if (!attributes.has(attribute.name)) problem(`attribute ${attribute.name} on <${name}>`);
      }
      if (name === 'a') {
        if (element.getAttribute('target') !== '_blank')
          problem(`<a target=${element.getAttribute('target')}>`);
        const rel = (element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
        if (!rel.includes('noopener')) problem(`<a rel=${element.getAttribute('rel')}>`);
        const href = element.getAttribute('href');
        if (href !== null) {
          // Browsers ignore control characters and whitespace inside a scheme; so does this check.
          const squeezed = Array.from(href)
            .filter((char) => {
              const code = char.charCodeAt(0);
              return code > 0x20 && (code < 0x7f || code > 0xa0);
            })
            .join('');
          let resolved = '';
          try {
            resolved = new URL(href, document.baseURI).protocol;
          } catch {
            resolved = '';
          }
          if (BAD_SCHEME.test(squeezed) || BAD_SCHEME.test(resolved)) problem(`<a href=${href}>`);
        }
      }
    }
  };

  const stage = document.getElementById('stage') as HTMLElement;
  const tick = () => new Promise<void>((done) => setTimeout(done, 0));
  let withElements = 0;
  let links = 0;
  for (const [index, payload] of args.payloads.entries()) {
    current = index;
    const output =
      args.mode === 'sanitize'
        ? loop.sanitize(payload)
        : args.mode === 'feature'
          ? loop.feature(payload)
          : args.mode === 'report'
            ? loop.report(payload)
            : payload;
    const template = document.createElement('template');
    template.innerHTML = output;
    check(index, 'output', template.content);
    if (template.content.querySelector('*')) withElements++;
    links += template.content.querySelectorAll('a').length;
    const container = document.createElement('div');
    stage.append(container);
    container.innerHTML = output;
    check(index, 'live', container);
    await tick();
  }
  // Late handlers (onerror after a failed load, animation and transition events) get time to fire.
  await new Promise<void>((done) => setTimeout(done, 750));
  return { executions, violations, withElements, links };
}

let browser: Browser;
let server: Server;
let pageUrl: string;
let workDir: string;
let vectors: readonly Vector[];
const pageErrors: string[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'loop-sanitizer-'));
  const [bundle, launched, text] = await Promise.all([
    bundleSanitizer(workDir),
    launchBrowser(),
    readFile(VECTORS_FILE, 'utf8'),
  ]);
  browser = launched;
  vectors = JSON.parse(text) as Vector[];
  ({ server, url: pageUrl } = await serve(bundle));
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** A fresh page per run; dialogs, popups and uncaught errors are counted as executions too. */
async function runInChromium(payloads: readonly string[], mode: Mode) {
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  const outside: string[] = [];
  page.on('dialog', (dialog) => {
    outside.push(`dialog ${dialog.type()}`);
    void dialog.dismiss();
  });
  page.on('popup', () => outside.push('popup'));
  page.on('pageerror', (error) => pageErrors.push(`${mode}: ${error.message}`));
  await page.goto(pageUrl);
  await page.waitForFunction(() => '__loop' in window);
  const report = await page.evaluate(runVectors, { payloads, mode });
  await context.close();
  return { ...report, outside };
}

describe('createDomPurifySanitizer in Chromium', () => {
  it('should ship the 223 vectors of DOMPurify’s suite', () => {
    expect(vectors).toHaveLength(223);
    expect(vectors.every((v) => typeof v.payload === 'string')).toBe(true);
  });

  it('should see executions and violations when nothing is sanitised (control)', async () => {
    const report = await runInChromium(
      [
        '<img src="/missing.png" onerror="alert(1)">',
        '<svg><animate onbegin="alert(2)" attributeName="x" dur="1s"></animate></svg>',
        '<details open ontoggle="__executed()"><summary>x</summary></details>',
        '<a href=" javascript:alert(3)" style="color:red">x</a>',
      ],
      'raw',
    );
    console.info(
      `[control] 4 raw payloads: ${report.executions.length + report.outside.length} executions ` +
        `(${report.executions.map((e) => e.how).join(', ')}), ${report.violations.length} violations`,
    );
    expect(report.executions.length + report.outside.length).toBeGreaterThanOrEqual(2);
    const problems = report.violations.filter((v) => v.where === 'output').map((v) => v.problem);
    expect(problems).toEqual(
      expect.arrayContaining([
        'tag <img>',
        'attribute onerror on <img>',
        'attribute style on <a>',
        '<a target=null>',
      ]),
    );
    expect(problems.some((p) => p.startsWith('<a href='))).toBe(true);
  });

  it('should run no script and keep only allow-listed markup for every vector', async () => {
    const started = performance.now();
    const report = await runInChromium(
      vectors.map((v) => v.payload),
      'sanitize',
    );
    const failed = (index: number) => vectors[index]?.title;
    console.info(
      `[sanitizer] ${vectors.length} vectors in Chromium: ${report.executions.length + report.outside.length} executions, ` +
        `${report.violations.length} violations, ${report.withElements} outputs with markup, ${report.links} links, ` +
        `${Math.round(performance.now() - started)} ms`,
    );
    expect(report.executions.map((e) => `${e.how} after ${failed(e.index)}`)).toEqual([]);
    expect(report.outside).toEqual([]);
    expect(report.violations.map((v) => `${v.where} ${v.problem} in ${failed(v.index)}`)).toEqual([]);
    expect(report.withElements).toBeGreaterThan(0);
    expect(report.links).toBeGreaterThan(0);
    expect(pageErrors.filter((e) => e.startsWith('sanitize'))).toEqual([]);
  });

  it('should do the same through featureDescriptionHtml, entities decoded first', async () => {
    const started = performance.now();
    const report = await runInChromium(
      vectors.map((v) => v.payload),
      'feature',
    );
    const failed = (index: number) => vectors[index]?.title;
    console.info(
      `[featureDescriptionHtml] ${vectors.length} vectors in Chromium: ${report.executions.length + report.outside.length} executions, ` +
        `${report.violations.length} violations, ${report.withElements} outputs with markup, ${report.links} links, ` +
        `${Math.round(performance.now() - started)} ms`,
    );
    expect(report.executions.map((e) => `${e.how} after ${failed(e.index)}`)).toEqual([]);
    expect(report.outside).toEqual([]);
    expect(report.violations.map((v) => `${v.where} ${v.problem} in ${failed(v.index)}`)).toEqual([]);
    expect(pageErrors.filter((e) => e.startsWith('feature'))).toEqual([]);
  });
});

/** `text` entity-encoded `times` times with he, as a server or an LLM might send it. */
const encodeTimes = (text: string, times: number): string => {
  let encoded = text;
  for (let i = 0; i < times; i++) encoded = encode(encoded);
  return encoded;
};

describe('reportHtml (the analysis report) in Chromium', () => {
  it('should run no script and keep only the report allow-list for every vector in four encodings', async () => {
    const encodings = [0, 1, 2, 3] as const;
    const payloads = encodings.flatMap((times) => vectors.map((v) => encodeTimes(v.payload, times)));
    const started = performance.now();
    const report = await runInChromium(payloads, 'report');
    const failed = (index: number) =>
      `${vectors[index % vectors.length]?.title} (encoded ${Math.floor(index / vectors.length)}×)`;
    console.info(
      `[reportHtml] ${vectors.length} vectors × ${encodings.length} encodings in Chromium: ` +
        `${report.executions.length + report.outside.length} executions, ${report.violations.length} violations, ` +
        `${report.withElements} outputs with markup, ${report.links} links, ${Math.round(performance.now() - started)} ms`,
    );
    expect(payloads).toHaveLength(223 * 4);
    expect(report.executions.map((e) => `${e.how} after ${failed(e.index)}`)).toEqual([]);
    expect(report.outside).toEqual([]);
    expect(report.violations.map((v) => `${v.where} ${v.problem} in ${failed(v.index)}`)).toEqual([]);
    expect(report.withElements).toBeGreaterThan(0);
    expect(report.links).toBeGreaterThan(0);
    expect(pageErrors.filter((e) => e.startsWith('report'))).toEqual([]);
  });

  it('should render a server answer with <script>, javascript: links and style attributes safely', async () => {
    const answers = [
      '# Analyse\n\n<script>alert(1)</script>\n\n**Sterk:** omzet\n\n<p style="position:fixed;inset:0" onclick="alert(2)">klik</p>',
      '[Open](javascript:alert(3)) en <a href="javascript:__executed()">hier</a> en <a href=" java\tscript:alert(4)">daar</a>',
      '<div style="background:url(javascript:alert(5))" id="samenvatting" class="kader">tekst</div><style>*{display:none}</style>',
      '&lt;img src=x onerror=&quot;__executed()&quot;&gt; &amp;lt;svg onload=alert(6)&amp;gt; &amp;amp;lt;script&amp;amp;gt;alert(7)&amp;amp;lt;/script&amp;amp;gt;',
    ];
    const report = await runInChromium(answers, 'report');
    expect(report.executions).toEqual([]);
    expect(report.outside).toEqual([]);
    expect(report.violations).toEqual([]);
    expect(report.links).toBeGreaterThanOrEqual(3);
  });

  it('should render a 1 MB report safely', async () => {
    const section =
      '## Sectie\n\nDe **omzet** steeg met 5% &amp; de [marge](https://loop.example) bleef gelijk.\n- punt <img src=x onerror=__executed()>een\n- punt <script>alert(1)</script>twee\n\n';
    const text = section.repeat(Math.ceil(1_000_000 / section.length));
    expect(text.length).toBeGreaterThanOrEqual(1_000_000);
    const started = performance.now();
    const report = await runInChromium([text], 'report');
    console.info(
      `[reportHtml] a ${(text.length / 1e6).toFixed(2)} MB report in Chromium: ${Math.round(performance.now() - started)} ms`,
    );
    expect(report.executions).toEqual([]);
    expect(report.outside).toEqual([]);
    expect(report.violations).toEqual([]);
    expect(report.links).toBe(Math.ceil(1_000_000 / section.length));
  });
});
