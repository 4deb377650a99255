import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KpiUnit } from '../contract';
import {
  decimalsOf,
  formatDuration,
  formatKpiChange,
  formatKpiValue,
  formatRelativeChange,
  kpiValueProblem,
  kpiValueText,
  KPI_VALUE_MESSAGES as M,
  parseDuration,
  parseKpiValue,
} from './kpiValues';

describe('kpiValueProblem', () => {
  it('should refuse a percentage outside 0–100 and one with three decimals', () => {
    expect(kpiValueProblem('percentage', 100)).toBeNull();
    expect(kpiValueProblem('percentage', 0)).toBeNull();
    expect(kpiValueProblem('percentage', 45.25)).toBeNull();
    expect(kpiValueProblem('percentage', 100.01)).toBe(M.percentageRange);
    expect(kpiValueProblem('percentage', -1)).toBe(M.percentageRange);
    expect(kpiValueProblem('percentage', 45.125)).toBe(M.percentageDecimals);
  });

  it('should refuse a fraction of a cent (a euro amount with three decimals)', () => {
    expect(kpiValueProblem('euro', 123456)).toBeNull();
    expect(kpiValueProblem('euro', -1250)).toBeNull();
    expect(kpiValueProblem('euro', 1234.5)).toBe(M.euroDecimals);
  });

  it('should want whole, non-negative seconds for a duration', () => {
    expect(kpiValueProblem('duration', 8100)).toBeNull();
    expect(kpiValueProblem('duration', 1.5)).toBe(M.durationWhole);
    expect(kpiValueProblem('duration', -60)).toBe(M.durationNegative);
  });

  it('should refuse what is not a finite number, or absurdly large', () => {
    for (const unit of ['number', 'percentage', 'euro', 'duration'] as const) {
      expect(kpiValueProblem(unit, Number.NaN)).toBe(M.notANumber);
      expect(kpiValueProblem(unit, Number.POSITIVE_INFINITY)).toBe(M.notANumber);
    }
    expect(kpiValueProblem('number', 2e12)).toBe(M.tooLarge);
    expect(kpiValueProblem('number', 1.23456)).toBe(M.numberDecimals);
    expect(kpiValueProblem('number', 1e-7)).toBe(M.numberDecimals);
  });

  it('should count decimals as JavaScript writes the number shortest', () => {
    expect(decimalsOf(12.35)).toBe(2);
    expect(decimalsOf(0.1 + 0.2)).toBe(17);
    expect(decimalsOf(1e21)).toBe(0);
    expect(decimalsOf(-3)).toBe(0);
  });
});

describe('parseKpiValue', () => {
  const ok = (unit: KpiUnit, text: string) => {
    const parsed = parseKpiValue(unit, text);
    if (!parsed.ok) throw new Error(`${text}: ${parsed.reason}`);
    return parsed.value;
  };

  it('should read Dutch amounts into cents, with or without the euro sign', () => {
    expect(ok('euro', '1.234,56')).toBe(123456);
    expect(ok('euro', '-12,50')).toBe(-1250);
    expect(ok('euro', '€ 1.234,5')).toBe(123450);
    expect(ok('euro', '€ -12,50')).toBe(-1250);
    expect(ok('euro', '-€ 12,50')).toBe(-1250);
    expect(ok('euro', '1234')).toBe(123400);
    expect(ok('euro', '0,07')).toBe(7);
  });

  it('should refuse three decimals, English notation and text, with the reason', () => {
    expect(parseKpiValue('euro', '12,345')).toEqual({ ok: false, reason: M.euroDecimals });
    expect(parseKpiValue('euro', '12.5')).toEqual({ ok: false, reason: M.dutchNumber });
    expect(parseKpiValue('number', '1,234.56')).toEqual({ ok: false, reason: M.dutchNumber });
    expect(parseKpiValue('number', 'veel')).toEqual({ ok: false, reason: M.dutchNumber });
    expect(parseKpiValue('number', '  ')).toEqual({ ok: false, reason: M.empty });
    expect(parseKpiValue('number', '1.23.456')).toEqual({ ok: false, reason: M.dutchNumber });
  });

  it('should read percentages with or without the sign and keep them within 0–100', () => {
    expect(ok('percentage', '45,5%')).toBe(45.5);
    expect(ok('percentage', '45,5 %')).toBe(45.5);
    expect(ok('percentage', '100')).toBe(100);
    expect(parseKpiValue('percentage', '101%')).toEqual({ ok: false, reason: M.percentageRange });
  });

  it('should read durations as clock times and in words', () => {
    expect(ok('duration', '2:15')).toBe(8100);
    expect(ok('duration', '2:15:30')).toBe(8130);
    expect(ok('duration', '2 u 15 min')).toBe(8100);
    expect(ok('duration', '2u15min')).toBe(8100);
    expect(ok('duration', '45 min')).toBe(2700);
    expect(ok('duration', '1,5 uur')).toBe(5400);
    expect(ok('duration', '30 s')).toBe(30);
    expect(parseKpiValue('duration', '2:75')).toEqual({ ok: false, reason: M.durationText });
    expect(parseKpiValue('duration', '45')).toEqual({ ok: false, reason: M.durationText });
    expect(parseKpiValue('duration', '3 dagen')).toEqual({ ok: false, reason: M.durationText });
    expect(parseDuration('0,5 s')).toBeNull();
  });

  it('should read negative numbers with either minus sign', () => {
    expect(ok('number', '-3,25')).toBe(-3.25);
    expect(ok('number', '−3,25')).toBe(-3.25);
    expect(ok('number', '+7')).toBe(7);
    expect(Object.is(ok('number', '-0'), 0)).toBe(true);
  });
});

describe('formatting', () => {
  it('should write values per unit in Dutch', () => {
    expect(formatKpiValue('euro', 123456)).toBe('€\u00a01.234,56');
    expect(formatKpiValue('percentage', 45.5)).toBe('45,5%');
    expect(formatKpiValue('duration', 8100)).toBe('2 u 15 min');
    expect(formatKpiValue('number', 1234.5)).toBe('1.234,5');
    expect(formatKpiValue('number', null)).toBe('–');
  });

  it('should write durations in hours and minutes, minutes and seconds, or seconds', () => {
    expect(formatDuration(30)).toBe('30 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(90)).toBe('1 min 30 s');
    expect(formatDuration(3600)).toBe('1 u');
    expect(formatDuration(8130)).toBe('2 u 16 min');
    expect(formatDuration(-900)).toBe('-15 min');
  });

  it('should sign changes and write a percentage change in points', () => {
    expect(formatKpiChange('euro', 1200)).toBe('€\u00a0+12,00');
    expect(formatKpiChange('percentage', -2.5)).toBe('-2,5 procentpunt');
    expect(formatKpiChange('duration', 900)).toBe('+15 min');
    expect(formatKpiChange('number', 0)).toBe('0');
    expect(formatRelativeChange(0.125)).toBe('+12,5%');
    expect(formatRelativeChange(-0.03)).toBe('-3%');
    expect(formatRelativeChange(null)).toBe('–');
  });
});

describe('the export text reads back exactly (property)', () => {
  const valuesOf: Record<KpiUnit, fc.Arbitrary<number>> = {
    euro: fc.integer({ min: -1e11, max: 1e11 }),
    duration: fc.integer({ min: 0, max: 10_000_000 }),
    percentage: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
    number: fc.integer({ min: -1e12, max: 1e12 }).map((n) => n / 10_000),
  };

  for (const unit of ['euro', 'duration', 'percentage', 'number'] as const) {
    it(`should parse kpiValueText back to the same ${unit} value`, () => {
      fc.assert(
        fc.property(valuesOf[unit], (value) => {
          const parsed = parseKpiValue(unit, kpiValueText(unit, value));
          expect(parsed).toEqual({ ok: true, value: value + 0 });
        }),
      );
    });
  }

  it('should read the people format of durations and percentages back too', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86_400 }), (seconds) => {
        const parsed = parseKpiValue('duration', formatDuration(seconds));
        // Over an hour the text is in whole minutes.
        const expected = seconds >= 3600 ? Math.round(seconds / 60) * 60 : seconds;
        expect(parsed).toEqual({ ok: true, value: expected });
      }),
    );
  });
});
