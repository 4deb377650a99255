import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeMt940, firstLineWidth, joinWrapped, MT940_WRAP_WIDTH } from './mt940Text';

/** A text cut into lines of the bank's width wherever the width falls, as banks write `:86:`. */
const cut = (text: string, width = MT940_WRAP_WIDTH): string[] =>
  text.match(new RegExp(`.{1,${width}}`, 'g')) ?? [];

describe('joinWrapped', () => {
  it("should join a line cut inside a word without a space ('w' + 'at' is 'wat')", () => {
    const line = '/REMI/USTD//Factuur 2026-031, werk in maart. Laat je het ons nu w';
    expect(line).toHaveLength(MT940_WRAP_WIDTH);
    expect(joinWrapped([line, 'eten wat je ervan vond/'])).toBe(
      '/REMI/USTD//Factuur 2026-031, werk in maart. Laat je het ons nu weten wat je ervan vond/',
    );
    expect(joinWrapped(['Betaling koffie. Dit is w'.padStart(65, 'x'), 'at je bestelde'])).toBe(
      `${'Betaling koffie. Dit is w'.padStart(65, 'x')}at je bestelde`,
    );
  });

  it('should join a line that ended before the width with a space, also after trailing spaces', () => {
    expect(joinWrapped(['Factuur', '123'])).toBe('Factuur 123');
    // Padded to the width with spaces (ASN, SNS): the words ended before the padding.
    expect(joinWrapped(['Salaris december 2019'.padEnd(65, ' '), 'Bonus'])).toBe(
      'Salaris december 2019 Bonus',
    );
  });

  it('should measure the first line against the width given for it', () => {
    const first = 'x'.repeat(61);
    expect(joinWrapped([first, 'y'], 61)).toBe(`${first}y`);
    expect(joinWrapped([first, 'y'])).toBe(`${first} y`);
  });

  it('should give back any text cut at the width, words and all (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9 ,./-]{1,300}$/), (text) => {
        // The bank's text never ends a line in a space it keeps: trailing spaces are dropped.
        const lines = cut(text);
        const joined = joinWrapped(lines);
        expect(joined.replace(/\s+/g, ' ').trim()).toBe(text.replace(/\s+/g, ' ').trim());
      }),
    );
  });
});

describe('firstLineWidth', () => {
  it('should count the tag in the first line where no wrapped first line passes 61 characters (ING)', () => {
    expect(firstLineWidth([['x'.repeat(61), 'y'], ['x'.repeat(40), 'y'], ['single']])).toBe(61);
    expect(
      firstLineWidth([
        ['x'.repeat(61), 'y'],
        ['x'.repeat(65), 'y'],
      ]),
    ).toBe(65);
    expect(firstLineWidth([['x'.repeat(40), 'y']])).toBe(65);
    expect(firstLineWidth([])).toBe(65);
  });
});

describe('describeMt940', () => {
  it('should take NAAM as counterparty and OMSCHRIJVING with its KENMERK as description', () => {
    expect(
      describeMt940([
        'SEPA OVERBOEKING IBAN: NL86INGB0002445588 BIC: INGBNL2A NAAM: Café de Zoë',
        'OMSCHRIJVING: Huur april KENMERK: NOTPROVIDED',
      ]),
    ).toEqual({ counterparty: 'Café de Zoë', description: 'Huur april' });
    // Knab: the account and name after the text.
    expect(
      describeMt940(['BETAALAUTOMAAT 12-04-2026 PAS: 1122', 'REK: NL65INGB0123456789/NAAM: PICQER']),
    ).toEqual({
      counterparty: 'PICQER',
      description: 'BETAALAUTOMAAT 12-04-2026 PAS: 1122',
    });
  });

  it('should leave a text without NAAM or OMSCHRIJVING whole, its label-like words included', () => {
    expect(describeMt940(['Europese incasso: 1007661686629 PAYPAL-Incassant ID: LU96ZZZ0000'])).toEqual({
      counterparty: '',
      description: 'Europese incasso: 1007661686629 PAYPAL-Incassant ID: LU96ZZZ0000',
    });
  });

  it('should read /NAME/ and /REMI/, and the transaction type where there is no remittance', () => {
    expect(describeMt940(['/TRTP/SEPA OVERBOEKING/IBAN/NL65BUNQ2206724936/NAME/P.C. Wacki/REMI/'])).toEqual({
      counterparty: 'P.C. Wacki',
      description: 'SEPA OVERBOEKING',
    });
  });
});
