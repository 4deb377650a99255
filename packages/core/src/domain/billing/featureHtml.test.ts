import { beforeEach, describe, expect, it } from 'vitest';
import { RecordingSanitizer } from '../../testing/recordingSanitizer';
import { FEATURE_HTML_POLICY } from '../html';
import { featureDescriptionHtml } from './featureHtml';

let sanitizer: RecordingSanitizer;

beforeEach(() => {
  sanitizer = new RecordingSanitizer();
});

// --- tests --------------------------------------------------------------------------------------

describe('featureDescriptionHtml', () => {
  it('should decode escaped entities before sanitising', () => {
    featureDescriptionHtml('&lt;p&gt;x&lt;/p&gt;', sanitizer);
    expect(sanitizer.received).toBe('<p>x</p>');
  });

  it('should hand decoded script tags to the sanitiser rather than let them through escaped', () => {
    featureDescriptionHtml('&lt;script&gt;alert(1)&lt;/script&gt;', sanitizer);
    expect(sanitizer.received).toBe('<script>alert(1)</script>');
  });

  it('should decode named, decimal and hexadecimal entities', () => {
    featureDescriptionHtml('caf&eacute; &amp; &#39;thee&#39; &#x3C;b&#x3E; &quot;x&quot;', sanitizer);
    expect(sanitizer.received).toBe('café & \'thee\' <b> "x"');
  });

  it('should decode exactly once (double-escaped text stays escaped once)', () => {
    featureDescriptionHtml('&amp;lt;b&amp;gt;', sanitizer);
    expect(sanitizer.received).toBe('&lt;b&gt;');
  });

  it('should pass plain HTML through to the sanitiser unchanged', () => {
    const html = '<ul><li><strong>AI</strong> <a href="https://loop.example">meer</a></li></ul>';
    featureDescriptionHtml(html, sanitizer);
    expect(sanitizer.received).toBe(html);
  });

  it('should sanitise with FEATURE_HTML_POLICY', () => {
    featureDescriptionHtml('<p>x</p>', sanitizer);
    expect(sanitizer.calls).toHaveLength(1);
    expect(sanitizer.calls[0]!.policy).toBe(FEATURE_HTML_POLICY);
  });

  it("should return the sanitiser's output untouched", () => {
    expect(featureDescriptionHtml('&lt;p&gt;x&lt;/p&gt;', sanitizer)).toBe(' [clean]<p>x</p>[/clean]\n');
  });

  it('should sanitise an empty description too', () => {
    expect(featureDescriptionHtml('', sanitizer)).toBe(' [clean][/clean]\n');
    expect(sanitizer.received).toBe('');
  });
});

describe('FEATURE_HTML_POLICY', () => {
  it('should allow exactly the tags of R-BILL-13', () => {
    expect(FEATURE_HTML_POLICY.allowedTags).toEqual([
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
      'h3',
      'h4',
      'span',
      'div',
    ]);
  });

  it('should allow exactly the attributes of R-BILL-13', () => {
    expect(FEATURE_HTML_POLICY.allowedAttributes).toEqual(['href', 'target', 'rel', 'class']);
  });

  it('should open links in a new tab', () => {
    expect(FEATURE_HTML_POLICY.linksInNewTab).toBe(true);
  });

  it('should have no other settings', () => {
    expect(Object.keys(FEATURE_HTML_POLICY).sort()).toEqual([
      'allowedAttributes',
      'allowedTags',
      'linksInNewTab',
    ]);
  });

  it('should allow neither style, script, img, iframe, h1 nor event-handler attributes', () => {
    for (const tag of ['style', 'script', 'img', 'iframe', 'h1', 'h2', 'form', 'svg'])
      expect(FEATURE_HTML_POLICY.allowedTags).not.toContain(tag);
    for (const attribute of ['style', 'onclick', 'onerror', 'src', 'id'])
      expect(FEATURE_HTML_POLICY.allowedAttributes).not.toContain(attribute);
  });
});
