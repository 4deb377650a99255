import { describe, expect, it } from 'vitest';
import type { KpiComparison, KpiDrillDownRow, KpiHeading, KpiPoint } from '../contract';
import { checkValueEdit, comparisonRows, comparisonSummary, dayRangeText, drillDownRows } from './kpiTables';

const source = {
  type: 'manual' as const,
  metric: null,
  survey_id: null,
  question_id: null,
  statement_id: null,
  survey_title: null,
};
const heading = (id: number, patch: Partial<KpiHeading> = {}): KpiHeading => ({
  id,
  name: `KPI ${id}`,
  unit: 'euro',
  direction: 'higher',
  period_kind: 'month',
  owner: null,
  source,
  state: 'ok',
  ...patch,
});
const point = (period: string, value: number | null, status: KpiPoint['status'] = 'no_target'): KpiPoint => ({
  period,
  start: `${period}-01`,
  end: `${period}-28`,
  value,
  target: null,
  warning: null,
  status,
});
type Item = KpiComparison['items'][number];

describe('comparisonRows', () => {
  it('should say a against b in the unit, relatively, and better or worse by direction as word and symbol', () => {
    const items: Item[] = [
      {
        kpi: heading(1),
        a: point('2026-03', 150_000, 'on_track'),
        b: point('2025-03', 100_000),
        change: 50_000,
        relative_change: 0.5,
        assessment: 'good',
      },
      {
        kpi: heading(2, { unit: 'duration', direction: 'lower', period_kind: 'quarter' }),
        a: point('2026-Q1', 5400),
        b: point('2025-Q1', 3600),
        change: 1800,
        relative_change: 0.5,
        assessment: 'bad',
      },
      {
        kpi: heading(3, { unit: 'percentage' }),
        a: point('2026-03', 40),
        b: point('2025-03', null),
        change: null,
        relative_change: null,
        assessment: null,
      },
      {
        kpi: heading(4, { unit: 'number' }),
        a: point('2026-03', 7),
        b: point('2025-03', 7),
        change: 0,
        relative_change: 0,
        assessment: 'neutral',
      },
    ];
    const rows = comparisonRows({ a: '2026-03-15', b: '2025-03-15', items });
    expect(
      rows.map((row) => [
        row.periodA,
        row.valueA,
        row.valueB,
        row.change,
        row.relativeChange,
        row.assessment.label,
      ]),
    ).toEqual([
      ['maart 2026', '€\u00a01.500,00', '€\u00a01.000,00', '€\u00a0+500,00', '+50%', 'Beter'],
      ['Q1 2026', '1 u 30 min', '1 u', '+30 min', '+50%', 'Slechter'],
      ['maart 2026', '40%', '–', '–', '–', 'Niet te vergelijken'],
      ['maart 2026', '7', '7', '0', '0%', 'Gelijk'],
    ]);
    expect(rows[0]?.statusA.label).toBe('Op koers');
    expect(rows.map((row) => row.assessment.icon)).toEqual(['check', 'cross', 'dash', 'arrow-flat']);
    expect(rows.map((row) => row.assessmentNote)).toEqual([
      'Hoger is beter.',
      'Lager is beter.',
      'Periode B heeft geen waarde.',
      'Hoger is beter.',
    ]);
    expect(comparisonSummary(rows)).toBe("4 KPI's: 1 beter, 1 slechter, 1 gelijk, 1 niet te vergelijken.");
  });
});

describe('drillDownRows', () => {
  const row = (patch: Partial<KpiDrillDownRow>): KpiDrillDownRow => ({
    ...point('2026-03', 123_456, 'at_risk'),
    target: 150_000,
    warning: 100_000,
    note: 'Goede maand',
    origin: 'manual',
    entered_by: { id: 2, name: 'Bram' },
    entered_at: '2026-03-31T10:15:00Z',
    ...patch,
  });

  it('should show period, value, target, status, who and when and where it came from', () => {
    const [manual, imported, empty] = drillDownRows(heading(1), [
      row({}),
      row({ period: '2026-02', origin: 'import', entered_by: null }),
      row({
        period: '2026-01',
        value: null,
        status: 'no_value',
        note: '',
        entered_by: null,
        entered_at: null,
      }),
    ]);
    expect(manual).toMatchObject({
      periodName: 'maart 2026',
      value: '€\u00a01.234,56',
      target: '€\u00a01.500,00',
      note: 'Goede maand',
      enteredBy: 'Bram',
      enteredAt: '31 mrt. 2026, 12:15',
      origin: 'Handmatig',
      editable: true,
      deletable: true,
      valueInput: '1.234,56',
    });
    expect(manual?.status.label).toBe('Risico');
    expect(imported).toMatchObject({ origin: 'CSV-import', enteredBy: 'Onbekend', deletable: true });
    expect(empty).toMatchObject({
      value: '–',
      origin: '–',
      enteredBy: '–',
      enteredAt: '–',
      editable: true,
      deletable: false,
      valueInput: '',
    });
  });

  it('should not offer to edit values a survey or finance source computes', () => {
    const finance = { ...source, type: 'finance' as const, metric: 'revenue' as const };
    const [computed] = drillDownRows(heading(1, { source: finance }), [
      row({ origin: 'finance', entered_by: null, entered_at: null, note: '' }),
    ]);
    expect(computed).toMatchObject({ origin: 'Financiën', editable: false, deletable: false });
  });
});

describe('checkValueEdit', () => {
  it('should read a Dutch value in the unit and trim the note', () => {
    expect(checkValueEdit('euro', '€ 1.234,56', '  Goede maand ')).toEqual({
      ok: true,
      value: { value: 123_456, note: 'Goede maand' },
    });
    expect(checkValueEdit('duration', '2:15', '')).toEqual({ ok: true, value: { value: 8100, note: '' } });
  });

  it('should name the value field and the note field of each problem', () => {
    expect(checkValueEdit('percentage', '120', 'x'.repeat(2001))).toEqual({
      ok: false,
      fields: {
        value: 'Waarde: een percentage ligt tussen 0 en 100.',
        note: expect.stringContaining('De notitie is te lang'),
      },
    });
    expect(checkValueEdit('number', '12.5', '')).toMatchObject({
      fields: {
        value: 'Waarde: schrijf een getal op zijn Nederlands, bijvoorbeeld 1.234,56.',
        note: undefined,
      },
    });
  });
});

describe('dayRangeText', () => {
  it('should write both days the way tables do', () => {
    expect(dayRangeText('2026-01-01', '2026-03-15')).toBe('1 jan. 2026 tot en met 15 mrt. 2026');
  });
});
