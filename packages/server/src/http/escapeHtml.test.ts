import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escapeHtml';

describe('escapeHtml', () => {
  it('should escape the characters that end text or an attribute, each once', () => {
    expect(escapeHtml(`"><script>alert('x')</script> & &amp;`)).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &amp;amp;',
    );
  });

  it('should leave other text alone', () => {
    expect(escapeHtml('Zoë — 100% tevreden? Ja!')).toBe('Zoë — 100% tevreden? Ja!');
  });
});
