import type { KpiSourceInput, Question } from '../contract';
import { lastPeriods } from '../periods';
import {
  type AnalysisInput,
  type FinanceFacts,
  type KpiDefinition,
  kpiFacts,
  type SurveyCounts,
  surveyFacts,
} from './analysisInput';

/** An organisation's facts as the server would gather them, for the analysis tests. */

export const TODAY = '2026-03-15';

const manual: KpiSourceInput = {
  type: 'manual',
  metric: null,
  survey_id: null,
  question_id: null,
  statement_id: null,
};

export const definition = (overrides: Partial<KpiDefinition> = {}): KpiDefinition => ({
  name: 'Omzet',
  unit: 'euro',
  direction: 'higher',
  periodKind: 'month',
  target: 1_000_000,
  warning: 900_000,
  periodTargets: [],
  source: manual,
  surveyTitle: null,
  state: 'ok',
  ...overrides,
});

/** Six months shown (oct 2025 … mar 2026) and the one before for the trend. */
export const WINDOW = lastPeriods('month', 7, TODAY);

export const valuesOf = (values: Record<string, number>) => new Map(Object.entries(values));

export const NPS_QUESTION: Question = {
  id: 'q-nps',
  type: 'nps',
  title: 'Hoe waarschijnlijk is het dat je ons aanbeveelt?',
  required: true,
  position: 0,
  settings: {},
};

export const LIKERT_QUESTION: Question = {
  id: 'q-likert',
  type: 'likert',
  title: 'Hoe kijk je naar je werk?',
  required: true,
  position: 1,
  settings: {
    points: 5,
    labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
    neutral_middle: true,
    statements: [
      { id: 's-werkdruk', text: 'Mijn werkdruk is goed te doen' },
      { id: 's-team', text: 'Ik werk graag met mijn team' },
    ],
  },
};

/** NPS: 10 answers before (4 promoters, 4 detractors: 0), 10 recent (7 promoters, 1 detractor: +60). */
export const surveyCounts = (overrides: Partial<SurveyCounts> = {}): SurveyCounts => ({
  title: 'Medewerkerstevredenheid 2026',
  status: 'open',
  questions: [NPS_QUESTION, LIKERT_QUESTION],
  completed: 20,
  completedPersonal: 5,
  personalLinks: 40,
  months: lastPeriods('month', 12, TODAY).map((period, index) => ({
    month: period.key,
    completed: index >= 6 ? (index >= 9 ? 4 : 2) : 0,
  })),
  items: [
    {
      questionId: 'q-nps',
      itemId: '',
      overall: { 10: 11, 8: 4, 3: 5 },
      previous: { 10: 4, 8: 2, 3: 4 },
      recent: { 10: 7, 8: 2, 3: 1 },
    },
    {
      questionId: 'q-likert',
      itemId: 's-werkdruk',
      overall: { 1: 8, 2: 8, 3: 4 },
      previous: { 2: 5, 3: 5 },
      recent: { 1: 8, 2: 2 },
    },
    {
      questionId: 'q-likert',
      itemId: 's-team',
      overall: { 5: 15, 4: 5 },
      previous: { 5: 8, 4: 2 },
      recent: { 5: 7, 4: 3 },
    },
  ],
  ...overrides,
});

/** Twelve months: profit until the last three, which lose money on rising costs. */
export const FINANCE: FinanceFacts = {
  months: lastPeriods('month', 12, TODAY).map((period, index) => ({
    month: period.key,
    incomeCents: 1_000_000,
    costCents: index >= 9 ? 1_500_000 : 600_000,
  })),
};

/** An organisation with three KPIs (off track and worse, on track and better, no target), a survey and finance. */
export function organisationInput(overrides: Partial<AnalysisInput> = {}): AnalysisInput {
  return {
    organization: 'Bakkerij De Zon',
    today: TODAY,
    kpis: [
      kpiFacts(
        definition(),
        WINDOW,
        valuesOf({ '2026-01': 950_000, '2026-02': 880_000, '2026-03': 700_000 }),
      ),
      kpiFacts(
        definition({ name: 'Klanttevredenheid', unit: 'number', target: 30, warning: 20 }),
        WINDOW,
        valuesOf({ '2026-02': 32, '2026-03': 41 }),
      ),
      kpiFacts(
        definition({
          name: 'Ziekteverzuim',
          unit: 'percentage',
          direction: 'lower',
          target: null,
          warning: null,
        }),
        WINDOW,
        valuesOf({ '2026-03': 4.5 }),
      ),
    ],
    surveys: [surveyFacts(surveyCounts())],
    finance: FINANCE,
    ...overrides,
  };
}
