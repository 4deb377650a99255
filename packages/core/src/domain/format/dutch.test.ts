import { describe, expect, it } from 'vitest';
import {
  dayStart,
  formatCents,
  formatCount,
  formatDay,
  formatDayTime,
  formatEuros,
  formatEurosShort,
  formatLongDay,
  formatLongDayTime,
  formatNumber,
  formatRate,
  formatShare,
  formatSignedCents,
  formatSignedCount,
  formatSignedEuros,
  formatSignedNumber,
  formatSignedPercent,
  formatTimestamp,
  isoDay,
  wallClock,
  withSign,
} from './dutch';

// 24 November 2026, 07:22:58 in Amsterdam (winter time, UTC+1).
const WINTER = '2026-11-24T06:22:58Z';
// 3 July 2026, 00:30 in Amsterdam (summer time, UTC+2), still 2 July in UTC.
const SUMMER_NIGHT = '2026-07-02T22:30:00Z';

describe('Dutch dates', () => {
  it('should write the three date styles, each one way', () => {
    expect(formatDay(WINTER)).toBe('24 nov. 2026');
    expect(formatLongDay(WINTER)).toBe('24 november 2026');
    expect(formatTimestamp(WINTER)).toBe('24-11-2026 07:22:58');
    expect(formatTimestamp(WINTER, { seconds: false })).toBe('24-11-2026 07:22');
    expect(formatDayTime(WINTER)).toBe('24 nov. 2026, 07:22');
    expect(formatLongDayTime(WINTER)).toBe('24 november 2026 om 07:22');
  });

  it('should count days in the Netherlands, not in UTC', () => {
    expect(formatDay(SUMMER_NIGHT)).toBe('3 jul. 2026');
    expect(isoDay(SUMMER_NIGHT)).toBe('2026-07-03');
    expect(wallClock(SUMMER_NIGHT)).toEqual({ year: 2026, month: 7, day: 3, hour: 0, minute: 30, second: 0 });
  });

  it('should read each second anew, also when asked for the same second again', () => {
    const moment = Date.UTC(2026, 9, 25, 0, 59, 59, 100); // 02:59:59 summer time, an hour before the change
    expect(wallClock(moment)).toMatchObject({ hour: 2, minute: 59, second: 59 });
    expect(wallClock(moment + 800)).toMatchObject({ hour: 2, minute: 59, second: 59 });
    expect(wallClock(moment + 900)).toMatchObject({ hour: 2, minute: 0, second: 0 }); // 02:00 winter time
    expect(wallClock(SUMMER_NIGHT)).toMatchObject({ day: 3, hour: 0, minute: 30 });
  });

  it("should say '–' (or nothing for a day key) for a missing or unreadable moment", () => {
    for (const missing of [null, undefined, '', 'gisteren']) {
      expect(formatDay(missing)).toBe('–');
      expect(formatLongDay(missing)).toBe('–');
      expect(formatTimestamp(missing)).toBe('–');
      expect(isoDay(missing)).toBe('');
    }
  });

  it('should use the Taalunie abbreviations, with mei unabbreviated', () => {
    expect(formatDay('2026-05-04T12:00:00Z')).toBe('4 mei 2026');
    expect(formatDay('2026-03-04T12:00:00Z')).toBe('4 mrt. 2026');
  });

  it('should find the start of a day in Amsterdam across both clock changes', () => {
    // Winter: midnight is 23:00 UTC the day before.
    expect(new Date(dayStart({ year: 2026, month: 11, day: 24 })).toISOString()).toBe(
      '2026-11-23T23:00:00.000Z',
    );
    // Summer: 22:00 UTC.
    expect(new Date(dayStart({ year: 2026, month: 7, day: 3 })).toISOString()).toBe(
      '2026-07-02T22:00:00.000Z',
    );
    // The days of the changes themselves (29 March and 25 October 2026) start at the old offset.
    expect(new Date(dayStart({ year: 2026, month: 3, day: 29 })).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(new Date(dayStart({ year: 2026, month: 3, day: 30 })).toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    expect(new Date(dayStart({ year: 2026, month: 10, day: 25 })).toISOString()).toBe(
      '2026-10-24T22:00:00.000Z',
    );
    expect(new Date(dayStart({ year: 2026, month: 10, day: 26 })).toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
  });

  it('should start every day of a year exactly at an Amsterdam midnight', () => {
    for (let d = 0; d < 366; d++) {
      const date = new Date(Date.UTC(2028, 0, 1 + d));
      const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
      const start = wallClock(dayStart(day));
      expect(start).toEqual({ ...day, hour: 0, minute: 0, second: 0 });
    }
  });
});

describe('Dutch numbers', () => {
  it('should group thousands with a dot and use a decimal comma', () => {
    expect(formatCount(12345)).toBe('12.345');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatCents(2900).replace(/\s/g, ' ')).toBe('€ 29,00');
    expect(formatShare(42.6)).toBe('43%');
    expect(formatRate(0.5)).toBe('50%');
    expect(formatRate(null)).toBe('–');
    expect(formatCount(Number.NaN)).toBe('–');
  });
});

describe('signed numbers, changes and amounts', () => {
  const plain = (text: string) => text.replace(/\s/g, ' ');

  it('should write a negative number with the hyphen-minus of nl-NL, never U+2212', () => {
    const texts = [
      formatNumber(-1234.5),
      formatCount(-3),
      formatSignedNumber(-3.25),
      formatSignedCount(-12),
      formatSignedPercent(-3),
      formatEuros(-12.5),
      formatSignedCents(-1250),
      formatEurosShort(-1500),
      withSign(-900, '15 min'),
    ];
    expect(texts.map(plain)).toEqual([
      '-1.234,5',
      '-3',
      '-3,25',
      '-12',
      '-3%',
      '€ -12,50',
      '€ -12,50',
      '€ -1.500',
      '-15 min',
    ]);
    for (const text of texts) expect(text).not.toMatch(/[\u2212\u2013]/);
  });

  it('should give a change a plus sign and leave what rounds to zero unsigned', () => {
    expect(formatSignedNumber(3.5)).toBe('+3,5');
    expect(formatSignedNumber(2.456, 1)).toBe('+2,5');
    expect(formatSignedNumber(-0.004)).toBe('0');
    expect(formatSignedCount(8)).toBe('+8');
    expect(formatSignedCount(0)).toBe('0');
    expect(formatSignedCount(-0.4)).toBe('0');
    expect(formatSignedPercent(12.5)).toBe('+12,5%');
    expect(formatSignedPercent(12.5, 0)).toBe('+13%');
    expect(withSign(60, '1 min')).toBe('+1 min');
    expect(withSign(0, '0 s')).toBe('0 s');
  });

  it('should put the sign of an amount where nl-NL puts it, after the euro sign', () => {
    expect(plain(formatSignedEuros(12.5))).toBe('€ +12,50');
    expect(plain(formatSignedCents(120000))).toBe('€ +1.200,00');
    expect(plain(formatSignedCents(0))).toBe('€ 0,00');
    expect(plain(formatEurosShort(1500))).toBe('€ 1.500');
    expect(plain(formatEurosShort(12.5))).toBe('€ 12,50');
  });

  it("should say '–' for no number", () => {
    for (const text of [
      formatSignedNumber(Number.NaN),
      formatSignedCount(Number.POSITIVE_INFINITY),
      formatSignedPercent(Number.NaN),
      formatSignedEuros(Number.NaN),
      formatEurosShort(Number.NaN),
    ])
      expect(text).toBe('–');
  });
});
