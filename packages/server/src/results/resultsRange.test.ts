import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/apiError';
import { addDays, bucketFor, parseDayFilter, periodOf, RANGE_MESSAGES } from './resultsRange';

const refusal = (query: { from?: string; to?: string }) => {
  try {
    parseDayFilter(query);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.statusCode, fields: error.fields };
    throw error;
  }
  return null;
};

describe('parseDayFilter', () => {
  it('should take real days, trimmed, and no filter when they are missing or empty', () => {
    expect(parseDayFilter({})).toEqual({ from: null, to: null });
    expect(parseDayFilter({ from: ' 2026-02-28 ', to: '' })).toEqual({ from: '2026-02-28', to: null });
    expect(parseDayFilter({ from: '2028-02-29', to: '2028-02-29' })).toEqual({
      from: '2028-02-29',
      to: '2028-02-29',
    });
  });

  it('should refuse what is not a calendar day, years outside 2000–2100 and a period running backwards', () => {
    expect(refusal({ from: '2026-02-29' })).toEqual({ status: 400, fields: { from: RANGE_MESSAGES.from } });
    expect(refusal({ to: '2026-2-1' })).toEqual({ status: 400, fields: { to: RANGE_MESSAGES.to } });
    expect(refusal({ from: 'x', to: 'y' })).toEqual({
      status: 400,
      fields: { from: RANGE_MESSAGES.from, to: RANGE_MESSAGES.to },
    });
    expect(refusal({ to: '2101-01-01' })).toEqual({ status: 400, fields: { to: RANGE_MESSAGES.outOfRange } });
    expect(refusal({ from: '2026-03-02', to: '2026-03-01' })).toEqual({
      status: 400,
      fields: { to: RANGE_MESSAGES.order },
    });
  });
});

describe('bucketFor', () => {
  it('should go per day up to 62 days, per week up to a year, else per month', () => {
    expect(bucketFor('2026-01-01', '2026-01-01')).toBe('day');
    expect(bucketFor('2026-01-01', addDays('2026-01-01', 61))).toBe('day');
    expect(bucketFor('2026-01-01', addDays('2026-01-01', 62))).toBe('week');
    expect(bucketFor('2026-01-01', addDays('2026-01-01', 365))).toBe('week');
    expect(bucketFor('2026-01-01', addDays('2026-01-01', 366))).toBe('month');
  });

  it('should count calendar days across a daylight-saving change', () => {
    // 29 March 2026 has 23 hours in Amsterdam; the periods are whole days either way.
    expect(bucketFor('2026-03-01', '2026-05-01')).toBe('day');
    expect(bucketFor('2026-03-01', '2026-05-02')).toBe('week');
  });
});

describe('periodOf', () => {
  const fallback = { opened: '2026-01-10', today: '2026-03-02' };
  const none = { first: null, last: null };

  it('should take the filter, else the first and last response, else opened up to today', () => {
    expect(periodOf({ from: '2026-02-01', to: '2026-02-10' }, none, fallback)).toEqual({
      start: '2026-02-01',
      end: '2026-02-10',
      bucket: 'day',
    });
    expect(
      periodOf({ from: null, to: null }, { first: '2026-01-15', last: '2026-02-01' }, fallback),
    ).toMatchObject({
      start: '2026-01-15',
      end: '2026-02-01',
    });
    expect(periodOf({ from: null, to: null }, none, fallback)).toMatchObject({
      start: '2026-01-10',
      end: '2026-03-02',
    });
  });

  it('should never run backwards when the filter lies outside the responses', () => {
    const data = { first: '2026-01-15', last: '2026-02-01' };
    expect(periodOf({ from: '2026-02-20', to: null }, data, fallback)).toMatchObject({
      start: '2026-02-20',
      end: '2026-03-02',
    });
    expect(periodOf({ from: '2026-04-01', to: null }, data, fallback)).toMatchObject({
      start: '2026-04-01',
      end: '2026-04-01',
    });
    expect(periodOf({ from: null, to: '2026-01-01' }, data, fallback)).toMatchObject({
      start: '2026-01-01',
      end: '2026-01-01',
    });
  });
});
