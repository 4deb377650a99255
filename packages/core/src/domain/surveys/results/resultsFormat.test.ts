import { describe, expect, it } from 'vitest';
import { formatCount, formatRate, formatShare } from '../../format';
import {
  answersText,
  axisLabel,
  formatResultDate,
  formatResultDateTime,
  parseDay,
  periodLabel,
  periodLongLabel,
  responsesText,
  SURVEY_STATUS_LABELS,
} from './resultsFormat';

describe('SURVEY_STATUS_LABELS', () => {
  it('should name every status in Dutch', () => {
    expect(SURVEY_STATUS_LABELS).toEqual({ draft: 'Concept', open: 'Open', closed: 'Gesloten' });
  });
});

describe('formatRate', () => {
  it.each([
    [0.425, '43%'],
    [0, '0%'],
    [1, '100%'],
    [0.004, '0%'],
    [0.995, '100%'],
  ])('should show %s as %s', (rate, expected) => {
    expect(formatRate(rate)).toBe(expected);
  });

  it('should show a dash without a rate', () => {
    expect(formatRate(null)).toBe('–');
    expect(formatRate(undefined)).toBe('–');
    expect(formatRate(Number.NaN)).toBe('–');
  });
});

describe('formatShare', () => {
  it('should round a share of 0–100 to a whole percent without a minus zero', () => {
    expect(formatShare(33.333)).toBe('33%');
    expect(formatShare(-0.2)).toBe('0%');
    expect(formatShare(Number.POSITIVE_INFINITY)).toBe('–');
  });
});

describe('formatCount', () => {
  it('should group thousands with a dot', () => {
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(0)).toBe('0');
  });
});

describe('formatResultDate', () => {
  it('should show the Amsterdam day with a short Dutch month', () => {
    expect(formatResultDate('2025-11-03T10:00:00Z')).toBe('3 nov. 2025');
    expect(formatResultDate('2025-05-20T10:00:00Z')).toBe('20 mei 2025');
  });

  it('should count the day in Amsterdam, not in UTC', () => {
    // 23:30 UTC on 31 December is already New Year in Amsterdam.
    expect(formatResultDate('2025-12-31T23:30:00Z')).toBe('1 jan. 2026');
  });

  it('should show a dash for a missing or unreadable date', () => {
    expect(formatResultDate(null)).toBe('–');
    expect(formatResultDate('gisteren')).toBe('–');
  });
});

describe('formatResultDateTime', () => {
  it('should add the Amsterdam time in 24 hours', () => {
    expect(formatResultDateTime('2025-07-01T12:05:00Z')).toBe('1 jul. 2025, 14:05');
    expect(formatResultDateTime('2025-01-15T23:59:00Z')).toBe('16 jan. 2025, 00:59');
  });
});

describe('parseDay', () => {
  it('should read a real calendar day', () => {
    expect(parseDay('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it.each(['2025-02-29', '2025-13-01', '2025-1-1', '01-11-2025', '', '2025-11-03T00:00'])(
    'should refuse %j',
    (text) => {
      expect(parseDay(text)).toBeNull();
    },
  );
});

describe('periodLabel', () => {
  it('should label a day, a week and a month in Dutch', () => {
    expect(periodLabel('2025-11-03', 'day')).toBe('3 nov.');
    expect(periodLabel('2025-11-03', 'week')).toBe('week van 3 nov.');
    expect(periodLabel('2025-11-01', 'month')).toBe('nov. 2025');
  });

  it('should write the long forms in full', () => {
    expect(periodLongLabel('2025-03-03', 'day')).toBe('3 maart 2025');
    expect(periodLongLabel('2025-03-03', 'week')).toBe('week van 3 maart 2025');
    expect(periodLongLabel('2025-03-01', 'month')).toBe('maart 2025');
  });

  it('should keep axis labels short, the bucket being said in the caption', () => {
    expect(axisLabel('2025-11-03', 'week')).toBe('3 nov.');
    expect(axisLabel('2025-11-03', 'day')).toBe('3 nov.');
    expect(axisLabel('2025-11-01', 'month')).toBe('nov. 2025');
  });

  it('should leave a period it cannot read as it is', () => {
    expect(periodLabel('onbekend', 'day')).toBe('onbekend');
  });
});

describe('answersText and responsesText', () => {
  it('should use the singular for one', () => {
    expect(answersText(1)).toBe('1 antwoord');
    expect(answersText(1200)).toBe('1.200 antwoorden');
    expect(responsesText(1)).toBe('1 reactie');
    expect(responsesText(0)).toBe('0 reacties');
  });
});
