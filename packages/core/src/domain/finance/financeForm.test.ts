import { describe, expect, it } from 'vitest';
import type { FinanceRecord } from '../contract';
import { AMOUNT_MESSAGES } from './amount';
import { emptyFinanceForm, FINANCE_FORM_MESSAGES, financeFormInput, financeFormOf } from './financeForm';
import { FINANCE_MESSAGES } from './records';

const form = {
  ...emptyFinanceForm('2026-03-14'),
  direction: 'cost',
  amount: '1.234,56',
  description: ' Laptop ',
};

describe('emptyFinanceForm', () => {
  it('should choose no kind for a new record, so saving without one asks for it', () => {
    const empty = emptyFinanceForm('2026-03-14');
    expect(empty.direction).toBe('');
    expect(financeFormInput({ ...empty, amount: '121,00' })).toEqual({
      ok: false,
      fields: { direction: FINANCE_MESSAGES.direction },
    });
  });
});

describe('financeFormInput', () => {
  it('should turn the form into a record with the Dutch amount in cents and trimmed texts', () => {
    expect(financeFormInput({ ...form, btw_rate: '9', category: ' Kantoor  kosten ' })).toEqual({
      ok: true,
      value: {
        date: '2026-03-14',
        direction: 'cost',
        amount_cents: 123456,
        btw_rate: '9',
        category: 'Kantoor kosten',
        description: 'Laptop',
        counterparty: '',
        attachment_ref: null,
      },
    });
  });

  it("should send no rate for 'Nog geen tarief'", () => {
    const checked = financeFormInput({ ...form, btw_rate: '' });
    expect(checked.ok && checked.value.btw_rate).toBeNull();
  });

  it.each([
    ['', AMOUNT_MESSAGES.empty],
    ['12.50', AMOUNT_MESSAGES.useComma],
    ['12,505', AMOUNT_MESSAGES.threeDecimals],
    ['twaalf', AMOUNT_MESSAGES.notAnAmount],
    ['-12,50', FINANCE_FORM_MESSAGES.negative],
    ['0,00', FINANCE_FORM_MESSAGES.zero],
  ])("should refuse the amount '%s' with its Dutch message beside the field", (amount, message) => {
    expect(financeFormInput({ ...form, amount })).toEqual({ ok: false, fields: { amount: message } });
  });

  it('should name every wrong field at once, the amount under its form key', () => {
    const checked = financeFormInput({ ...form, amount: 'x', date: '2026-02-30', btw_rate: '19' });
    expect(checked).toEqual({
      ok: false,
      fields: {
        amount: AMOUNT_MESSAGES.notAnAmount,
        date: FINANCE_MESSAGES.dateInvalid,
        btw_rate: FINANCE_MESSAGES.btwRate,
      },
    });
  });

  it('should refuse an amount above the largest one with the record rule', () => {
    expect(financeFormInput({ ...form, amount: '99.999.999.999,99' })).toEqual({
      ok: false,
      fields: { amount: AMOUNT_MESSAGES.tooLarge },
    });
  });
});

describe('financeFormOf', () => {
  it('should put a stored record in the form with its amount in Dutch notation', () => {
    const record = {
      id: 1,
      date: '2026-01-02',
      direction: 'income',
      amount_cents: 123456,
      btw_rate: null,
      btw_cents: 0,
      net_cents: 123456,
      category: 'Omzet',
      description: 'Factuur 12',
      counterparty: 'Klant BV',
      attachment_ref: null,
    } as unknown as FinanceRecord;
    const edited = financeFormOf(record);
    expect(edited).toMatchObject({
      amount: '1.234,56',
      btw_rate: '',
      attachment_ref: '',
      direction: 'income',
    });
    expect(financeFormInput(edited)).toMatchObject({
      ok: true,
      value: { amount_cents: 123456, btw_rate: null },
    });
  });
});
