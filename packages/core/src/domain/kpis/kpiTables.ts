import type {
  KpiComparison,
  KpiDrillDownRow,
  KpiHeading,
  KpiSourceType,
  KpiTrendAssessment,
  KpiUnit,
  KpiValueInput,
  KpiValueOrigin,
} from '../contract';
import { formatDayTime, NO_VALUE, shortDayText } from '../format';
import { calendarDay } from '../periods';
import { periodKeyName } from './kpiBoardView';
import { checkNote } from './kpiDefinition';
import { KPI_SOURCE_LABELS } from './kpiMetrics';
import { KPI_STATUS_VIEWS, type StatusView, type TrendView } from './kpiStatus';
import {
  formatKpiChange,
  formatKpiValue,
  formatRelativeChange,
  kpiValueText,
  parseKpiValue,
  valueProblemText,
} from './kpiValues';

/**
 * The advanced KPI screen's tables as texts: the comparison of two periods per KPI with its
 * assessment, and a KPI's drill-down rows. Every status and assessment has a word and a symbol, so
 * nothing is said by colour alone.
 */

/** Whether b → a is better or worse for the KPI, as word and symbol. */
export interface AssessmentView {
  readonly label: string;
  /** A symbol name the screens map to an icon (the status and trend icons). */
  readonly icon: StatusView['icon'] | TrendView['icon'];
  readonly glyph: string;
  readonly tone: 'good' | 'bad' | 'neutral';
}

export const COMPARISON_ASSESSMENTS: Readonly<Record<KpiTrendAssessment | 'none', AssessmentView>> = {
  good: { label: 'Beter', icon: 'check', glyph: '✓', tone: 'good' },
  bad: { label: 'Slechter', icon: 'cross', glyph: '✕', tone: 'bad' },
  neutral: { label: 'Gelijk', icon: 'arrow-flat', glyph: '=', tone: 'neutral' },
  none: { label: 'Niet te vergelijken', icon: 'dash', glyph: '–', tone: 'neutral' },
};

/** One row of the comparison table. */
export interface ComparisonRowView {
  readonly id: number;
  readonly name: string;
  readonly periodA: string;
  readonly periodB: string;
  readonly valueA: string;
  readonly valueB: string;
  readonly statusA: StatusView;
  readonly statusB: StatusView;
  /** a − b in the KPI's unit ('+€ 1.200,00', '−2 procentpunt'); '–' when either has no value. */
  readonly change: string;
  readonly relativeChange: string;
  readonly assessment: AssessmentView;
  /** Why there is no assessment, or what it means ('Hoger is beter'). */
  readonly assessmentNote: string;
}

/** The comparison's rows: period A against period B (a − b), judged by each KPI's direction. */
export function comparisonRows(comparison: KpiComparison): ComparisonRowView[] {
  return comparison.items.map((item) => {
    const { kpi } = item;
    const missing = item.a.value === null ? 'A' : item.b.value === null ? 'B' : null;
    return {
      id: kpi.id,
      name: kpi.name,
      periodA: periodKeyName(kpi.period_kind, item.a.period),
      periodB: periodKeyName(kpi.period_kind, item.b.period),
      valueA: formatKpiValue(kpi.unit, item.a.value),
      valueB: formatKpiValue(kpi.unit, item.b.value),
      statusA: KPI_STATUS_VIEWS[item.a.status],
      statusB: KPI_STATUS_VIEWS[item.b.status],
      change: item.change === null ? NO_VALUE : formatKpiChange(kpi.unit, item.change),
      relativeChange: formatRelativeChange(item.relative_change),
      assessment: COMPARISON_ASSESSMENTS[item.assessment ?? 'none'],
      assessmentNote:
        missing !== null
          ? `Periode ${missing} heeft geen waarde.`
          : kpi.direction === 'higher'
            ? 'Hoger is beter.'
            : 'Lager is beter.',
    };
  });
}

/** How many KPIs got better, worse, stayed equal or could not be compared, in one sentence. */
export function comparisonSummary(rows: readonly ComparisonRowView[]): string {
  const count = (view: AssessmentView) => rows.filter((row) => row.assessment === view).length;
  const A = COMPARISON_ASSESSMENTS;
  const parts = [
    `${count(A.good)} beter`,
    `${count(A.bad)} slechter`,
    `${count(A.neutral)} gelijk`,
    `${count(A.none)} niet te vergelijken`,
  ];
  return `${rows.length === 1 ? '1 KPI' : `${rows.length} KPI's`}: ${parts.join(', ')}.`;
}

// --- Drill-down ---------------------------------------------------------------------------------

export const KPI_ORIGIN_LABELS: Readonly<Record<KpiValueOrigin | KpiSourceType, string>> = {
  manual: KPI_SOURCE_LABELS.manual,
  import: 'CSV-import',
  survey: KPI_SOURCE_LABELS.survey,
  finance: KPI_SOURCE_LABELS.finance,
};

/** One row of a KPI's drill-down as the table shows it. */
export interface DrillDownRowView {
  readonly period: string;
  readonly periodName: string;
  readonly value: string;
  readonly target: string;
  readonly status: StatusView;
  readonly note: string;
  readonly enteredBy: string;
  readonly enteredAt: string;
  readonly origin: string;
  /** A manual KPI's period: its value may be entered or changed. */
  readonly editable: boolean;
  /** A stored value of a manual KPI, which may be deleted. */
  readonly deletable: boolean;
  /** The value as the edit field starts, in the Dutch notation it reads back; '' without one. */
  readonly valueInput: string;
}

/** The drill-down's rows, newest first as the server sends them. */
export function drillDownRows(
  kpi: Pick<KpiHeading, 'unit' | 'period_kind' | 'source'>,
  rows: readonly KpiDrillDownRow[],
): DrillDownRowView[] {
  const manual = kpi.source.type === 'manual';
  return rows.map((row) => {
    const stored = row.value !== null && (row.origin === 'manual' || row.origin === 'import');
    return {
      period: row.period,
      periodName: periodKeyName(kpi.period_kind, row.period),
      value: formatKpiValue(kpi.unit, row.value),
      target: formatKpiValue(kpi.unit, row.target),
      status: KPI_STATUS_VIEWS[row.status],
      note: row.note,
      enteredBy: row.entered_by?.name ?? (row.entered_at === null ? NO_VALUE : 'Onbekend'),
      enteredAt: row.entered_at === null ? NO_VALUE : formatDayTime(row.entered_at),
      origin: row.value === null ? NO_VALUE : KPI_ORIGIN_LABELS[row.origin],
      editable: manual,
      deletable: manual && stored,
      valueInput: row.value === null ? '' : kpiValueText(kpi.unit, row.value),
    };
  });
}

/** A value and note as typed in the drill-down, checked; each problem names its field ('value', 'note'). */
export function checkValueEdit(
  unit: KpiUnit,
  valueText: string,
  note: string,
):
  | { readonly ok: true; readonly value: KpiValueInput }
  | { readonly ok: false; readonly fields: Readonly<Record<'value' | 'note', string | undefined>> } {
  const value = parseKpiValue(unit, valueText);
  const checked = checkNote(note);
  if (value.ok && checked.ok) return { ok: true, value: { value: value.value, note: checked.value } };
  return {
    ok: false,
    fields: {
      value: value.ok ? undefined : valueProblemText('Waarde', value.reason),
      note: checked.ok ? undefined : checked.reason,
    },
  };
}

/** What a value looks like in each unit, under the field where it is typed. */
export const KPI_VALUE_HINTS: Readonly<Record<KpiUnit, string>> = {
  number: 'Bijvoorbeeld 1.234,5',
  percentage: 'Bijvoorbeeld 45,5 (tussen 0 en 100)',
  euro: 'Bijvoorbeeld 1.234,56',
  duration: 'Bijvoorbeeld 2:15 of 2 u 15 min',
};

/** Two days as a range people read: '1 jan. 2026 tot en met 15 mrt. 2026'. */
export function dayRangeText(from: string, to: string): string {
  const day = (text: string) => {
    const parsed = calendarDay(text);
    return parsed === null ? text : shortDayText(parsed);
  };
  return `${day(from)} tot en met ${day(to)}`;
}
