import { describe, expect, it } from 'vitest';
import { formatLongDayTimeIn } from './localDates';
import { pluralOf } from './plural';

describe('formatLongDayTimeIn', () => {
  it('should write day and time in the locale’s conventions, in the Netherlands’ time zone', () => {
    // 23:30 UTC is already the next day in Amsterdam (CET).
    const moment = new Date('2030-02-28T23:30:00Z');
    expect(formatLongDayTimeIn('en-GB', moment)).toBe('1 March 2030 at 00:30');
    expect(formatLongDayTimeIn('fr-FR', moment.toISOString())).toBe('1 mars 2030 à 00:30');
  });

  it('should write a dash without a moment or for an unreadable one', () => {
    expect(formatLongDayTimeIn('en-GB', null)).toBe('–');
    expect(formatLongDayTimeIn('en-GB', 'not a date')).toBe('–');
  });
});

describe('pluralOf', () => {
  it('should pick the language’s form, else the other form', () => {
    const polish = pluralOf('pl');
    const forms = { one: 'pytanie', few: 'pytania', many: 'pytań', other: '?' };
    expect([1, 2, 5].map((n) => polish(n, forms))).toEqual(['pytanie', 'pytania', 'pytań']);
    expect(pluralOf('ar')(2, { other: 'x' })).toBe('x');
  });
});
