/**
 * Pulse rounds compared (R-ROUND-6): per question one figure per round, from the round's own
 * results and with the results' own rules (NPS from `npsFromCounts`; means of scores, Likert points
 * and numbers; for a choice the share of the option most chosen in the chosen round), then this
 * round against the previous one and the trend over every round. The results screen shows it; the
 * business analysis names the biggest changes with `roundChangeSentences`.
 */
import type { Question, QuestionResult, RoundComparison, RoundResults } from '../../contract';
import { formatNumber, formatSignedNumber } from '../../format';
import { npsFromCounts } from '../model';

export interface RoundPoint {
  readonly roundId: number;
  readonly number: number;
  /** The figure in this round; null without answers. */
  readonly value: number | null;
  readonly answered: number;
}

export type RoundDirection = 'up' | 'down' | 'same';

export interface RoundQuestionComparison {
  readonly questionId: string;
  readonly title: string;
  /** What the figure is: 'NPS', 'Gemiddelde' or 'Aandeel "Optie"'. */
  readonly measure: string;
  /** Every round, oldest first. */
  readonly points: readonly RoundPoint[];
  readonly current: RoundPoint | null;
  readonly previous: RoundPoint | null;
  /** current − previous; null when either has no figure. */
  readonly change: number | null;
  readonly direction: RoundDirection | null;
  /** '+6', '−0,3' or '–'. */
  readonly changeText: string;
  /** The figures of all rounds, oldest first: '32 → 35 → 41' ('–' for a round without answers). */
  readonly trendText: string;
}

type Figure = {
  readonly measure: string;
  readonly value: (result: QuestionResult) => number | null;
  readonly digits: 0 | 1;
};

function meanOf(counts: Readonly<Record<string, number>>): number | null {
  let total = 0;
  let sum = 0;
  for (const [key, count] of Object.entries(counts)) {
    const value = Number(key);
    if (!Number.isFinite(value)) continue;
    total += count;
    sum += value * count;
  }
  return total === 0 ? null : sum / total;
}

/** The option most chosen in `chosen` (the round the screen shows), else none. */
function topOption(
  question: Question,
  chosen: QuestionResult | undefined,
): { id: string; label: string } | null {
  if (chosen === undefined || !('by_option' in chosen)) return null;
  const options = 'options' in question.settings ? question.settings.options : [];
  let best: { id: string; label: string; count: number } | null = null;
  for (const option of options) {
    const count = chosen.by_option[option.id] ?? 0;
    if (count > 0 && (best === null || count > best.count))
      best = { id: option.id, label: option.label, count };
  }
  return best;
}

function figureFor(question: Question, chosen: QuestionResult | undefined): Figure | null {
  switch (question.type) {
    case 'nps':
      return {
        measure: 'NPS',
        value: (result) => (result.type === 'nps' ? npsFromCounts(result.by_score).score : null),
        digits: 0,
      };
    case 'rating':
      return {
        measure: 'Gemiddelde',
        value: (result) => ('by_score' in result ? meanOf(result.by_score) : null),
        digits: 1,
      };
    case 'number':
      return {
        measure: 'Gemiddelde',
        value: (result) => ('by_value' in result ? meanOf(result.by_value) : null),
        digits: 1,
      };
    case 'likert':
      return {
        measure: 'Gemiddelde',
        value: (result) => {
          if (!('by_statement' in result)) return null;
          const all: Record<string, number> = {};
          for (const counts of Object.values(result.by_statement))
            for (const [point, count] of Object.entries(counts)) all[point] = (all[point] ?? 0) + count;
          return meanOf(all);
        },
        digits: 1,
      };
    case 'single_choice':
    case 'multiple_choice':
    case 'dropdown': {
      const option = topOption(question, chosen);
      if (option === null) return null;
      return {
        measure: `Aandeel '${option.label}' (%)`,
        value: (result) =>
          'by_option' in result && result.answered > 0
            ? ((result.by_option[option.id] ?? 0) * 100) / result.answered
            : null,
        digits: 0,
      };
    }
    default:
      return null;
  }
}

const rounded = (value: number | null, digits: 0 | 1): number | null =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The comparison per question that has a figure, in the survey's order. `roundId`: the round the
 * screen shows as 'this round' (default: the newest); 'previous' is the round sent before it.
 */
export function compareRounds(
  questions: readonly Question[],
  comparison: RoundComparison,
  roundId: number | null = null,
): RoundQuestionComparison[] {
  const rounds = comparison.rounds;
  const index =
    roundId === null ? rounds.length - 1 : rounds.findIndex((round) => round.round_id === roundId);
  const chosenRound: RoundResults | undefined = rounds[index];
  const rows: RoundQuestionComparison[] = [];
  for (const question of questions) {
    const resultIn = (round: RoundResults) =>
      round.questions.find((result) => result.question_id === question.id);
    const figure = figureFor(question, chosenRound === undefined ? undefined : resultIn(chosenRound));
    if (figure === null) continue;
    const points = rounds.map((round): RoundPoint => {
      const result = resultIn(round);
      return {
        roundId: round.round_id,
        number: round.number,
        value:
          result === undefined || result.answered === 0 ? null : rounded(figure.value(result), figure.digits),
        answered: result?.answered ?? 0,
      };
    });
    const current = points[index] ?? null;
    const previous = index > 0 ? (points[index - 1] ?? null) : null;
    const change =
      current?.value == null || previous?.value == null
        ? null
        : rounded(current.value - previous.value, figure.digits);
    rows.push({
      questionId: question.id,
      title: question.title,
      measure: figure.measure,
      points,
      current,
      previous,
      change,
      direction: change === null ? null : change > 0 ? 'up' : change < 0 ? 'down' : 'same',
      changeText: change === null ? '–' : change === 0 ? '0' : formatSignedNumber(change, figure.digits),
      trendText: points.map((point) => (point.value === null ? '–' : formatNumber(point.value))).join(' → '),
    });
  }
  return rows;
}

/** A question's change between two rounds that both have its figure. */
export type RoundChange = RoundQuestionComparison & {
  readonly current: RoundPoint & { readonly value: number };
  readonly previous: RoundPoint & { readonly value: number };
  readonly change: number;
};

const isChange = (row: RoundQuestionComparison): row is RoundChange =>
  row.change !== null && row.current?.value != null && row.previous?.value != null;

/** The changes between the newest round and the one before, the largest first (at most `limit`). */
export function largestRoundChanges(
  questions: readonly Question[],
  comparison: RoundComparison,
  limit = 3,
): RoundChange[] {
  return compareRounds(questions, comparison)
    .filter(isChange)
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change))
    .slice(0, limit);
}

/** "NPS van 'Hoe waarschijnlijk…': 41 in ronde 3, +6 ten opzichte van ronde 2." */
export function roundChangeSentence(row: RoundChange): string {
  const change = row.change === 0 ? 'gelijk aan' : `${row.changeText} ten opzichte van`;
  return `${row.measure} van '${row.title}': ${formatNumber(row.current.value)} in ronde ${row.current.number}, ${change} ronde ${row.previous.number}.`;
}

/**
 * The changes between the newest round and the one before, as Dutch sentences, the largest change
 * first (at most `limit`): "NPS van 'Hoe waarschijnlijk…': 41 in ronde 3, +6 ten opzichte van ronde 2."
 */
export function roundChangeSentences(
  questions: readonly Question[],
  comparison: RoundComparison,
  limit = 3,
): string[] {
  return largestRoundChanges(questions, comparison, limit).map(roundChangeSentence);
}
