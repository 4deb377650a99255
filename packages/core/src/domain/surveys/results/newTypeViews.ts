import type { QuestionOf } from '../../contract';
import { formatMean, formatMonth, formatNumber, numberSummary, roundedShare } from '../model';
import type { QuestionResultView } from './resultsViewTypes';
import { barRow, base } from './viewParts';

/** The views of the newer question types: ranking, date and number (R-SURV-24). */

/** A ranking: per option its average position and its share ranked first, best first (R-SURV-24). */
export function rankingView(
  question: QuestionOf<'ranking'>,
  byPosition: Readonly<Record<string, Readonly<Record<string, number>>>>,
  answered: number,
): QuestionResultView {
  const options = question.settings.options.map((option, index) => {
    const counts = byPosition[option.id] ?? {};
    let total = 0;
    let sum = 0;
    for (const [position, count] of Object.entries(counts)) {
      const n = Math.max(0, count);
      total += n;
      sum += Number(position) * n;
    }
    return {
      option,
      index,
      total,
      first: Math.max(0, counts['1'] ?? 0),
      mean: total > 0 ? sum / total : null,
    };
  });
  const respondents = Math.max(answered, ...options.map((entry) => entry.total));
  const ordered = [...options].sort(
    (a, b) =>
      (a.mean ?? Number.POSITIVE_INFINITY) - (b.mean ?? Number.POSITIVE_INFINITY) || a.index - b.index,
  );
  return {
    ...base(question, respondents),
    kind: 'ranking',
    rows: ordered.map(({ option, first, mean }) => {
      const row = barRow(
        option.id,
        option.label,
        first,
        respondents > 0 ? (first * 100) / respondents : 0,
        roundedShare(first, respondents),
      );
      return { ...row, valueText: `gemiddeld ${formatMean(mean)}e · ${row.percentText} als eerste` };
    }),
  };
}

/** The months from the first to the last answered one, each with its answers (none in between: 0). */
export function dateView(
  question: QuestionOf<'date'>,
  byMonth: Readonly<Record<string, number>>,
  answered: number,
): QuestionResultView {
  const months = Object.keys(byMonth)
    .filter((month) => /^\d{4}-\d{2}$/.test(month))
    .sort();
  const total = months.reduce((sum, month) => sum + Math.max(0, byMonth[month] ?? 0), 0);
  const all: string[] = [];
  if (months.length > 0) {
    const [first, last] = [months[0] as string, months.at(-1) as string];
    let [year, month] = first.split('-').map(Number) as [number, number];
    // At most 120 bars: ten years of months; beyond, only the months answered.
    for (let guard = 0; guard < 120; guard++) {
      const key = `${year}-${String(month).padStart(2, '0')}`;
      all.push(key);
      if (key >= last) break;
      month = month === 12 ? 1 : month + 1;
      if (month === 1) year++;
    }
    if ((all.at(-1) as string) < last) all.splice(0, all.length, ...months);
  }
  return {
    ...base(question, Math.max(answered, total)),
    kind: 'date',
    rows: all.map((month) => {
      const count = Math.max(0, byMonth[month] ?? 0);
      return barRow(
        month,
        formatMonth(month),
        count,
        total > 0 ? (count * 100) / total : 0,
        roundedShare(count, total),
      );
    }),
  };
}

export function numberView(
  question: QuestionOf<'number'>,
  byValue: Readonly<Record<string, number>>,
  answered: number,
): QuestionResultView {
  const unit = question.settings.unit;
  const summary = numberSummary(byValue, unit);
  const text = (value: number | null) => (value === null ? '–' : formatNumber(roundTo(value), unit));
  const total = summary.count;
  return {
    ...base(question, Math.max(answered, total)),
    kind: 'number',
    figures:
      total === 0
        ? []
        : [
            { label: 'Mediaan', text: text(summary.median) },
            { label: 'Kwartielen', text: `${text(summary.q1)} tot ${text(summary.q3)}` },
            { label: 'Gemiddelde', text: text(summary.mean) },
            { label: 'Laagste en hoogste', text: `${text(summary.min)} en ${text(summary.max)}` },
          ],
    rows: summary.bins.map((bin, index) =>
      barRow(
        String(index),
        bin.label,
        bin.count,
        total > 0 ? (bin.count * 100) / total : 0,
        roundedShare(bin.count, total),
      ),
    ),
  };
}

/** A figure to at most two decimals, as the results show them. */
const roundTo = (value: number): number => Math.round(value * 100) / 100;
