import type { Question, ValueCounts } from '../contract';
import { type CountsByValue, numberSummary } from '../surveys/model';

/**
 * What the analysis knows of a survey's number, ranking, dropdown and date questions
 * (R-ANALYSIS-16): aggregates only, as a good analyst would summarise them. A number: its median
 * and quartiles, and the median's shift between the last three months and the three before; a
 * ranking: the option most often ranked first and every option's average place; a dropdown: its
 * biggest groups; a date: its busiest month. Never one respondent's answer.
 */

/** Submitted answers of one question (item '') or ranking option (its id) per value, as text. */
export interface ValueCountsOverTime {
  readonly questionId: string;
  readonly itemId: string;
  /** Number: per number as stored ('12.5'); date: per month ('2026-03'); ranking: per place ('3'). */
  readonly overall: ValueCounts;
  readonly recent: ValueCounts;
  readonly previous: ValueCounts;
}

/** A median with the answers it rests on; null without answers. */
export interface Median {
  readonly median: number | null;
  readonly answered: number;
}

export interface NumberFacts {
  readonly question: string;
  /** The unit the question names ('kg'); null without one. */
  readonly unit: string | null;
  readonly answered: number;
  readonly median: number | null;
  readonly q1: number | null;
  readonly q3: number | null;
  readonly recent: Median;
  readonly previous: Median;
  /** recent − previous median when both windows have at least ANALYSIS_MIN_ANSWERS answers, else null. */
  readonly change: number | null;
  /** Whether the change is notable: at least NUMBER_SHIFT × the interquartile range (R-ANALYSIS-17). */
  readonly notable: boolean;
}

export interface RankedOption {
  readonly label: string;
  /** How often it was ranked first. */
  readonly first: number;
  /** Its average place (1 = first); null without answers. */
  readonly average: number | null;
}

export interface RankingFacts {
  readonly question: string;
  readonly answered: number;
  /** The options by average place, best first (ties in the question's order). */
  readonly options: readonly RankedOption[];
  /** The option most often ranked first (the first in the question's order on a tie). */
  readonly top: RankedOption | null;
}

export interface GroupFacts {
  readonly label: string;
  readonly count: number;
}

export interface DropdownFacts {
  readonly question: string;
  readonly answered: number;
  /** The biggest groups, largest first, at most DROPDOWN_GROUPS (ties in the question's order). */
  readonly groups: readonly GroupFacts[];
}

export interface DateFacts {
  readonly question: string;
  readonly answered: number;
  /** The month most answers fall in ('YYYY-MM'; the earliest on a tie); null without answers. */
  readonly busiest: { readonly month: string; readonly count: number } | null;
}

/** The biggest groups of a dropdown the analysis names. */
export const DROPDOWN_GROUPS = 3;
/** A number's median shift is notable from this share of its interquartile range. */
export const NUMBER_SHIFT = 0.5;

const sumOf = (counts: ValueCounts | CountsByValue): number =>
  Object.values(counts).reduce<number>((sum, count) => sum + (count ?? 0), 0);

function medianOf(counts: ValueCounts): Median {
  const summary = numberSummary(counts);
  return { median: summary.median, answered: summary.count };
}

/** A number question's facts from its counts per number. */
export function numberFacts(
  question: Extract<Question, { type: 'number' }>,
  counts: Pick<ValueCountsOverTime, 'overall' | 'recent' | 'previous'>,
  minAnswers: number,
): NumberFacts {
  const overall = numberSummary(counts.overall);
  const recent = medianOf(counts.recent);
  const previous = medianOf(counts.previous);
  const comparable =
    recent.median !== null &&
    previous.median !== null &&
    recent.answered >= minAnswers &&
    previous.answered >= minAnswers;
  const change = comparable ? (recent.median as number) - (previous.median as number) : null;
  const spread = overall.q1 === null || overall.q3 === null ? 0 : overall.q3 - overall.q1;
  return {
    question: question.title,
    unit: question.settings.unit?.trim() ? question.settings.unit.trim() : null,
    answered: overall.count,
    median: overall.median,
    q1: overall.q1,
    q3: overall.q3,
    recent,
    previous,
    change,
    notable: change !== null && change !== 0 && Math.abs(change) >= NUMBER_SHIFT * spread,
  };
}

/** A ranking's facts from each option's counts per place (`placesOf(option id)`). */
export function rankingFacts(
  question: Extract<Question, { type: 'ranking' }>,
  placesOf: (optionId: string) => CountsByValue,
): RankingFacts {
  const options = question.settings.options.map((option, index) => {
    const places = placesOf(option.id);
    let answers = 0;
    let sum = 0;
    for (const [place, count] of Object.entries(places)) {
      answers += count ?? 0;
      sum += Number(place) * (count ?? 0);
    }
    const ranked: RankedOption = {
      label: option.label,
      first: places[1] ?? 0,
      average: answers === 0 ? null : sum / answers,
    };
    return { ranked, index };
  });
  // Every answer ranks exactly one option first.
  const answered = options.reduce((sum, { ranked }) => sum + ranked.first, 0);
  const byAverage = [...options].sort(
    (a, b) =>
      (a.ranked.average ?? Number.POSITIVE_INFINITY) - (b.ranked.average ?? Number.POSITIVE_INFINITY) ||
      a.index - b.index,
  );
  const top = options.reduce<RankedOption | null>(
    (best, { ranked }) => (ranked.first > (best?.first ?? 0) ? ranked : best),
    null,
  );
  return { question: question.title, answered, options: byAverage.map(({ ranked }) => ranked), top };
}

/** A dropdown's facts from each option's count (`countOf(option id)`). */
export function dropdownFacts(
  question: Extract<Question, { type: 'dropdown' }>,
  countOf: (optionId: string) => number,
): DropdownFacts {
  const groups = question.settings.options.map((option) => ({
    label: option.label,
    count: countOf(option.id),
  }));
  return {
    question: question.title,
    answered: groups.reduce((sum, group) => sum + group.count, 0),
    groups: groups
      .map((group, index) => ({ group, index }))
      .filter(({ group }) => group.count > 0)
      .sort((a, b) => b.group.count - a.group.count || a.index - b.index)
      .slice(0, DROPDOWN_GROUPS)
      .map(({ group }) => group),
  };
}

/** A date question's facts from its counts per month. */
export function dateFacts(question: Extract<Question, { type: 'date' }>, byMonth: ValueCounts): DateFacts {
  let busiest: DateFacts['busiest'] = null;
  for (const month of Object.keys(byMonth).sort()) {
    const count = byMonth[month] ?? 0;
    if (count > (busiest?.count ?? 0)) busiest = { month, count };
  }
  return { question: question.title, answered: sumOf(byMonth), busiest };
}
