import { describe, expect, it } from 'vitest';
import {
  addMonths,
  billingPeriod,
  calendarDayIso,
  calendarDayText,
  parseCalendarDay,
  previousDay,
} from './billingPeriod';

const day = (text: string) => parseCalendarDay(text)!;

describe('billingPeriod', () => {
  it('should run from the day of payment in the Netherlands to the day before it renews a month later', () => {
    const period = billingPeriod('2026-05-21T10:00:00Z');
    expect(calendarDayIso(period.start)).toBe('2026-05-21');
    expect(calendarDayIso(period.end)).toBe('2026-06-20');
    expect(calendarDayIso(period.renewal)).toBe('2026-06-21');
  });

  it("should count the Dutch day: paid at 23:30 UTC on 31 December is 1 January's payment", () => {
    const period = billingPeriod(new Date('2026-12-31T23:30:00Z'));
    expect(calendarDayIso(period.start)).toBe('2027-01-01');
    expect(calendarDayIso(period.renewal)).toBe('2027-02-01');
  });

  it('should renew on the last day of a shorter month', () => {
    expect(calendarDayIso(billingPeriod('2026-01-31T09:00:00Z').renewal)).toBe('2026-02-28');
    expect(calendarDayIso(billingPeriod('2028-01-31T09:00:00Z').renewal)).toBe('2028-02-29');
    expect(calendarDayIso(billingPeriod('2026-12-15T09:00:00Z').end)).toBe('2027-01-14');
  });
});

describe('calendar days', () => {
  it('should add months across years and step back a day across months', () => {
    expect(addMonths(day('2026-11-30'), 3)).toEqual(day('2027-02-28'));
    expect(previousDay(day('2027-01-01'))).toEqual(day('2026-12-31'));
    expect(previousDay(day('2026-03-01'))).toEqual(day('2026-02-28'));
  });

  it('should read only real days', () => {
    expect(parseCalendarDay('2026-02-29')).toBeNull();
    expect(parseCalendarDay('2026-13-01')).toBeNull();
    expect(parseCalendarDay('21-05-2026')).toBeNull();
    expect(parseCalendarDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(calendarDayText('2026-05-21')).toBe('21 mei 2026');
    expect(calendarDayText('kapot')).toBe('kapot');
  });
});
