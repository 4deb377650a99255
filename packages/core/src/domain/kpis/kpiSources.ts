import type { KpiFinanceMetric, KpiSurveyMetric, Question } from '../contract';
import { type CountsByValue, likertSummary, npsFromCounts, ratingSummary } from '../surveys/model';

/**
 * The values of computed KPIs, from counts the server sums per period: survey metrics with the
 * results pages' own scoring (`scoring.ts`: the NPS rounded as the results round it, Likert and
 * rating means over the same distributions), finance metrics from the period's income and costs.
 */

/** What one period of a survey holds for a KPI: its item's answers per value, and the responses. */
export interface SurveyPeriodCounts {
  /** Submitted answers of the KPI's question (and statement) per value, within the period. */
  readonly values: CountsByValue;
  /** Responses submitted within the period. */
  readonly completed: number;
  /** Of those, the ones on a personal link. */
  readonly completedPersonal: number;
  /** Personal links of the survey, however old: a link has no day it belongs to (as on the results page). */
  readonly personalLinks: number;
}

/**
 * A survey metric for one period; null when there is nothing to compute it from (no answers, no
 * personal links). The number of completed responses is 0 rather than null: none is a count.
 * `question` is the KPI's question as the survey has it now (see `surveySourceState`).
 */
export function surveyMetricValue(
  metric: KpiSurveyMetric,
  question: Question | null,
  statementId: string | null,
  counts: SurveyPeriodCounts,
): number | null {
  switch (metric) {
    case 'completed_responses':
      return counts.completed;
    case 'response_rate':
      return counts.personalLinks > 0 ? (counts.completedPersonal * 100) / counts.personalLinks : null;
    case 'nps':
      return npsFromCounts(counts.values).score;
    case 'rating_mean':
      return question?.type === 'rating' ? ratingSummary(counts.values, question.settings.scale).mean : null;
    case 'likert_mean':
    case 'likert_top2': {
      if (question?.type !== 'likert' || statementId === null) return null;
      const summary = likertSummary(question.settings, counts.values);
      if (summary.total === 0) return null;
      if (metric === 'likert_mean') return summary.mean;
      const points = question.settings.points;
      const top = summary.distribution.filter((row) => row.value >= points - 1);
      return (top.reduce((sum, row) => sum + row.count, 0) * 100) / summary.total;
    }
  }
}

/** A period's finance records: income and costs in cents, both ≥ 0 (costs as a positive amount). */
export interface FinancePeriodTotals {
  readonly incomeCents: number;
  readonly costCents: number;
}

/**
 * A finance metric for one period: revenue and costs in cents, result = revenue − costs, margin =
 * result as a percentage of revenue (null without revenue).
 */
export function financeMetricValue(metric: KpiFinanceMetric, totals: FinancePeriodTotals): number | null {
  const { incomeCents, costCents } = totals;
  switch (metric) {
    case 'revenue':
      return incomeCents;
    case 'costs':
      return costCents;
    case 'result':
      return incomeCents - costCents;
    case 'margin':
      return incomeCents > 0 ? ((incomeCents - costCents) * 100) / incomeCents : null;
  }
}
