import { encode } from 'he';
import { beforeEach, describe, expect, it } from 'vitest';
import { RecordingSanitizer } from '../../testing/recordingSanitizer';
import { type HtmlSanitizer, REPORT_HTML_POLICY } from '../html';
import { decodeReportEntities, MAX_NESTING, reportHtml } from './reportHtml';

/**
 * A tiny allow-list sanitiser: keeps allowed tags (with allowed attributes), drops other tags but
 * their text, drops script and style with their content. Enough to see the policy reach it.
 */
const allowListSanitizer: HtmlSanitizer = {
  sanitize(html, policy) {
    return html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, '')
      .replace(/<\/?([a-zA-Z0-9]+)([^>]*)>/g, (tag, name: string, rest: string) => {
        if (!policy.allowedTags.includes(name.toLowerCase())) return '';
        if (tag.startsWith('</')) return `</${name}>`;
        const attributes = [...rest.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)]
          .filter(([, attribute]) => policy.allowedAttributes.includes(attribute!.toLowerCase()))
          .map(([, attribute, value]) => ` ${attribute}="${value}"`)
          .join('');
        return `<${name}${attributes}>`;
      });
  },
};

let sanitizer: RecordingSanitizer;

beforeEach(() => {
  sanitizer = new RecordingSanitizer();
});

const encodeTimes = (text: string, times: number): string => {
  let encoded = text;
  for (let i = 0; i < times; i++) encoded = encode(encoded, { useNamedReferences: true });
  return encoded;
};

describe('decodeReportEntities', () => {
  it('should decode a text entity-encoded once, twice or three times back to itself', () => {
    const text = '<p class="x">Omzet & marge \'24 — café</p>';
    for (const times of [1, 2, 3]) expect(decodeReportEntities(encodeTimes(text, times))).toBe(text);
  });

  it('should stop after three rounds, so a fourth encoding stays encoded once', () => {
    expect(decodeReportEntities(encodeTimes('<b>', 4))).toBe('&lt;b&gt;');
    expect(decodeReportEntities('&amp;amp;amp;amp;lt;')).toBe('&amp;lt;');
  });

  it('should leave a text without entities alone', () => {
    expect(decodeReportEntities('Groei: 5 < 7 en 8 > 3')).toBe('Groei: 5 < 7 en 8 > 3');
  });
});

describe('reportHtml', () => {
  it('should parse Markdown with line breaks respected', () => {
    reportHtml('# Samenvatting\nRegel een\nRegel twee\n\n- punt **vet**', sanitizer);
    expect(sanitizer.received).toBe(
      '<h1>Samenvatting</h1>\n<p>Regel een<br>Regel twee</p>\n<ul>\n<li>punt <strong>vet</strong></li>\n</ul>\n',
    );
  });

  it('should parse GitHub-flavoured Markdown (tables, strike-through, autolinks)', () => {
    reportHtml('| KPI | Waarde |\n| --- | --- |\n| NPS | 42 |\n\n~~oud~~ https://loop.example', sanitizer);
    expect(sanitizer.received).toContain('<table>');
    expect(sanitizer.received).toContain('<del>oud</del>');
    expect(sanitizer.received).toContain('<a href="https://loop.example">https://loop.example</a>');
  });

  it('should decode entities (up to three times) before parsing, so escaped HTML reaches the sanitiser', () => {
    for (const times of [1, 2, 3]) {
      const calls = new RecordingSanitizer();
      reportHtml(encodeTimes('<script>alert(1)</script>\n\n**x**', times), calls);
      expect(calls.received).toContain('<script>alert(1)</script>');
      expect(calls.received).toContain('<strong>x</strong>');
    }
  });

  it('should sanitise once with REPORT_HTML_POLICY and return its output untouched', () => {
    expect(reportHtml('x', sanitizer)).toBe(' [clean]<p>x</p>\n[/clean]\n');
    expect(sanitizer.calls).toHaveLength(1);
    expect(sanitizer.calls[0]!.policy).toBe(REPORT_HTML_POLICY);
  });

  it('should keep only allow-listed markup through an allow-list sanitiser', () => {
    const html = reportHtml(
      '## Kop {#x}\n<div id="a" class="b" style="color:red" onclick="x()">tekst</div>\n\n<img src=x onerror=alert(1)><script>alert(2)</script>',
      allowListSanitizer,
    );
    expect(html).toContain('<h2>Kop {#x}</h2>');
    expect(html).toContain('<div id="a" class="b">tekst</div>');
    expect(html).not.toMatch(/style|onclick|onerror|<img|<script|alert\(2\)/);
  });
  it('should read long runs of white space inside a line as one space, and keep indentation', () => {
    reportHtml(`Omzet${' '.repeat(100)}steeg\n\n    const x = 1;`, sanitizer);
    expect(sanitizer.received).toBe('<p>Omzet steeg</p>\n<pre><code>const x = 1;\n</code></pre>\n');
  });

  it(`should keep at most ${MAX_NESTING} levels of lists or quotes opening a line`, () => {
    const lists = new RecordingSanitizer();
    reportHtml(`${'- '.repeat(40)}diep`, lists);
    expect(lists.received.match(/<ul>/g)).toHaveLength(MAX_NESTING);
    expect(lists.received).toContain('<li>diep</li>');
    const quotes = new RecordingSanitizer();
    reportHtml(`${'>'.repeat(40)} citaat`, quotes);
    expect(quotes.received.match(/<blockquote>/g)).toHaveLength(MAX_NESTING);
    const shallow = new RecordingSanitizer();
    reportHtml('- een\n  - twee\n    1. drie', shallow);
    expect(shallow.received.match(/<(ul|ol)>/g)).toEqual(['<ul>', '<ul>', '<ol>']);
  });

  // A 1 MB report and absurd lines go through the real DOMPurify adapter in the adapters' tests
  // (and in Chromium).
});

describe('REPORT_HTML_POLICY', () => {
  it('should allow exactly the tags and attributes of R-ANALYSIS-9, links in a new tab', () => {
    expect(REPORT_HTML_POLICY).toEqual({
      allowedTags: [
        'p',
        'strong',
        'b',
        'em',
        'i',
        'u',
        'ul',
        'ol',
        'li',
        'br',
        'a',
        'h1',
        'h2',
        'h3',
        'h4',
        'h5',
        'h6',
        'span',
        'div',
        'hr',
        'blockquote',
        'code',
        'pre',
      ],
      allowedAttributes: ['href', 'target', 'rel', 'class', 'id'],
      linksInNewTab: true,
    });
  });

  it('should allow neither style, script, img, iframe nor event handlers', () => {
    for (const tag of ['style', 'script', 'img', 'iframe', 'svg', 'form', 'table'])
      expect(REPORT_HTML_POLICY.allowedTags).not.toContain(tag);
    for (const attribute of ['style', 'onclick', 'onerror', 'src'])
      expect(REPORT_HTML_POLICY.allowedAttributes).not.toContain(attribute);
  });
});
