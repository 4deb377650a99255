import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BANK_LINE_MESSAGES,
  type BankLine,
  bankLineProblem,
  bankLineRecord,
  duplicateKeyMaterial,
  normaliseAccount,
} from './bankLines';

const line = (overrides: Partial<BankLine> = {}): BankLine => ({
  line: 5,
  date: '2026-01-31',
  amountCents: -1250,
  counterparty: 'Café De Hoek',
  description: 'Koffie',
  reference: null,
  account: 'NL20 INGB 0001 2345 67',
  ...overrides,
});

describe('bankLineRecord', () => {
  it('should make money out a cost and money in income, with the import’s rate and category', () => {
    expect(bankLineRecord(line(), { btwRate: null, category: '' })).toEqual({
      date: '2026-01-31',
      direction: 'cost',
      amountCents: 1250,
      btwRate: null,
      btwCents: 0,
      category: '',
      description: 'Koffie',
      counterparty: 'Café De Hoek',
      bankAccount: 'NL20INGB0001234567',
      bankReference: null,
    });
    expect(
      bankLineRecord(line({ amountCents: 12_100, reference: 'REF-1' }), {
        btwRate: '21',
        category: ' Omzet ',
      }),
    ).toMatchObject({
      direction: 'income',
      amountCents: 12_100,
      btwCents: 2100,
      category: 'Omzet',
      bankReference: 'REF-1',
    });
  });

  it('should shorten texts longer than a record holds', () => {
    const record = bankLineRecord(line({ description: 'x'.repeat(700) }), { btwRate: null, category: '' });
    expect([...record.description]).toHaveLength(500);
    expect(record.description.endsWith('…')).toBe(true);
  });

  it('should refuse zero and absurd amounts', () => {
    expect(bankLineProblem(line({ amountCents: 0 }))).toBe(BANK_LINE_MESSAGES.zero);
    expect(bankLineProblem(line({ amountCents: -1_000_000_000_000 }))).toBe(BANK_LINE_MESSAGES.tooLarge);
    expect(bankLineProblem(line())).toBeNull();
  });
});

describe('duplicateKeyMaterial', () => {
  it('should be the same for the same account, day, amount and reference, whatever the text', () => {
    const [first] = duplicateKeyMaterial([line({ reference: 'B4G29', description: 'oud' })]);
    const [again] = duplicateKeyMaterial([
      line({ reference: 'B4G29', description: 'nieuw', account: 'nl20ingb0001234567' }),
    ]);
    expect(again).toBe(first);
    const [otherDay] = duplicateKeyMaterial([line({ reference: 'B4G29', date: '2026-02-01' })]);
    const [otherAmount] = duplicateKeyMaterial([line({ reference: 'B4G29', amountCents: 1250 })]);
    const [otherAccount] = duplicateKeyMaterial([
      line({ reference: 'B4G29', account: 'NL99RABO0000000001' }),
    ]);
    expect(new Set([first, otherDay, otherAmount, otherAccount]).size).toBe(4);
  });

  it('should use the text without a reference, and keep equal lines within a file apart by their count', () => {
    const keys = duplicateKeyMaterial([line(), line(), line({ description: 'Thee' })]);
    expect(new Set(keys).size).toBe(3);
    // The same file again: the same keys, so both coffees are recognised.
    expect(duplicateKeyMaterial([line(), line(), line({ description: 'Thee' })])).toEqual(keys);
    // White space and case in the text do not make a line new.
    expect(duplicateKeyMaterial([line({ description: '  KOFFIE ' })])[0]).toBe(keys[0]);
  });

  it('should give every line of any file its own key (property)', () => {
    const lines = fc.array(
      fc.record({
        line: fc.nat(),
        date: fc.constantFrom('2026-01-30', '2026-01-31'),
        amountCents: fc.constantFrom(-1250, 1250, 99),
        counterparty: fc.constantFrom('A', 'B'),
        description: fc.constantFrom('x', 'y'),
        reference: fc.option(fc.constantFrom('R1', 'R2'), { nil: null }),
        account: fc.option(fc.constantFrom('NL01', 'NL02'), { nil: null }),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(lines, (generated) => {
        const keys = duplicateKeyMaterial(generated);
        expect(new Set(keys).size).toBe(generated.length);
      }),
    );
  });
});

describe('normaliseAccount', () => {
  it('should compare accounts without spaces and case, and treat empty as unknown', () => {
    expect(normaliseAccount(' nl20 ingb 0001 2345 67 ')).toBe('NL20INGB0001234567');
    expect(normaliseAccount('')).toBeNull();
    expect(normaliseAccount(null)).toBeNull();
  });
});
