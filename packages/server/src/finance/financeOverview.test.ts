import { describe, expect, it } from 'vitest';
import { wholeMonths } from './financeOverview';

describe('wholeMonths', () => {
  it('should find the months a range holds entirely, and none when it cuts its only months', () => {
    expect(wholeMonths({ from: '2026-01-01', to: '2026-12-31' })).toEqual({
      first: '2026-01-01',
      last: '2026-12-01',
    });
    expect(wholeMonths({ from: '2026-01-10', to: '2026-03-20' })).toEqual({
      first: '2026-02-01',
      last: '2026-02-01',
    });
    expect(wholeMonths({ from: '2026-01-10', to: '2026-02-27' })).toBeNull();
    expect(wholeMonths({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      first: '2024-02-01',
      last: '2024-02-01',
    });
    expect(wholeMonths({ from: '2025-12-31', to: '2026-01-31' })).toEqual({
      first: '2026-01-01',
      last: '2026-01-01',
    });
  });
});
