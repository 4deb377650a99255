import type {
  KpiDirection,
  KpiPeriodTarget,
  KpiPoint,
  KpiSourceInput,
  KpiState,
  KpiTrend,
  KpiUnit,
  Question,
  SurveyStatus,
} from '../contract';
import { kpiCard, kpiPoints, kpiSourceText } from '../kpis';
import type { Period, PeriodKind } from '../periods';
import { type CountsByValue, likertSummary, npsFromCounts } from '../surveys/model';
import type { RoundChangeFacts } from './analysisRounds';
import {
  type DateFacts,
  type DropdownFacts,
  dateFacts,
  dropdownFacts,
  type NumberFacts,
  numberFacts,
  type RankingFacts,
  rankingFacts,
  type ValueCountsOverTime,
} from './answerFacts';

/**
 * What an analyst gets to know about an organisation: aggregates only. KPI values per period,
 * survey counts and scores, finance sums per month, and the labels the organisation gave them
 * (KPI names, survey and question titles, statement texts). Never a person: no owners, members,
 * e-mail addresses, respondents, link labels or typed answers. The server gathers the counts
 * (aggregate SQL); the builders here turn them into facts with core's own rules (KPI status and
 * trend as the board computes them, NPS and Likert as the results pages score them).
 */
export interface AnalysisInput {
  readonly organization: string;
  /** The day the analysis is made, in the Netherlands ('YYYY-MM-DD'). */
  readonly today: string;
  readonly kpis: readonly KpiFacts[];
  readonly surveys: readonly SurveyFacts[];
  /** Null when the organisation has no finance records. */
  readonly finance: FinanceFacts | null;
  /** The change between the last two pulse rounds of surveys that run in rounds (R-ROUND-6). */
  readonly rounds?: readonly RoundChangeFacts[];
  /**
   * The names of the organisation's contacts and members: never facts, only what the language
   * model's prompt masks wherever a label writes one (R-PRIV-7).
   */
  readonly names?: readonly string[];
}

// --- KPIs ---------------------------------------------------------------------------------------

export interface KpiFacts {
  readonly name: string;
  readonly unit: KpiUnit;
  readonly direction: KpiDirection;
  readonly periodKind: PeriodKind;
  /** 'Handmatig', 'Survey: NPS – Klanttevredenheid', 'Financiën: Omzet'. */
  readonly source: string;
  /** Whether the source can compute ('ok'), or why not. */
  readonly state: KpiState;
  /** The last periods, oldest first, with value, target and status. */
  readonly points: readonly KpiPoint[];
  /** The newest of them with a value; null without one. */
  readonly current: KpiPoint | null;
  /** The current value against the period before it; null without both. */
  readonly trend: KpiTrend | null;
}

/** A KPI's definition as far as its facts need it. */
export interface KpiDefinition {
  readonly name: string;
  readonly unit: KpiUnit;
  readonly direction: KpiDirection;
  readonly periodKind: PeriodKind;
  readonly target: number | null;
  readonly warning: number | null;
  readonly periodTargets: readonly KpiPeriodTarget[];
  readonly source: KpiSourceInput;
  /** The title of a survey source's survey; null without one. */
  readonly surveyTitle: string | null;
  readonly state: KpiState;
}

/**
 * A KPI's facts over a window of its periods (oldest first, one more than shown: the first is only
 * there for the trend of the second), from its values per period key: status and trend exactly as
 * the board's card has them.
 */
export function kpiFacts(
  kpi: KpiDefinition,
  periods: readonly Period[],
  values: ReadonlyMap<string, number>,
): KpiFacts {
  const plan = {
    direction: kpi.direction,
    target: kpi.target,
    warning: kpi.warning,
    period_targets: kpi.periodTargets,
  };
  const source = { ...kpi.source, survey_title: kpi.surveyTitle };
  const shown = periods.slice(1);
  const card = kpiCard(
    {
      id: 0,
      name: kpi.name,
      unit: kpi.unit,
      direction: kpi.direction,
      period_kind: kpi.periodKind,
      owner: null,
      source,
      state: kpi.state,
    },
    plan,
    shown,
    values,
  );
  return {
    name: kpi.name,
    unit: kpi.unit,
    direction: kpi.direction,
    periodKind: kpi.periodKind,
    source: kpiSourceText({ source }),
    state: kpi.state,
    points: kpiPoints(plan, shown, values),
    current: card.current,
    trend: card.trend,
  };
}

// --- Surveys ------------------------------------------------------------------------------------

/** A score over some answers; null without answers. */
export interface Score {
  readonly score: number | null;
  readonly answered: number;
}

/**
 * A score now and before: `recent` is the last three months (the running one included),
 * `previous` the three months before them, `overall` every answer. `change` is recent − previous
 * when both have at least ANALYSIS_MIN_ANSWERS answers, else null.
 */
export interface ScoreOverTime {
  readonly overall: Score;
  readonly recent: Score;
  readonly previous: Score;
  readonly change: number | null;
}

export interface NpsFacts extends ScoreOverTime {
  /** The question's title. */
  readonly question: string;
}

/** A Likert statement on a 0–100 scale: (mean − 1) × 100 / (points − 1), as /analytics scores it. */
export interface StatementFacts extends ScoreOverTime {
  readonly question: string;
  readonly statement: string;
  readonly points: 5 | 7;
  /** The mean point (1..points) over every answer; null without answers. */
  readonly mean: number | null;
}

export interface SurveyFacts {
  readonly title: string;
  /** The survey's status as everywhere (an open survey past its close date is closed). */
  readonly status: SurveyStatus;
  /** Submitted responses, all time. */
  readonly completed: number;
  /** Submitted responses per month ('YYYY-MM'), the last twelve, oldest first. */
  readonly months: readonly { readonly month: string; readonly completed: number }[];
  readonly personalLinks: number;
  /** Submitted personal links as a percentage of personal links handed out; null without links. */
  readonly responseRate: number | null;
  readonly nps: readonly NpsFacts[];
  readonly statements: readonly StatementFacts[];
  /** Number, ranking, dropdown and date questions with answers (R-ANALYSIS-16). */
  readonly numbers: readonly NumberFacts[];
  readonly rankings: readonly RankingFacts[];
  readonly dropdowns: readonly DropdownFacts[];
  readonly dates: readonly DateFacts[];
}

/**
 * Answers of one scored item (an NPS question, item ''; a Likert statement, its id; a dropdown's or
 * ranking's option, its id: a dropdown's count under 1, a ranking's per place) (an NPS question, item ''; a Likert statement, its id) per value. */
export interface ItemCounts {
  readonly questionId: string;
  readonly itemId: string;
  readonly overall: CountsByValue;
  readonly recent: CountsByValue;
  readonly previous: CountsByValue;
}

/** What the server counts of one survey (from its per-month counts, never its answers). */
export interface SurveyCounts {
  readonly title: string;
  readonly status: SurveyStatus;
  readonly questions: readonly Question[];
  readonly completed: number;
  readonly completedPersonal: number;
  readonly personalLinks: number;
  readonly months: readonly { readonly month: string; readonly completed: number }[];
  readonly items: readonly ItemCounts[];
  /**
   * Answers per value the counts above do not keep: numbers, dates' months, and the places of a
   * ranking with more than ten options (by option). Left out: none.
   */
  readonly values?: readonly ValueCountsOverTime[];
}

/** A score change counts only between windows with at least this many answers each. */
export const ANALYSIS_MIN_ANSWERS = 5;

function overTime(
  counts: Pick<ItemCounts, 'overall' | 'recent' | 'previous'>,
  score: (values: CountsByValue) => Score,
): ScoreOverTime {
  const overall = score(counts.overall);
  const recent = score(counts.recent);
  const previous = score(counts.previous);
  const comparable =
    recent.score !== null &&
    previous.score !== null &&
    recent.answered >= ANALYSIS_MIN_ANSWERS &&
    previous.answered >= ANALYSIS_MIN_ANSWERS;
  return {
    overall,
    recent,
    previous,
    change: comparable ? (recent.score as number) - (previous.score as number) : null,
  };
}

const npsOf = (values: CountsByValue): Score => {
  const summary = npsFromCounts(values);
  return { score: summary.score, answered: summary.total };
};

/** A survey's facts: response counts and rate, NPS per NPS question, a score per Likert statement. */
export function surveyFacts(counts: SurveyCounts): SurveyFacts {
  const byItem = new Map(counts.items.map((item) => [`${item.questionId}\u0000${item.itemId}`, item]));
  const none: ItemCounts = { questionId: '', itemId: '', overall: {}, recent: {}, previous: {} };
  const itemOf = (questionId: string, itemId: string) => byItem.get(`${questionId}\u0000${itemId}`) ?? none;
  const nps: NpsFacts[] = [];
  const statements: StatementFacts[] = [];
  const more = answerFactsOf(counts, itemOf);
  for (const question of counts.questions) {
    if (question.type === 'nps') {
      const item = itemOf(question.id, '');
      if (npsFromCounts(item.overall).total > 0)
        nps.push({ question: question.title, ...overTime(item, npsOf) });
    }
    if (question.type !== 'likert') continue;
    const { settings } = question;
    const likertOf = (values: CountsByValue): Score => {
      const summary = likertSummary(settings, values);
      return {
        score: summary.mean === null ? null : ((summary.mean - 1) * 100) / (settings.points - 1),
        answered: summary.total,
      };
    };
    for (const statement of settings.statements) {
      const item = itemOf(question.id, statement.id);
      const summary = likertSummary(settings, item.overall);
      if (summary.total === 0) continue;
      statements.push({
        question: question.title,
        statement: statement.text,
        points: settings.points,
        mean: summary.mean,
        ...overTime(item, likertOf),
      });
    }
  }
  return {
    title: counts.title,
    status: counts.status,
    completed: counts.completed,
    months: counts.months,
    personalLinks: counts.personalLinks,
    responseRate: counts.personalLinks > 0 ? (counts.completedPersonal * 100) / counts.personalLinks : null,
    nps,
    statements,
    ...more,
  };
}

/** The facts of a survey's number, ranking, dropdown and date questions with answers (R-ANALYSIS-16). */
function answerFactsOf(counts: SurveyCounts, itemOf: (questionId: string, itemId: string) => ItemCounts) {
  const byValue = new Map(
    (counts.values ?? []).map((item) => [`${item.questionId}\u0000${item.itemId}`, item]),
  );
  const none = { overall: {}, recent: {}, previous: {} };
  const valuesOf = (questionId: string, itemId: string) =>
    byValue.get(`${questionId}\u0000${itemId}`) ?? none;
  const numbers: NumberFacts[] = [];
  const rankings: RankingFacts[] = [];
  const dropdowns: DropdownFacts[] = [];
  const dates: DateFacts[] = [];
  for (const question of counts.questions) {
    if (question.type === 'number') {
      const facts = numberFacts(question, valuesOf(question.id, ''), ANALYSIS_MIN_ANSWERS);
      if (facts.answered > 0) numbers.push(facts);
    } else if (question.type === 'ranking') {
      // Places up to ten are counted with the scores; a longer ranking's come apart, per option.
      const facts = rankingFacts(question, (optionId) => {
        const counted = byValue.get(`${question.id}\u0000${optionId}`);
        if (counted === undefined) return itemOf(question.id, optionId).overall;
        return Object.fromEntries(Object.entries(counted.overall).map(([place, n]) => [Number(place), n]));
      });
      if (facts.answered > 0) rankings.push(facts);
    } else if (question.type === 'dropdown') {
      const facts = dropdownFacts(question, (optionId) => itemOf(question.id, optionId).overall[1] ?? 0);
      if (facts.answered > 0) dropdowns.push(facts);
    } else if (question.type === 'date') {
      const facts = dateFacts(question, valuesOf(question.id, '').overall);
      if (facts.answered > 0) dates.push(facts);
    }
  }
  return { numbers, rankings, dropdowns, dates };
}

// --- Finance ------------------------------------------------------------------------------------

/** Income and costs (positive, BTW included) of one month ('YYYY-MM'), in cents. */
export interface FinanceMonthFacts {
  readonly month: string;
  readonly incomeCents: number;
  readonly costCents: number;
}

export interface FinanceFacts {
  /** The last twelve months up to the running one, oldest first (months without records: 0). */
  readonly months: readonly FinanceMonthFacts[];
}
