import { readFileSync } from 'node:fs';
import { REPORT_HTML_POLICY } from '@loop/core/html';
import { createReportRenderer, layoutAnalysisPdf, type PdfItem, reportHtml } from '@loop/core/report';
import DOMPurify from 'dompurify';
import { encode } from 'he';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createDomPurifySanitizer, createDomSanitizer } from './createDomPurifySanitizer';

// Core's report pipeline through the real DOMPurify adapter on jsdom's window. jsdom runs no
// scripts, so these tests check the output; execution is tested in Chromium (e2e/sanitizer.test.ts).
const window = new JSDOM('<!doctype html><html><body></body></html>').window;
const sanitizer = createDomPurifySanitizer(DOMPurify(window));
const render = (report: string): string => reportHtml(report, sanitizer);

const vectors = JSON.parse(
  readFileSync(new URL('./testdata/dompurify-vectors.json', import.meta.url), 'utf8'),
) as Array<{ title: string; payload: string }>;

/** Everything off the allow-list left in sanitised HTML, and links that would not open safely. */
function offList(html: string): string[] {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  const problems: string[] = [];
  for (const element of template.content.querySelectorAll('*')) {
    if (!REPORT_HTML_POLICY.allowedTags.includes(element.localName)) problems.push(`<${element.localName}>`);
    for (const attribute of element.attributes)
      if (!REPORT_HTML_POLICY.allowedAttributes.includes(attribute.name)) problems.push(`@${attribute.name}`);
    if (element.localName === 'a') {
      if (element.getAttribute('target') !== '_blank') problems.push('a without target=_blank');
      if (!/\bnoopener\b/.test(element.getAttribute('rel') ?? '')) problems.push('a without noopener');
      if (/^\s*(?:javascript|data|vbscript):/i.test(element.getAttribute('href') ?? ''))
        problems.push('bad href');
    }
  }
  return problems;
}

const encodeTimes = (text: string, times: number): string => {
  let encoded = text;
  for (let i = 0; i < times; i++) encoded = encode(encoded);
  return encoded;
};

describe('reportHtml with the DOMPurify adapter', () => {
  it('should keep the report’s Markdown as allowed HTML, ids and classes included', () => {
    const html = render(
      '# Titel\n## Sub\nRegel een\nRegel twee\n\n- **vet** en *schuin*\n1. een\n\n> citaat\n\n---\n\n`code`\n\n```\nblok\n```\n\n<div id="samenvatting" class="kader"><span class="x">tekst</span></div>\n\n<h5 id="k5">Kop 5</h5>',
    );
    expect(html).toContain('<h1>Titel</h1>');
    expect(html).toContain('<p>Regel een<br>Regel twee</p>');
    expect(html).toContain('<li><strong>vet</strong> en <em>schuin</em></li>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<hr>');
    expect(html).toContain('<p><code>code</code></p>');
    expect(html).toContain('<pre><code>blok\n</code></pre>');
    expect(html).toContain('<div id="samenvatting" class="kader"><span class="x">tekst</span></div>');
    expect(html).toContain('<h5 id="k5">Kop 5</h5>');
    expect(offList(html)).toEqual([]);
  });

  it('should remove script, style attributes and tags, event handlers and javascript: links', () => {
    const html = render(
      '<script>alert(1)</script>\n\n[klik](javascript:alert(2)) <a href="javascript:alert(3)">a</a>\n\n<p style="color:red" onclick="alert(4)">p</p><style>p{}</style>\n\n<img src=x onerror=alert(5)>',
    );
    expect(html).not.toMatch(/script|alert|style|onclick|onerror|<img|javascript:/i);
    expect(html).toContain('>klik</a>');
    expect(offList(html)).toEqual([]);
  });

  it('should open links in a new tab without opener', () => {
    const html = render(
      '[Loop](https://loop.example) en <a href="https://x.example" target="_self" rel="opener">x</a>',
    );
    expect(html).toContain(
      '<a href="https://loop.example" target="_blank" rel="noopener noreferrer">Loop</a>',
    );
    expect(html).toContain('<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('should sanitise reports entity-encoded once, twice or three times the same as raw', () => {
    const report =
      '## Kop\n<img src=x onerror=alert(1)><b onmouseover="alert(2)">vet</b>\n\n- <a href="javascript:alert(3)">x</a>';
    const raw = render(report);
    for (const times of [1, 2, 3]) expect(render(encodeTimes(report, times))).toBe(raw);
    expect(offList(raw)).toEqual([]);
  });

  it('should keep only allow-listed markup for every DOMPurify vector in every encoding', () => {
    expect(vectors).toHaveLength(223);
    const problems: string[] = [];
    for (const { title, payload } of vectors) {
      for (const times of [0, 1, 2, 3]) {
        for (const problem of offList(render(encodeTimes(payload, times))))
          problems.push(`${title} ×${times}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  // An LLM's answer is untrusted: lines that once froze marked for seconds or exhausted its stack.
  it.each([
    ['60,000 stacked list markers', `${'- '.repeat(60_000)}x`],
    ['20,000 quote signs', `${'>'.repeat(20_000)} x`],
    ['a heading with a 120,000-space gap', `# a${' '.repeat(120_000)}x`],
    ['a table row with a 120,000-space gap', `|-${' '.repeat(120_000)}x`],
    [
      '3,000 lines indented ever deeper',
      Array.from({ length: 3_000 }, (_, i) => `${' '.repeat(i)}- x`).join('\n'),
    ],
    ['40,000 unclosed bold markers', '**a '.repeat(40_000)],
  ])(
    'should render %s safely and quickly',
    (_label, report) => {
      const html = render(`${report}\n\n<img src=x onerror=alert(1)>**Einde**`);
      expect(html).toContain('<strong>Einde</strong>');
      expect(html).not.toMatch(/onerror|<img/);
      expect(offList(html)).toEqual([]);
    },
    30_000,
  );

  it('should handle a report of 1 MB', () => {
    const section =
      '## Sectie\n\nDe **omzet** steeg met 5% &amp; de [marge](https://loop.example) bleef gelijk.\n- punt een\n- punt <script>alert(1)</script>twee\n\n';
    const count = Math.ceil(1_000_000 / section.length);
    const report = section.repeat(count);
    expect(report.length).toBeGreaterThanOrEqual(1_000_000);
    const html = render(report);
    expect(html.match(/<h2>Sectie<\/h2>/g)).toHaveLength(count);
    expect(html.match(/target="_blank"/g)).toHaveLength(count);
    expect(html).not.toContain('<script');
    // jsdom builds and serialises the DOM of 1 MB in pure JavaScript: seconds, more on a busy machine.
  }, 60_000);
});

/** The PDF's text of a report as the 'PDF' button makes it, every block one line (nothing wraps). */
function pdfLines(report: string): string[] {
  const renderer = createReportRenderer(createDomSanitizer(() => window));
  const doc = layoutAnalysisPdf({
    report: renderer.read(renderer.html(report)),
    organizationName: null,
    generatedAt: new Date('2026-11-26T09:00:00Z'),
    logo: null,
    measure: { width: () => 0 },
  });
  return doc.pages
    .slice(1)
    .flatMap((page) => page.items.slice(0, -1))
    .filter((item): item is Extract<PdfItem, { kind: 'text' }> => item.kind === 'text')
    .map((item) => item.text);
}

/** What the screen shows of a report: the text of its sanitised HTML, and the addresses of its links. */
function screenOf(report: string): { text: string; hrefs: string[] } {
  const template = window.document.createElement('template');
  template.innerHTML = render(report);
  return {
    text: template.content.textContent ?? '',
    hrefs: [...template.content.querySelectorAll('a[href]')].map((link) => link.getAttribute('href') ?? ''),
  };
}

const squeezed = (text: string) => text.replace(/\s+/g, '');

describe('the PDF of the report', () => {
  it('should draw none of what the sanitiser removed: a script, an iframe srcdoc, a javascript: link', () => {
    const report = [
      '# Rapport',
      '',
      'Voor <script>window.hacked = "scriptbody"</script> na',
      '',
      'Hier <iframe srcdoc="<p>verborgen srcdoc</p><img src=x onerror=alert(1)>"></iframe> ook',
      '',
      '[klik](javascript:alert(2)) en [Loop](https://loop.example)',
    ].join('\n');
    const lines = pdfLines(report);
    expect(lines).toEqual(['Rapport', 'Voor na', 'Hier ook', 'klik en Loop (https://loop.example)']);
    expect(lines.join(' ')).not.toMatch(/scriptbody|hacked|srcdoc|verborgen|onerror|alert|javascript/);
  });

  it('should draw only text the screen shows, for every DOMPurify vector, raw and entity-encoded', () => {
    const problems: string[] = [];
    for (const { title, payload } of vectors) {
      for (const times of [0, 1]) {
        const report = encodeTimes(payload, times);
        const screen = screenOf(report);
        const shown = squeezed(screen.text);
        for (const line of pdfLines(report)) {
          // List markers are the PDF's own; a link's address is in the HTML the screen shows.
          if (/^(?:•|\d+\.)$/.test(line)) continue;
          let text = line;
          for (const href of screen.hrefs) text = text.replaceAll(`(${href})`, '');
          if (!shown.includes(squeezed(text))) problems.push(`${title} ×${times}: ${line}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
