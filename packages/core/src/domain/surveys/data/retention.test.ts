import { describe, expect, it } from 'vitest';
import {
  checkRetentionForm,
  dayInWords,
  NO_RETENTION,
  RETENTION_MESSAGES,
  retentionCutoff,
  retentionForm,
  retentionSummary,
  subtractMonths,
  validateRetention,
} from './retention';

const TODAY = '2026-03-31';

describe('subtractMonths', () => {
  it('should go back whole calendar months, across years', () => {
    expect(subtractMonths('2026-03-15', 1)).toBe('2026-02-15');
    expect(subtractMonths('2026-03-15', 3)).toBe('2025-12-15');
    expect(subtractMonths('2026-03-15', 120)).toBe('2016-03-15');
  });

  it('should clamp to the last day of a shorter month, leap years included', () => {
    expect(subtractMonths('2026-03-31', 1)).toBe('2026-02-28');
    expect(subtractMonths('2024-03-31', 1)).toBe('2024-02-29');
    expect(subtractMonths('2026-05-31', 1)).toBe('2026-04-30');
    expect(subtractMonths('2026-12-31', 12)).toBe('2025-12-31');
  });

  it('should refuse something that is not a day', () => {
    expect(() => subtractMonths('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('retentionCutoff', () => {
  it('should say nothing is due without retention', () => {
    expect(retentionCutoff(NO_RETENTION, TODAY)).toEqual({ kind: 'none' });
  });

  it('should keep everything through the last day and take everything after it', () => {
    const retention = { retention_until: '2026-03-31', retention_months: null };
    expect(retentionCutoff(retention, '2026-03-30')).toEqual({ kind: 'none' });
    expect(retentionCutoff(retention, '2026-03-31')).toEqual({ kind: 'none' });
    expect(retentionCutoff(retention, '2026-04-01')).toEqual({ kind: 'all' });
  });

  it('should take responses from before today minus the months', () => {
    const retention = { retention_until: null, retention_months: 12 };
    expect(retentionCutoff(retention, '2026-03-16')).toEqual({ kind: 'before', day: '2025-03-16' });
    expect(retentionCutoff({ retention_until: null, retention_months: 1 }, TODAY)).toEqual({
      kind: 'before',
      day: '2026-02-28',
    });
  });
});

describe('validateRetention', () => {
  it('should accept a day from today on, a number of months, or neither', () => {
    expect(validateRetention({ retention_until: TODAY, retention_months: null }, TODAY)).toEqual({
      ok: true,
      value: { retention_until: TODAY, retention_months: null },
    });
    expect(validateRetention({ retention_until: null, retention_months: 120 }, TODAY)).toEqual({
      ok: true,
      value: { retention_until: null, retention_months: 120 },
    });
    expect(validateRetention({ retention_until: null, retention_months: null }, TODAY)).toEqual({
      ok: true,
      value: NO_RETENTION,
    });
  });

  it('should refuse a day in the past, a day that does not exist and both at once', () => {
    expect(validateRetention({ retention_until: '2026-03-30', retention_months: null }, TODAY)).toEqual({
      ok: false,
      fields: { retention_until: RETENTION_MESSAGES.past },
    });
    for (const day of ['2026-02-29', '31-12-2026', '', 20261231])
      expect(validateRetention({ retention_until: day, retention_months: null }, TODAY)).toEqual({
        ok: false,
        fields: { retention_until: RETENTION_MESSAGES.day },
      });
    expect(validateRetention({ retention_until: '2026-12-31', retention_months: 6 }, TODAY)).toEqual({
      ok: false,
      fields: { retention_until: RETENTION_MESSAGES.both, retention_months: RETENTION_MESSAGES.both },
    });
  });

  it('should refuse months outside 1 to 120 or not whole', () => {
    for (const months of [0, 121, 1.5, -3, '12', Number.NaN])
      expect(validateRetention({ retention_until: null, retention_months: months }, TODAY)).toEqual({
        ok: false,
        fields: { retention_months: RETENTION_MESSAGES.months },
      });
  });
});

describe('the retention form', () => {
  it('should read the current retention into the form and back', () => {
    expect(retentionForm(NO_RETENTION)).toEqual({ mode: 'none', until: '', months: '' });
    const byDay = { retention_until: '2026-12-31', retention_months: null };
    expect(retentionForm(byDay)).toEqual({ mode: 'until', until: '2026-12-31', months: '' });
    expect(checkRetentionForm(retentionForm(byDay), TODAY)).toEqual({ ok: true, value: byDay });
    const byMonths = { retention_until: null, retention_months: 24 };
    expect(retentionForm(byMonths)).toEqual({ mode: 'months', until: '', months: '24' });
    expect(checkRetentionForm(retentionForm(byMonths), TODAY)).toEqual({ ok: true, value: byMonths });
  });

  it('should send only the chosen field and ignore the other one', () => {
    expect(checkRetentionForm({ mode: 'none', until: '2020-01-01', months: 'x' }, TODAY)).toEqual({
      ok: true,
      value: NO_RETENTION,
    });
    expect(checkRetentionForm({ mode: 'months', until: '2020-01-01', months: ' 6 ' }, TODAY)).toEqual({
      ok: true,
      value: { retention_until: null, retention_months: 6 },
    });
  });

  it('should name the field of a wrong value before anything is sent', () => {
    expect(checkRetentionForm({ mode: 'until', until: '', months: '' }, TODAY)).toMatchObject({
      ok: false,
      fields: { retention_until: RETENTION_MESSAGES.day },
    });
    expect(checkRetentionForm({ mode: 'until', until: '2026-01-01', months: '' }, TODAY)).toMatchObject({
      ok: false,
      fields: { retention_until: RETENTION_MESSAGES.past },
    });
    for (const months of ['', '0', '121', '1,5', 'twaalf'])
      expect(checkRetentionForm({ mode: 'months', until: '', months }, TODAY)).toMatchObject({
        ok: false,
        fields: { retention_months: RETENTION_MESSAGES.months },
      });
  });
});

describe('retentionSummary', () => {
  it('should say the retention in one Dutch sentence', () => {
    expect(dayInWords('2026-06-30')).toBe('30 juni 2026');
    expect(retentionSummary({ retention_until: '2026-06-30', retention_months: null })).toBe(
      'Antwoorden worden bewaard tot en met 30 juni 2026.',
    );
    expect(retentionSummary({ retention_until: null, retention_months: 1 })).toBe(
      'Antwoorden worden 1 maand na het invullen geanonimiseerd.',
    );
    expect(retentionSummary({ retention_until: null, retention_months: 18 })).toBe(
      'Antwoorden worden 18 maanden na het invullen geanonimiseerd.',
    );
    expect(retentionSummary(NO_RETENTION)).toBe(
      'Geen bewaartermijn: antwoorden blijven bewaard tot je ze wist of de survey verwijdert.',
    );
  });
});
