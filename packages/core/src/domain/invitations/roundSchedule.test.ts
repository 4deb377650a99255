import { describe, expect, it } from 'vitest';
import {
  amsterdamMoment,
  nextRoundDue,
  type RoundRhythm,
  rhythmText,
  roundDueAt,
  roundScheduleProblems,
} from './roundSchedule';

const at = (iso: string) => new Date(iso);
const rhythm = (startAt: string, unit: RoundRhythm['unit'], count: number): RoundRhythm => ({
  startAt: at(startAt),
  unit,
  count,
});

describe('roundDueAt (R-ROUND-2)', () => {
  it('should keep the wall-clock time in Amsterdam across the change to summer time', () => {
    // Monday 16 March 2026 09:00 CET (08:00 UTC); summer time starts on 29 March.
    const weekly = rhythm('2026-03-16T08:00:00.000Z', 'week', 1);
    expect(roundDueAt(weekly, 0).toISOString()).toBe('2026-03-16T08:00:00.000Z');
    expect(roundDueAt(weekly, 1).toISOString()).toBe('2026-03-23T08:00:00.000Z');
    // 30 March 09:00 CEST is 07:00 UTC.
    expect(roundDueAt(weekly, 2).toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });

  it('should keep the wall-clock time across the change to winter time', () => {
    // Monday 19 October 2026 09:00 CEST; winter time from 25 October.
    const fortnightly = rhythm('2026-10-19T07:00:00.000Z', 'week', 2);
    expect(roundDueAt(fortnightly, 1).toISOString()).toBe('2026-11-02T08:00:00.000Z');
  });

  it('should put a month-end round on the last day of a shorter month, and back on its day after', () => {
    // 31 January 2026 10:00 CET.
    const monthly = rhythm('2026-01-31T09:00:00.000Z', 'month', 1);
    expect(roundDueAt(monthly, 1).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    // 31 March 10:00 is summer time: 08:00 UTC.
    expect(roundDueAt(monthly, 2).toISOString()).toBe('2026-03-31T08:00:00.000Z');
    expect(roundDueAt(monthly, 3).toISOString()).toBe('2026-04-30T08:00:00.000Z');
    expect(roundDueAt(monthly, 13).toISOString()).toBe('2027-02-28T09:00:00.000Z');
  });

  it('should take 29 February in a leap year and the 28th otherwise', () => {
    const monthly = rhythm('2027-12-29T09:00:00.000Z', 'month', 2);
    expect(roundDueAt(monthly, 1).toISOString()).toBe('2028-02-29T09:00:00.000Z');
    const yearly = rhythm('2028-02-29T09:00:00.000Z', 'month', 12);
    expect(roundDueAt(yearly, 1).toISOString()).toBe('2029-02-28T09:00:00.000Z');
  });

  it('should move a time in the skipped spring hour on by the hour, and take the first of a doubled autumn hour', () => {
    // 02:30 on 29 March 2026 does not exist in Amsterdam: 03:30 CEST (01:30 UTC).
    const spring = rhythm('2026-03-22T01:30:00.000Z', 'week', 1);
    expect(roundDueAt(spring, 1).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 on 25 October 2026 happens twice: the first is 00:30 UTC (CEST).
    const autumn = rhythm('2026-10-18T00:30:00.000Z', 'week', 1);
    expect(roundDueAt(autumn, 1).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('nextRoundDue (R-ROUND-3)', () => {
  const monthly = rhythm('2026-01-31T09:00:00.000Z', 'month', 1);

  it('should answer the first date strictly after the moment', () => {
    expect(nextRoundDue(monthly, at('2026-01-31T09:00:00.000Z')).toISOString()).toBe(
      '2026-02-28T09:00:00.000Z',
    );
    expect(nextRoundDue(monthly, at('2026-01-01T00:00:00.000Z')).toISOString()).toBe(
      '2026-01-31T09:00:00.000Z',
    );
  });

  it('should not catch up dates that passed while the server was down: the next one after now', () => {
    expect(nextRoundDue(monthly, at('2026-06-15T12:00:00.000Z')).toISOString()).toBe(
      '2026-06-30T08:00:00.000Z',
    );
    // 54 weeks after the start is the first slot after a year: 29 March 2027, already summer time.
    const weekly = rhythm('2026-03-16T08:00:00.000Z', 'week', 3);
    expect(nextRoundDue(weekly, at('2027-03-16T08:00:00.000Z')).toISOString()).toBe(
      '2027-03-29T07:00:00.000Z',
    );
  });
});

describe('roundScheduleProblems', () => {
  const now = at('2026-03-01T10:00:00.000Z');
  it('should name each bad field in Dutch and accept a good schedule', () => {
    expect(
      roundScheduleProblems(
        { interval_unit: 'week', interval_count: 2, segment_id: null, start_at: '2026-03-02T08:00:00Z' },
        now,
      ),
    ).toEqual({});
    const problems = roundScheduleProblems(
      {
        interval_unit: 'day' as 'week',
        interval_count: 13,
        segment_id: null,
        start_at: '2026-02-01T08:00:00Z',
      },
      now,
    );
    expect(Object.keys(problems).sort()).toEqual(['interval_count', 'interval_unit', 'start_at']);
    expect(problems.start_at).toBe('Het moment van de eerste ronde ligt in het verleden.');
    expect(
      roundScheduleProblems(
        { interval_unit: 'month', interval_count: 1, segment_id: null, start_at: 'morgen' },
        now,
      ).start_at,
    ).toBe('Geef het moment van de eerste ronde als datum en tijd.');
  });

  it('should say the rhythm in Dutch', () => {
    expect(rhythmText('week', 1)).toBe('Elke week');
    expect(rhythmText('month', 3)).toBe('Elke 3 maanden');
  });
});

describe('amsterdamMoment', () => {
  it('should read a day and time on the Dutch clock, in winter and in summer, and refuse what is none', () => {
    expect(amsterdamMoment('2026-01-15', '09:00')?.toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(amsterdamMoment('2026-07-15', '09:00')?.toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(amsterdamMoment('2026-02-30', '09:00')).toBeNull();
    expect(amsterdamMoment('2026-02-10', '25:00')).toBeNull();
    expect(amsterdamMoment('', '09:00')).toBeNull();
  });
});
