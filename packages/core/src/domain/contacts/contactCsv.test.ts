import { describe, expect, it } from 'vitest';
import {
  CONTACT_CSV_MESSAGES,
  checkContactMapping,
  readContactRow,
  resolveContactColumns,
  suggestContactMapping,
} from './contactCsv';

describe('suggestContactMapping', () => {
  it('should recognise Dutch headers and keep the other columns as attributes', () => {
    expect(
      suggestContactMapping([
        'Voornaam',
        'Achternaam',
        'E-mailadres',
        'Bedrijf',
        'Woonplaats',
        'Postcode',
        'Labels',
        'Afdeling',
      ]),
    ).toEqual({
      has_header: true,
      fields: {
        first_name: 'Voornaam',
        last_name: 'Achternaam',
        email: 'E-mailadres',
        company: 'Bedrijf',
        city: 'Woonplaats',
        postcode: 'Postcode',
        tags: 'Labels',
      },
      attributes: { Afdeling: 'afdeling' },
    });
  });

  it('should recognise English headers', () => {
    expect(suggestContactMapping(['Name', 'Email', 'Phone', 'Company', 'City', 'Language']).fields).toEqual({
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      company: 'Company',
      city: 'City',
      language: 'Language',
    });
  });
});

describe('checkContactMapping', () => {
  it('should need an e-mail column and a name', () => {
    expect(checkContactMapping({ fields: { phone: 'Tel' } })).toEqual({
      ok: false,
      fields: {
        'mapping.fields.email': CONTACT_CSV_MESSAGES.emailMissing,
        'mapping.fields.name': CONTACT_CSV_MESSAGES.nameMissing,
      },
    });
    expect(
      checkContactMapping({ fields: { email: 'E-mail', name: 'Naam', shoe: 'x' }, delimiter: ':' }).ok,
    ).toBe(false);
  });

  it('should accept a complete mapping with attributes and tags for every row', () => {
    expect(
      checkContactMapping({
        fields: { email: 'E-mail', name: '1' },
        attributes: { Afdeling: 'Afdeling' },
        add_tags: ['Beurs'],
      }),
    ).toEqual({
      ok: true,
      value: {
        has_header: true,
        fields: { email: 'E-mail', name: '1' },
        attributes: { Afdeling: 'afdeling' },
        add_tags: ['beurs'],
      },
    });
  });
});

describe('readContactRow', () => {
  const headers = ['Voornaam', 'Achternaam', 'E-mail', 'Taal', 'Tags', 'Afdeling'];
  const resolved = resolveContactColumns(suggestContactMapping(headers), headers);
  if (!resolved.ok) throw new Error('fixture');
  const columns = resolved.value;

  it('should read a row into a contact, joining first and last name', () => {
    const row = readContactRow(
      ['Anouk', 'de Vries', 'anouk@x.nl', 'Engels', 'klant; VIP', 'Inkoop'],
      2,
      columns,
    );
    expect(row).toMatchObject({
      ok: true,
      value: {
        name: 'Anouk de Vries',
        email: 'anouk@x.nl',
        language: 'en',
        tags: ['klant', 'vip'],
        attributes: { afdeling: 'Inkoop' },
      },
    });
  });

  it('should put every name of a row on one line (R-TEXT-4)', () => {
    const row = readContactRow(
      ['Anouk\r\n', 'de\tVries\u0000', 'anouk@x.nl', '', '', 'In\nkoop'],
      3,
      columns,
    );
    expect(row).toMatchObject({ ok: true, value: { name: 'Anouk de Vries' } });
  });

  it('should refuse a row with a Dutch reason and its line', () => {
    expect(readContactRow(['A', 'B', '', '', '', ''], 3, columns)).toEqual({
      ok: false,
      refusal: { line: 3, reason: CONTACT_CSV_MESSAGES.noEmail },
    });
    expect(readContactRow(['A', 'B', 'a@', '', '', ''], 4, columns)).toEqual({
      ok: false,
      refusal: { line: 4, reason: "'a@' is geen geldig e-mailadres." },
    });
    expect(readContactRow(['A', 'B', 'a@b.nl', 'Spaans', '', ''], 5, columns)).toEqual({
      ok: false,
      refusal: { line: 5, reason: CONTACT_CSV_MESSAGES.language('Spaans') },
    });
  });

  it.each([
    ['Pools', 'pl'],
    ['polski', 'pl'],
    ['PL', 'pl'],
    ['Turks', 'tr'],
    ['Türkçe', 'tr'],
    ['tr', 'tr'],
    ['Arabisch', 'ar'],
    ['arabic', 'ar'],
    ['Oekraïens', 'uk'],
    ['Oekrai\u0308ens', 'uk'],
    ['oekraiens', 'uk'],
    ['Українська', 'uk'],
    ['uk', 'uk'],
    ['Frans', 'fr'],
    ['Nederlands', 'nl'],
  ])('should read the language %j as %j', (cell, language) => {
    expect(readContactRow(['A', 'B', 'a@b.nl', cell, '', ''], 2, columns)).toMatchObject({
      ok: true,
      value: { language },
    });
  });

  it('should refuse a language it does not know, naming the eight in Dutch', () => {
    for (const cell of ['Spaans', 'xx', 'constructor', 'toString'])
      expect(readContactRow(['A', 'B', 'a@b.nl', cell, '', ''], 6, columns)).toEqual({
        ok: false,
        refusal: { line: 6, reason: CONTACT_CSV_MESSAGES.language(cell) },
      });
    expect(CONTACT_CSV_MESSAGES.language('Spaans')).toBe(
      "Onbekende taal 'Spaans' (verwacht Nederlands, Engels, Duits, Frans, Pools, Turks, Arabisch of Oekraïens).",
    );
  });

  it('should say which column of the file is missing', () => {
    expect(resolveContactColumns({ fields: { email: 'Mail', name: '9' } }, headers)).toEqual({
      ok: false,
      fields: {
        'mapping.fields.email': CONTACT_CSV_MESSAGES.unknownColumn('Mail', headers),
        'mapping.fields.name': CONTACT_CSV_MESSAGES.noColumnNumber('9', 6),
      },
    });
  });
});
