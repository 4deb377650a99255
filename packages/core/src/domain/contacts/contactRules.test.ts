import { describe, expect, it } from 'vitest';
import { CONTACT_LANGUAGE_NAMES, CONTACT_LANGUAGES } from '../contract';
import {
  CONTACT_MESSAGES,
  checkContact,
  contactSearchText,
  contactSortKeys,
  foldForSearch,
  normalisePostcode,
  normaliseTags,
  patchedContact,
  searchTerms,
} from './contactRules';

describe('checkContact', () => {
  it('should put the name and every other text on one line, and take a name of control characters as none (R-TEXT-2)', () => {
    const checked = checkContact({
      name: 'Acme\r\nBcc: x\u0000',
      email: 'a@b.nl',
      company: 'Acme\u2028BV',
      city: 'Den\tHaag',
    });
    expect(checked).toMatchObject({
      ok: true,
      value: { name: 'Acme Bcc: x', company: 'Acme BV', city: 'Den Haag' },
    });
    expect(checkContact({ name: '\u0000\u0007', email: 'a@b.nl' })).toMatchObject({
      ok: false,
      fields: { name: CONTACT_MESSAGES.nameMissing },
    });
  });

  it('should trim every text, normalise the postcode, tags and attribute keys, and default the language', () => {
    const checked = checkContact({
      name: '  José  van   Dijk ',
      email: ' Jose@Example.NL ',
      postcode: '1234ab',
      city: ' Utrecht ',
      phone: '',
      tags: ['Klant', ' klant', 'VIP ', ''],
      attributes: { ' Afdeling ': ' Inkoop ', leeg: '  ' },
    });
    expect(checked).toEqual({
      ok: true,
      value: {
        name: 'José van Dijk',
        email: 'Jose@Example.NL',
        phone: null,
        company: null,
        street: null,
        house_number: null,
        postcode: '1234 AB',
        city: 'Utrecht',
        language: 'nl',
        attributes: { afdeling: 'Inkoop' },
        tags: ['klant', 'vip'],
      },
    });
  });

  it('should know eight languages, each with its Dutch name', () => {
    expect(CONTACT_LANGUAGES).toEqual(['nl', 'en', 'de', 'fr', 'pl', 'tr', 'ar', 'uk']);
    expect(Object.entries(CONTACT_LANGUAGE_NAMES)).toEqual([
      ['nl', 'Nederlands'],
      ['en', 'Engels'],
      ['de', 'Duits'],
      ['fr', 'Frans'],
      ['pl', 'Pools'],
      ['tr', 'Turks'],
      ['ar', 'Arabisch'],
      ['uk', 'Oekraïens'],
    ]);
  });

  it.each([
    ['pl', 'pl'],
    [' TR ', 'tr'],
    ['ar', 'ar'],
    ['UK', 'uk'],
  ])('should take the language %j as %j', (language, stored) => {
    expect(checkContact({ name: 'A', email: 'a@b.nl', language })).toMatchObject({
      ok: true,
      value: { language: stored },
    });
  });

  it('should refuse an unknown language, naming every code with its Dutch name', () => {
    for (const language of ['xx', 'es', 'Pools', 'uk-UA', ''])
      expect(checkContact({ name: 'A', email: 'a@b.nl', language })).toEqual({
        ok: false,
        fields: { language: CONTACT_MESSAGES.language },
      });
    expect(CONTACT_MESSAGES.language).toBe(
      'Kies als taal nl (Nederlands), en (Engels), de (Duits), fr (Frans), pl (Pools), tr (Turks), ar (Arabisch) of uk (Oekraïens).',
    );
  });

  it('should name every wrong field in Dutch', () => {
    const checked = checkContact({
      name: ' ',
      email: 'geen-adres',
      language: 'es',
      tags: ['a,b'],
      attributes: { '!': 'x' },
      city: 12,
    });
    expect(checked).toEqual({
      ok: false,
      fields: {
        name: CONTACT_MESSAGES.nameMissing,
        email: CONTACT_MESSAGES.emailInvalid,
        language: CONTACT_MESSAGES.language,
        tags: CONTACT_MESSAGES.tagCharacters,
        attributes: CONTACT_MESSAGES.attributeKey,
        city: CONTACT_MESSAGES.text,
      },
    });
  });

  it('should refuse texts over their limit and too many tags', () => {
    const checked = checkContact({
      name: 'x'.repeat(201),
      email: 'a@b.nl',
      tags: Array.from({ length: 51 }, (_, i) => `t${i}`),
    });
    expect(checked.ok ? null : checked.fields).toEqual({
      name: 'Hoogstens 200 tekens.',
      tags: CONTACT_MESSAGES.tooManyTags,
    });
  });
});

describe('normalisePostcode', () => {
  it('should write Dutch postcodes as 1234 AB and leave others as typed', () => {
    expect(normalisePostcode(' 3511 lk')).toBe('3511 LK');
    expect(normalisePostcode('3511LK')).toBe('3511 LK');
    expect(normalisePostcode('B-1000')).toBe('B-1000');
    expect(normalisePostcode('0123 AB')).toBe('0123 AB');
  });
});

describe('normaliseTags', () => {
  it('should lower-case, deduplicate and sort tags', () => {
    expect(normaliseTags(['Zeeland', 'amsterdam', 'ZEELAND', '  '])).toEqual(['amsterdam', 'zeeland']);
  });
});

describe('foldForSearch', () => {
  it('should drop accents and case so that Jose finds José', () => {
    expect(foldForSearch('José Müller-Lüdenscheidt Ærø Straße')).toBe(
      'jose muller-ludenscheidt aero strasse',
    );
    expect(searchTerms('  JOSÉ  mül ')).toEqual(['jose', 'mul']);
    expect(
      contactSearchText({ name: 'Renée', email: 'R@x.nl', company: null, city: "'s-Hertogenbosch" }),
    ).toBe("renee r@x.nl 's-hertogenbosch");
  });
});

describe('contactSortKeys', () => {
  it('should fold names for sorting and give empty fields an empty key', () => {
    expect(contactSortKeys({ name: 'Émile Zoë', email: 'E@x.nl', company: null, city: 'Utrecht' })).toEqual({
      name: 'emile zoe',
      email: 'e@x.nl',
      company: '',
      city: 'utrecht',
    });
  });
});

describe('index-bound lengths', () => {
  it('should cut the search text at 500 and the sort keys at 100 characters', () => {
    const long = {
      name: 'ä'.repeat(200),
      email: `${'x'.repeat(240)}@a.nl`,
      company: 'c'.repeat(200),
      city: 'd'.repeat(100),
    };
    expect(contactSearchText(long)).toHaveLength(500);
    expect(contactSearchText(long).startsWith('a'.repeat(200))).toBe(true);
    expect(contactSortKeys(long).name).toBe('a'.repeat(100));
  });
});

describe('patchedContact', () => {
  it('should keep every field the patch leaves out', () => {
    const current = checkContact({ name: 'An', email: 'an@x.nl', city: 'Gouda' });
    if (!current.ok) throw new Error('fixture');
    expect(patchedContact(current.value, { city: null, tags: ['x'] })).toMatchObject({
      name: 'An',
      email: 'an@x.nl',
      city: null,
      tags: ['x'],
    });
  });
});
