import { featureDescriptionHtml } from '@loop/core/billing';
import { FEATURE_HTML_POLICY, type SanitizePolicy } from '@loop/core/html';
import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import {
  createDomPurifySanitizer,
  createDomSanitizer,
  createInertDomSanitizer,
} from './createDomPurifySanitizer';

// jsdom runs no scripts by default, so these tests check the output; real script execution is
// tested in Chromium by e2e/sanitizer.test.ts.
const window = new JSDOM('<!doctype html><html><body></body></html>').window;
const purify = DOMPurify(window);
const sanitizer = createDomPurifySanitizer(purify);
const clean = (html: string): string => sanitizer.sanitize(html, FEATURE_HTML_POLICY);

/** Tag names and attribute names found in sanitised HTML. */
function inventory(html: string) {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  const tags = new Set<string>();
  const attributes = new Set<string>();
  for (const element of template.content.querySelectorAll('*')) {
    tags.add(element.localName);
    for (const attribute of element.attributes) attributes.add(attribute.name);
  }
  return { tags: [...tags].sort(), attributes: [...attributes].sort() };
}

describe('createDomPurifySanitizer', () => {
  it('should keep the allowed tags and the class attribute', () => {
    const html =
      '<h3 class="kop">Titel</h3><h4>Sub</h4><p>Een <strong>vet</strong>, <b>b</b>, <em>schuin</em>, <i>i</i> en <u>u</u>.<br></p>' +
      '<ul><li>een</li></ul><ol><li>twee</li></ol><div class="blok"><span class="x">tekst</span></div>';
    expect(clean(html)).toBe(html);
  });

  it('should never put a body tag or its attributes in the output', () => {
    for (const html of [
      '<body onload="alert(1)" class="x"><p>tekst</p></body>',
      '<p>a</p><body onpageshow="alert(2)">b',
      '<svg><body onload="alert(3)">c</body></svg>',
      '<template><body>d</body></template>',
    ]) {
      const out = clean(html);
      expect(out).not.toMatch(/body|onload|onpageshow|alert/i);
    }
    expect(clean('<body><p>tekst</p></body>')).toBe('<p>tekst</p>');
  });

  it('should remove script tags with their content', () => {
    expect(clean('<p>hallo</p><script>alert(1)</script>')).toBe('<p>hallo</p>');
    expect(clean('<script src="https://evil.test/x.js"></script>tekst')).toBe('tekst');
  });

  it('should remove event handler attributes', () => {
    expect(clean('<p onclick="alert(1)" onmouseover="alert(2)">klik</p>')).toBe('<p>klik</p>');
    expect(clean('<img src=x onerror=alert(1)>')).toBe('');
    expect(clean('<svg onload=alert(1)><circle></circle></svg>ok')).toBe('ok');
  });

  it('should remove style attributes and style tags', () => {
    expect(clean('<p style="color:red" class="c">rood</p>')).toBe('<p class="c">rood</p>');
    expect(clean('<style>p { color: red }</style><p>x</p>')).toBe('<p>x</p>');
  });

  it('should remove data and aria attributes and any attribute off the list', () => {
    expect(clean('<span data-x="1" aria-label="a" id="i" title="t" class="k">s</span>')).toBe(
      '<span class="k">s</span>',
    );
  });

  it('should drop an is attribute instead of leaving it blank, keeping the element and its content', () => {
    expect(clean('<b is="foo">bar</b>')).toBe('<b>bar</b>');
    expect(clean('<p is="x-p" class="c" onclick="alert(1)">een <a is="x-a" href="/b">link</a></p>')).toBe(
      '<p class="c">een <a href="/b" target="_blank" rel="noopener noreferrer">link</a></p>',
    );
    // Disallowed elements are removed with their is value; their text stays.
    expect(clean('<font is="x">tekst</font>')).toBe('tekst');
  });

  it('should remove javascript:, data: and vbscript: hrefs but keep the link text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
    ]) {
      const out = clean(`<a href="${href}">link</a>`);
      expect(out, href).toBe('<a target="_blank" rel="noopener noreferrer">link</a>');
    }
  });

  it('should open every link in a new tab without opener, overriding what was given', () => {
    expect(clean('<a href="https://loop.test/a">a</a>')).toBe(
      '<a href="https://loop.test/a" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(clean('<a href="/relatief" target="_self" rel="opener">b</a>')).toBe(
      '<a href="/relatief" target="_blank" rel="noopener noreferrer">b</a>',
    );
    expect(clean('<a>geen href</a>')).toBe('<a target="_blank" rel="noopener noreferrer">geen href</a>');
  });

  it('should keep the text of disallowed tags', () => {
    expect(clean('<h1>Kop</h1><table><tr><td>cel</td></tr></table><font>f</font><blink>b</blink>')).toBe(
      'Kopcelfb',
    );
    expect(clean('<section><p>binnen</p></section>')).toBe('<p>binnen</p>');
  });

  it('should leave only allow-listed tags and attributes in hostile markup', () => {
    const out = clean(
      '<form action="javascript:alert(1)"><input autofocus onfocus=alert(1)></form><iframe src="javascript:alert(1)"></iframe>' +
        '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>' +
        '<a href="https://ok.test" onclick="alert(1)" style="x" id="y">ok</a><object data="x"></object><embed src="x">',
    );
    const { tags, attributes } = inventory(out);
    for (const tag of tags) expect(FEATURE_HTML_POLICY.allowedTags).toContain(tag);
    for (const attribute of attributes) expect(FEATURE_HTML_POLICY.allowedAttributes).toContain(attribute);
    expect(out).not.toMatch(/onerror|onclick|onfocus|javascript:/i);
  });

  it('should follow the policy it is given: no new-tab links when linksInNewTab is off', () => {
    const policy: SanitizePolicy = {
      allowedTags: ['a', 'p'],
      allowedAttributes: ['href'],
      linksInNewTab: false,
    };
    expect(sanitizer.sanitize('<a href="https://x.test" target="_top">x</a><p class="c">p</p>', policy)).toBe(
      '<a href="https://x.test">x</a><p>p</p>',
    );
  });

  it('should install one hook per instance and leave other users of the instance alone', () => {
    const shared = DOMPurify(window);
    const first = createDomPurifySanitizer(shared);
    const second = createDomPurifySanitizer(shared);
    const link = '<a href="https://x.test">x</a>';
    expect(first.sanitize(link, FEATURE_HTML_POLICY)).toBe(second.sanitize(link, FEATURE_HTML_POLICY));
    expect(first.sanitize(link, FEATURE_HTML_POLICY)).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    // A direct call on the same instance, outside our sanitize, gets no target or rel.
    expect(shared.sanitize(link)).toBe(link);
  });

  it('should load its window only when the first text arrives, and only once', () => {
    let windows = 0;
    const lazy = createDomSanitizer(() => {
      windows++;
      return window;
    });
    expect(windows).toBe(0);
    expect(lazy.sanitize('<p onclick="x()">a</p>', FEATURE_HTML_POLICY)).toBe('<p>a</p>');
    expect(lazy.sanitize('<b>b</b>', FEATURE_HTML_POLICY)).toBe('<b>b</b>');
    expect(windows).toBe(1);
  });

  it('should decode escaped entities before sanitising in featureDescriptionHtml', () => {
    expect(
      featureDescriptionHtml('&lt;p&gt;Veilig&lt;/p&gt;&lt;img src=x onerror=alert(1)&gt;', sanitizer),
    ).toBe('<p>Veilig</p>');
    expect(featureDescriptionHtml('&lt;a href="javascript:alert(1)"&gt;x&lt;/a&gt;', sanitizer)).toBe(
      '<a target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('should refuse to run without a DOM instead of returning its input', () => {
    // Node has no globalThis.window, so a sanitizer given none has no DOM either.
    expect(() =>
      createDomSanitizer(() => globalThis.window).sanitize('<p>x</p>', FEATURE_HTML_POLICY),
    ).toThrow(/needs a DOM/);
    const withoutDom = createDomPurifySanitizer(DOMPurify());
    expect(() => withoutDom.sanitize('<script>alert(1)</script>', FEATURE_HTML_POLICY)).toThrow(
      /needs a DOM/,
    );
  });
});

describe('reading sanitised HTML', () => {
  it('should read HTML as the parser does, into plain data', () => {
    const html = createDomSanitizer(() => window);
    expect(
      html.read(
        '<p>Een <a href="https://x.test" class="k">link</a><br>twee &amp; drie</p>\n<ul><li>a</li></ul>',
      ),
    ).toEqual([
      {
        tag: 'p',
        attributes: {},
        children: [
          'Een ',
          { tag: 'a', attributes: { href: 'https://x.test', class: 'k' }, children: ['link'] },
          { tag: 'br', attributes: {}, children: [] },
          'twee & drie',
        ],
      },
      '\n',
      { tag: 'ul', attributes: {}, children: [{ tag: 'li', attributes: {}, children: ['a'] }] },
    ]);
  });

  it('should read any depth without running out of stack', () => {
    let node = createDomSanitizer(() => window).read(
      `${'<div>'.repeat(2_000)}diep${'</div>'.repeat(2_000)}`,
    )[0];
    let depth = 0;
    while (typeof node === 'object' && node.children.length > 0) {
      depth++;
      node = node.children[0];
    }
    expect(node).toBe('diep');
    expect(depth).toBe(2_000);
  });
});

describe('createInertDomSanitizer', () => {
  it('should sanitise and read as the plain one does, and leave nothing in the page', () => {
    const page = new JSDOM('<!doctype html><html><body><main></main></body></html>').window;
    const inert = createInertDomSanitizer(() => page);
    const plain = createDomSanitizer(() => page);
    const dirty = '<p onclick="x()">a<img src=x onerror=alert(1)><a href="javascript:alert(2)">b</a></p>';
    expect(inert.sanitize(dirty, FEATURE_HTML_POLICY)).toBe(plain.sanitize(dirty, FEATURE_HTML_POLICY));
    expect(inert.sanitize(dirty, FEATURE_HTML_POLICY)).toBe(
      '<p>a<a target="_blank" rel="noopener noreferrer">b</a></p>',
    );
    expect(inert.read('<p>x</p>')).toEqual(plain.read('<p>x</p>'));
    expect(page.document.body.innerHTML).toBe('<main></main>');
  });
});
