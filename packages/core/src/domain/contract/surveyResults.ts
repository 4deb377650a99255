/**
 * Results and analytics on the wire (issue 5). The server aggregates in SQL and sends counts; the
 * client turns counts into NPS, Likert bars, means and percentages with core's `scoring.ts`, so the
 * rules are written once and tested in core.
 *
 * Only submitted (completed) responses count in results. Dates are Europe/Amsterdam calendar days
 * (`YYYY-MM-DD`); `from`/`to` filters include both days.
 */
import type { SurveyFill } from './surveyQuotas';
import type { QuestionType, SurveyStatus } from './surveys';

/** Query of the result routes: `from`/`to` as `YYYY-MM-DD`, both optional. */
export interface ResultsQuery {
  readonly from?: string;
  readonly to?: string;
  /** The responses counted: core's compact form of a `ResultsFilter` (R-RES-8); absent: all. */
  readonly filter?: string;
}

/** How a series is bucketed: per day up to 62 days, per week (starting Monday) up to 1 year, else per month. */
export type PeriodBucket = 'day' | 'week' | 'month';

/** Count per value, keyed by the value as a string (JSON object keys): `{ "9": 12, "10": 30 }`. */
export type ValueCounts = Readonly<Record<string, number>>;

/** One open-text answer (or an 'anders, namelijk' text) with when it was submitted. */
export interface OpenAnswer {
  readonly response_id: number;
  readonly text: string;
  readonly submitted_at: string;
}

/**
 * One 'anders, namelijk' text with how many submitted responses gave it. Texts that differ only in
 * case or spaces (around, or several in a row) are one text; `text` is its most common spelling.
 */
export interface OtherText {
  readonly text: string;
  readonly count: number;
}

/**
 * What every question's result has. `answered`: submitted responses that answered it. `seen_count`:
 * submitted responses whose path showed it (R-RES-6): all of them in a survey without rules, else
 * those whose `unseen_question_ids` do not hold it; `answered` is never more.
 */
interface QuestionResultBase {
  readonly question_id: string;
  readonly answered: number;
  readonly seen_count: number;
}

/** The aggregated answers of one question. */
export type QuestionResult = QuestionResultBase &
  (
    | {
        readonly type: 'likert';
        /** statement id → counts per point (1..points). */
        readonly by_statement: Readonly<Record<string, ValueCounts>>;
      }
    | {
        readonly type: 'nps' | 'rating';
        /** Counts per score (NPS 0..10, rating 1..5). */
        readonly by_score: ValueCounts;
      }
    | {
        readonly type: 'single_choice' | 'multiple_choice' | 'dropdown';
        /** option id → how many responses chose it. */
        readonly by_option: ValueCounts;
        /** How many responses chose 'anders, namelijk'. */
        readonly other: number;
        /**
         * The 'anders, namelijk' texts grouped and counted in SQL, most given first, equal counts in
         * Dutch alphabetical order (case and accents aside); at most 20.
         */
        readonly other_texts: readonly OtherText[];
        /** How many different 'anders' texts there are, also beyond the 20 listed. */
        readonly other_text_count: number;
      }
    | {
        readonly type: 'ranking';
        /** option id → how many responses put it at each position ('1' = first). */
        readonly by_position: Readonly<Record<string, ValueCounts>>;
      }
    | {
        readonly type: 'date';
        /** Answers per month ('2026-03'), months without answers left out. */
        readonly by_month: ValueCounts;
      }
    | {
        readonly type: 'number';
        /** Answers per distinct number (the key is the number as JavaScript writes it: '12.5'). */
        readonly by_value: ValueCounts;
      }
    | {
        readonly type: 'open_short' | 'open_long';
        /** The newest answers (at most 20); all of them, searchable, on the question's own page. */
        readonly latest: readonly OpenAnswer[];
      }
  );

/** Responses of one survey: counts and rates. */
export interface ResponseStats {
  /** Submitted responses in the filtered period. */
  readonly completed: number;
  /** Responses started (something saved) but not submitted. */
  readonly in_progress: number;
  /** Personal links handed out. */
  readonly invited: number;
  /** Submitted personal links / personal links handed out (0..1); null without personal links. */
  readonly response_rate: number | null;
  /** Submitted / started (0..1) over all links; null when nothing was started. */
  readonly completion_rate: number | null;
  readonly last_response_at: string | null;
}

/** One point of a series over time; `period` is the first day of the bucket (`YYYY-MM-DD`). */
export interface PeriodCount {
  readonly period: string;
  readonly count: number;
}

/** GET /surveys/:id/results?from&to */
export interface SurveyResults {
  readonly survey_id: number;
  readonly responses: ResponseStats;
  readonly bucket: PeriodBucket;
  /** Submitted responses per period, without gaps, over the filtered (or the survey's) period. */
  readonly over_time: readonly PeriodCount[];
  /** In the survey's question order. */
  readonly questions: readonly QuestionResult[];
  /** How full the cap and quotas are, whatever the filter (R-SURV-21, R-SURV-22); left out without them. */
  readonly fill?: SurveyFill;
}

/** One point of a question's trend: answers in the period and its score there. */
export interface QuestionTrendPoint {
  readonly period: string;
  readonly answered: number;
  /** Likert (all statements, 1..points), rating: mean; NPS: the NPS; choice and open: null. */
  readonly score: number | null;
}

/** One respondent's answer in the question detail, as display text (choices by label). */
export interface QuestionAnswerRow {
  readonly response_id: number;
  readonly submitted_at: string;
  /** E.g. '8', 'Eens', 'Optie A, Optie C, Anders: …', or the open text. Likert: 'stelling: label; …'. */
  readonly text: string;
}

/** GET /surveys/:id/questions/:questionId?from&to&q&page&page_size */
export interface QuestionDetail {
  readonly survey_id: number;
  readonly question_id: string;
  readonly type: QuestionType;
  readonly result: QuestionResult;
  /** Submitted responses in the filtered period: whom `result.seen_count` is out of. */
  readonly respondents: number;
  readonly bucket: PeriodBucket;
  readonly trend: readonly QuestionTrendPoint[];
  /** All answers, newest first, paged (page_size default 50, at most 200); `q` searches the texts. */
  readonly answers: {
    readonly items: readonly QuestionAnswerRow[];
    readonly total: number;
    readonly page: number;
    readonly page_size: number;
  };
}

/** GET /surveys/:id/export?format=csv|xlsx (CSV on every plan, XLSX with the feature `export`): a download. */
export type ExportFormat = 'csv' | 'xlsx';

/** One survey in the analytics overview. */
export interface SurveyResponseRate {
  readonly survey_id: number;
  readonly title: string;
  readonly status: SurveyStatus;
  readonly completed: number;
  readonly invited: number;
  readonly response_rate: number | null;
  readonly last_response_at: string | null;
}

/** A Likert statement's score across the organisation: mean scaled to 0–100 so 5- and 7-point scales compare. */
export interface StatementScore {
  readonly survey_id: number;
  readonly survey_title: string;
  readonly question_id: string;
  readonly statement_id: string;
  readonly text: string;
  readonly points: 5 | 7;
  readonly answered: number;
  /** Mean point (1..points). */
  readonly mean: number;
  /** (mean − 1) / (points − 1) × 100. */
  readonly score: number;
}

/** One point of an organisation-wide trend. */
export interface TrendPoint {
  readonly period: string;
  readonly answered: number;
  /** NPS (−100..100) or Likert score (0..100); null without answers in the period. */
  readonly score: number | null;
}

/**
 * GET /analytics?from&to (plan feature `analytics`): across the organisation's published surveys
 * (open or closed). Drafts count nowhere, neither as surveys nor with their personal links.
 */
export interface AnalyticsOverview {
  readonly bucket: PeriodBucket;
  readonly totals: {
    readonly surveys: number;
    readonly open_surveys: number;
    readonly completed: number;
    readonly invited: number;
    readonly response_rate: number | null;
  };
  readonly responses_over_time: readonly PeriodCount[];
  readonly nps_trend: readonly TrendPoint[];
  readonly likert_trend: readonly TrendPoint[];
  /** Surveys with responses or open, most recent response first. */
  readonly surveys: readonly SurveyResponseRate[];
  /**
   * Statements with at least 3 answers by `score`: the best and the worst (worst first), each at
   * most 5 and at most half of those statements, so no statement is in both lists.
   */
  readonly best_statements: readonly StatementScore[];
  readonly worst_statements: readonly StatementScore[];
}
