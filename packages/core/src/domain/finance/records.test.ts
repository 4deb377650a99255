import { describe, expect, it } from 'vitest';
import type { FinanceRecordInput } from '../contract';
import { parseDate } from './dates';
import { checkFinanceRecord, clip, FINANCE_MESSAGES, normaliseCategory, patchedInput } from './records';

const input = (overrides: Partial<FinanceRecordInput> = {}): FinanceRecordInput => ({
  date: '2026-03-31',
  direction: 'cost',
  amount_cents: 12_100,
  btw_rate: '21',
  category: '  Kantoor   kosten ',
  description: ' Printerpapier ',
  counterparty: 'Kantoorhandel BV',
  attachment_ref: '  ',
  ...overrides,
});

describe('checkFinanceRecord', () => {
  it('should store trimmed texts and the BTW derived from the amount', () => {
    expect(checkFinanceRecord(input())).toEqual({
      ok: true,
      value: {
        date: '2026-03-31',
        direction: 'cost',
        amountCents: 12_100,
        btwRate: '21',
        btwCents: 2100,
        category: 'Kantoor kosten',
        description: 'Printerpapier',
        counterparty: 'Kantoorhandel BV',
        attachmentRef: null,
      },
    });
  });

  it('should name every wrong field with a Dutch message', () => {
    const checked = checkFinanceRecord({
      date: '2026-02-29',
      direction: 'gift',
      amount_cents: 12.5,
      btw_rate: '6',
      category: 'x'.repeat(61),
      description: 'x'.repeat(501),
      counterparty: 'x'.repeat(201),
      attachment_ref: 'x'.repeat(501),
    });
    expect(checked).toEqual({
      ok: false,
      fields: {
        date: FINANCE_MESSAGES.dateInvalid,
        direction: FINANCE_MESSAGES.direction,
        amount_cents: FINANCE_MESSAGES.amountInvalid,
        btw_rate: FINANCE_MESSAGES.btwRate,
        category: FINANCE_MESSAGES.category,
        description: FINANCE_MESSAGES.description,
        counterparty: FINANCE_MESSAGES.counterparty,
        attachment_ref: FINANCE_MESSAGES.attachmentRef,
      },
    });
  });

  it('should refuse a missing date, zero, negative and too large amounts, and accept no rate', () => {
    expect(checkFinanceRecord(input({ date: '' }))).toMatchObject({
      fields: { date: FINANCE_MESSAGES.dateMissing },
    });
    expect(checkFinanceRecord(input({ date: '31-03-2026' }))).toMatchObject({
      fields: { date: FINANCE_MESSAGES.dateInvalid },
    });
    for (const amount of [0, -100, Number.NaN, 2 ** 60])
      expect(checkFinanceRecord(input({ amount_cents: amount })).ok, String(amount)).toBe(false);
    expect(checkFinanceRecord(input({ amount_cents: 1_000_000_000_000 }))).toMatchObject({
      fields: { amount_cents: FINANCE_MESSAGES.amountTooLarge },
    });
    expect(checkFinanceRecord(input({ btw_rate: null }))).toMatchObject({ ok: true, value: { btwCents: 0 } });
  });

  it('should count characters, not UTF-16 units, against the limits', () => {
    expect(checkFinanceRecord(input({ category: '€'.repeat(60) })).ok).toBe(true);
    expect(checkFinanceRecord(input({ category: '😀'.repeat(60) })).ok).toBe(true);
  });
});

describe('patchedInput', () => {
  it('should change only what the patch sends, null included', () => {
    const current = input({ attachment_ref: 'F-12' });
    expect(patchedInput(current, { category: 'Reiskosten', btw_rate: null })).toEqual({
      ...current,
      category: 'Reiskosten',
      btw_rate: null,
    });
    expect(patchedInput(current, {})).toEqual(current);
  });
});

describe('texts from bank files', () => {
  it('should clip long texts with an ellipsis and squash white space', () => {
    expect(clip('a   b\nc', 10)).toBe('a b c');
    expect(clip('abcdef', 4)).toBe('abc…');
    expect([...clip('😀'.repeat(10), 5)]).toHaveLength(5);
    expect(normaliseCategory(' Reis  kosten ')).toBe('Reis kosten');
  });
});

describe('parseDate', () => {
  it('should read dd-mm-jjjj, ISO and jjjjmmdd', () => {
    expect(parseDate('31-12-2026')).toEqual({ ok: true, value: '2026-12-31' });
    expect(parseDate('1-2-2026')).toEqual({ ok: true, value: '2026-02-01' });
    expect(parseDate('01/02/2026')).toEqual({ ok: true, value: '2026-02-01' });
    expect(parseDate('01.02.2026')).toEqual({ ok: true, value: '2026-02-01' });
    expect(parseDate('2026-12-31')).toEqual({ ok: true, value: '2026-12-31' });
    expect(parseDate('2026-12-31T10:00:00+01:00')).toEqual({ ok: true, value: '2026-12-31' });
    expect(parseDate('20261231')).toEqual({ ok: true, value: '2026-12-31' });
    expect(parseDate('20261231', 'jjjjmmdd')).toEqual({ ok: true, value: '2026-12-31' });
  });

  it('should refuse days that do not exist, other shapes, and a shape the format does not allow', () => {
    expect(parseDate('29-02-2026')).toMatchObject({
      ok: false,
      detail: "Deze datum bestaat niet: '29-02-2026'.",
    });
    expect(parseDate('2026-04-31')).toMatchObject({ ok: false, error: 'doesNotExist' });
    expect(parseDate('31-12-26')).toMatchObject({ ok: false, error: 'notADate' });
    expect(parseDate('')).toMatchObject({ ok: false, error: 'empty' });
    expect(parseDate('31-12-2026', 'jjjj-mm-dd')).toMatchObject({ ok: false, error: 'notADate' });
  });
});
