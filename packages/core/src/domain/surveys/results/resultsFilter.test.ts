import { describe, expect, it } from 'vitest';
import {
  DATE_FILTER_MESSAGES,
  dateFilterError,
  dateFilterFromSearch,
  dateFilterSearch,
  EMPTY_DATE_FILTER,
  isDateFilterActive,
  readSearch,
  resultsQueryOf,
  searchString,
} from './resultsFilter';

describe('dateFilterError', () => {
  it('should accept no dates, one date and a forward range', () => {
    expect(dateFilterError(EMPTY_DATE_FILTER)).toBeNull();
    expect(dateFilterError({ from: '2025-11-01', to: '' })).toBeNull();
    expect(dateFilterError({ from: '2025-11-01', to: '2025-11-01' })).toBeNull();
  });

  it('should name the field of a day that does not exist', () => {
    expect(dateFilterError({ from: '2025-02-30', to: '' })).toEqual({
      field: 'from',
      message: DATE_FILTER_MESSAGES.invalidDate,
    });
    expect(dateFilterError({ from: '', to: 'morgen' })?.field).toBe('to');
  });

  it('should refuse a range that runs backwards', () => {
    expect(dateFilterError({ from: '2025-11-02', to: '2025-11-01' })).toEqual({
      field: 'to',
      message: DATE_FILTER_MESSAGES.fromAfterTo,
    });
  });
});

describe('readSearch', () => {
  it('should decode names and values, with or without the question mark', () => {
    expect(readSearch('?from=2025-11-01&q=caf%C3%A9+latte')).toEqual({ from: '2025-11-01', q: 'café latte' });
    expect(readSearch('a=1&a=2&b')).toEqual({ a: '1', b: '' });
  });

  it('should leave out a parameter with a broken escape', () => {
    expect(readSearch('?q=%zz&from=2025-11-01')).toEqual({ from: '2025-11-01' });
  });
});

describe('dateFilterFromSearch', () => {
  it('should read both days', () => {
    expect(dateFilterFromSearch('?from=2025-11-01&to=2025-11-30')).toEqual({
      from: '2025-11-01',
      to: '2025-11-30',
    });
  });

  it('should read the conditions of the results filter beside the days, and write them back', () => {
    const search = dateFilterSearch({ from: '2025-11-01', to: '', conditions: 'q:one:fiets~lang:nl,en' });
    expect(dateFilterFromSearch(search)).toEqual({
      from: '2025-11-01',
      to: '',
      conditions: 'q:one:fiets~lang:nl,en',
    });
    // Conditions it cannot read are left out, as a day that is not one.
    expect(dateFilterFromSearch('?filter=kapot')).toEqual({ from: '', to: '' });
  });

  it('should leave out a day that is not one', () => {
    expect(dateFilterFromSearch('?from=2025-11-31&to=2025-12-01')).toEqual({ from: '', to: '2025-12-01' });
  });

  it('should drop a backwards range whole', () => {
    expect(dateFilterFromSearch('?from=2025-12-01&to=2025-11-01')).toEqual(EMPTY_DATE_FILTER);
  });
});

describe('searchString and dateFilterSearch', () => {
  it('should leave out empty parameters and encode the rest', () => {
    expect(searchString({ from: '2025-11-01', to: '', q: 'a&b', page: 2, x: undefined })).toBe(
      '?from=2025-11-01&q=a%26b&page=2',
    );
    expect(dateFilterSearch(EMPTY_DATE_FILTER)).toBe('');
  });

  it('should read back what it wrote', () => {
    const filter = { from: '2025-01-05', to: '2025-02-01' };
    expect(dateFilterFromSearch(dateFilterSearch(filter))).toEqual(filter);
  });
});

describe('resultsQueryOf', () => {
  it('should send only the days that are set', () => {
    expect(resultsQueryOf(EMPTY_DATE_FILTER)).toEqual({});
    expect(resultsQueryOf({ from: '', to: '2025-11-30' })).toEqual({ to: '2025-11-30' });
    expect(isDateFilterActive({ from: '', to: '2025-11-30' })).toBe(true);
    expect(isDateFilterActive(EMPTY_DATE_FILTER)).toBe(false);
  });
});
