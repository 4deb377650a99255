import { describe, expect, it } from 'vitest';
import {
  checkEmbedOrigins,
  EMBED_ORIGINS_MAX,
  EMBED_ORIGIN_MESSAGES as M,
  originLines,
  parseEmbedOrigin,
} from './embedOrigins';

describe('parseEmbedOrigin (R-EMBED-1)', () => {
  it('should keep an https origin, normalised: lower case, no default port, no trailing slash', () => {
    expect(parseEmbedOrigin('https://www.voorbeeld.nl')).toEqual({
      ok: true,
      origin: 'https://www.voorbeeld.nl',
    });
    expect(parseEmbedOrigin('  HTTPS://Shop.Voorbeeld.NL/ ')).toEqual({
      ok: true,
      origin: 'https://shop.voorbeeld.nl',
    });
    expect(parseEmbedOrigin('https://voorbeeld.nl:443')).toEqual({
      ok: true,
      origin: 'https://voorbeeld.nl',
    });
    expect(parseEmbedOrigin('https://voorbeeld.nl:8443')).toEqual({
      ok: true,
      origin: 'https://voorbeeld.nl:8443',
    });
    expect(parseEmbedOrigin('https://[::1]:8443')).toEqual({ ok: true, origin: 'https://[::1]:8443' });
  });

  it('should refuse a path, a query or a fragment, a wildcard, and http outside the own machine', () => {
    expect(parseEmbedOrigin('https://voorbeeld.nl/contact')).toEqual({ ok: false, problem: 'path' });
    expect(parseEmbedOrigin('https://voorbeeld.nl?a=1')).toEqual({ ok: false, problem: 'path' });
    expect(parseEmbedOrigin('https://voorbeeld.nl#top')).toEqual({ ok: false, problem: 'path' });
    expect(parseEmbedOrigin('https://*.voorbeeld.nl')).toEqual({ ok: false, problem: 'wildcard' });
    expect(parseEmbedOrigin('*')).toEqual({ ok: false, problem: 'wildcard' });
    expect(parseEmbedOrigin('http://voorbeeld.nl')).toEqual({ ok: false, problem: 'http' });
  });

  it('should let http through only for localhost, 127.0.0.1 and [::1], the visitor’s own machine', () => {
    expect(parseEmbedOrigin('http://localhost:5173')).toEqual({ ok: true, origin: 'http://localhost:5173' });
    expect(parseEmbedOrigin('http://127.0.0.1:8080')).toEqual({ ok: true, origin: 'http://127.0.0.1:8080' });
    expect(parseEmbedOrigin('http://127.0.0.1:80')).toEqual({ ok: true, origin: 'http://127.0.0.1' });
  });

  it('should refuse what is no origin at all', () => {
    for (const text of [
      '',
      'voorbeeld.nl',
      'www.voorbeeld.nl',
      'ftp://voorbeeld.nl',
      'javascript://voorbeeld.nl',
      'https://',
      'https://user:pw@voorbeeld.nl',
      'https://voorbeeld.nl:0',
      'https://voorbeeld.nl:70000',
      'https://voorbeeld.nl:abc',
      'https://voor beeld.nl',
      "https://voorbeeld.nl'",
      'https://-voorbeeld.nl',
    ]) {
      expect(parseEmbedOrigin(text), text).toEqual({ ok: false, problem: 'invalid' });
    }
  });
});

describe('checkEmbedOrigins (R-EMBED-1)', () => {
  it('should answer the normalised list when every origin is right', () => {
    expect(checkEmbedOrigins(['https://a.nl/', 'https://B.nl'])).toEqual({
      ok: true,
      value: ['https://a.nl', 'https://b.nl'],
    });
    expect(checkEmbedOrigins([])).toEqual({ ok: true, value: [] });
  });

  it('should name each wrong origin under its index, in Dutch, and keep nothing', () => {
    expect(
      checkEmbedOrigins([
        'https://a.nl',
        'http://b.nl',
        'https://a.nl/',
        'https://c.nl/pad',
        'https://*.d.nl',
        7,
      ]),
    ).toEqual({
      ok: false,
      fields: {
        'origins.1': M.http,
        'origins.2': M.duplicate,
        'origins.3': M.path,
        'origins.4': M.wildcard,
        'origins.5': M.invalid,
      },
    });
  });

  it(`should refuse more than ${EMBED_ORIGINS_MAX} origins and anything that is not a list`, () => {
    const many = Array.from({ length: EMBED_ORIGINS_MAX + 1 }, (_, i) => `https://site${i}.nl`);
    expect(checkEmbedOrigins(many)).toEqual({ ok: false, fields: { origins: M.tooMany } });
    expect(checkEmbedOrigins(many.slice(1)).ok).toBe(true);
    expect(checkEmbedOrigins('https://a.nl')).toEqual({ ok: false, fields: { origins: M.list } });
    expect(checkEmbedOrigins(null)).toEqual({ ok: false, fields: { origins: M.list } });
  });
});

describe('originLines', () => {
  it('should take one website a line and leave blank lines out', () => {
    expect(originLines(' https://a.nl \r\n\n  \nhttps://b.nl')).toEqual(['https://a.nl', 'https://b.nl']);
    expect(originLines('')).toEqual([]);
  });
});
