import { describe, expect, it } from 'vitest';
import { isListFiltered, listFilterKey, listSearchText, listStatusOf } from './listFilter';

const STATUSES = ['draft', 'open', 'closed'] as const;

describe('listSearchText', () => {
  it('should search for the typed text without the spaces around it', () => {
    expect(listSearchText('  klant tevredenheid ')).toBe('klant tevredenheid');
    expect(listSearchText('   ')).toBe('');
  });
});

describe('listStatusOf', () => {
  it.each(STATUSES)('should keep the status %s', (status) => {
    expect(listStatusOf(STATUSES, status)).toBe(status);
  });

  it.each(['', 'Open', 'archived', 'draft '])('should read %j as all statuses', (value) => {
    expect(listStatusOf(STATUSES, value)).toBe('');
  });
});

describe('isListFiltered', () => {
  it('should call a list filtered by a search, a status or both', () => {
    expect(isListFiltered({ q: 'klant', status: '' })).toBe(true);
    expect(isListFiltered({ q: '', status: 'open' })).toBe(true);
    expect(isListFiltered({ q: 'klant', status: 'open' })).toBe(true);
  });

  it('should not call a list without search or status filtered', () => {
    expect(isListFiltered({ q: '', status: '' })).toBe(false);
  });
});

describe('listFilterKey', () => {
  it('should name each filter differently', () => {
    const keys = [
      { q: '', status: '' },
      { q: 'open', status: '' },
      { q: '', status: 'open' },
      { q: 'open', status: 'open' },
      { q: 'a|', status: '' },
    ].map(listFilterKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('should name the same filter the same way', () => {
    expect(listFilterKey({ q: 'klant', status: 'closed' })).toBe(
      listFilterKey({ q: 'klant', status: 'closed' }),
    );
  });
});
