import { describe, expect, it } from 'vitest';
import { respondPageToken, respondPageWithPreload } from './respondPagePreload';

const PAGE =
  '<!doctype html>\n<html lang="nl">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Survey</title>\n' +
  '    <script type="module" crossorigin src="/assets/respond-Ab12.js"></script>\n  </head>\n  <body></body>\n</html>\n';

const TOKEN = 'AbC_12-xyzAbC_12-xyzAbC_12-xyz00';

describe('respondPageToken', () => {
  it('should take a token of the shape the server makes, with or without a trailing slash', () => {
    expect(respondPageToken(`/respond/${TOKEN}`)).toBe(TOKEN);
    expect(respondPageToken(`/respond/${TOKEN}/`)).toBe(TOKEN);
  });

  it('should refuse anything else: too short, too long, other characters, encoded, deeper paths', () => {
    for (const path of [
      '/respond',
      '/respond/',
      '/respond/voorbeeld',
      `/respond/${'a'.repeat(129)}`,
      `/respond/${TOKEN}"><script>alert(1)</script>`,
      `/respond/${TOKEN}%22%3E`,
      `/respond/${TOKEN}&x=1`,
      `/respond/${TOKEN}/extra`,
      `/respond/${TOKEN.slice(0, 10)}<b>${TOKEN.slice(10)}`,
      `/respondent/${TOKEN}`,
    ]) {
      expect(respondPageToken(path), path).toBeNull();
    }
  });
});

describe('respondPageWithPreload', () => {
  it('should preload the survey request first thing in <head>, adding no script', () => {
    const html = respondPageWithPreload(PAGE, `/respond/${TOKEN}`);
    const link = `<link rel="preload" as="fetch" crossorigin href="/api/v1/respond/${TOKEN}">`;
    expect(html).toContain(link);
    expect(html.indexOf(link)).toBeLessThan(html.indexOf('<meta charset'));
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.replace(`\n    ${link}`, '')).toBe(PAGE);
  });

  it('should echo nothing of an address whose token has the wrong shape', () => {
    for (const path of ['/respond/voorbeeld', '/respond/"><img src=x onerror=alert(1)>', '/respond']) {
      expect(respondPageWithPreload(PAGE, path), path).toBe(PAGE);
    }
  });
});
