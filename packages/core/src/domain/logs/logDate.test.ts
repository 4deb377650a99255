import { describe, expect, it } from 'vitest';
import { logDateOf } from './logDate';

describe('logDateOf', () => {
  it('should give the Amsterdam calendar day, not the UTC day', () => {
    // 23:30 UTC on 21 November is 00:30 on 22 November in Amsterdam (UTC+1 in winter).
    expect(logDateOf(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(logDateOf(new Date('2026-11-21T22:59:59Z'))).toBe('2026-11-21');
  });

  it('should follow summer time (UTC+2)', () => {
    expect(logDateOf(Date.parse('2026-07-01T21:59:59Z'))).toBe('2026-07-01');
    expect(logDateOf(Date.parse('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  it('should pad months and days', () => {
    expect(logDateOf(new Date('2026-03-05T12:00:00Z'))).toBe('2026-03-05');
  });
});
