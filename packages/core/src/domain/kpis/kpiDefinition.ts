import type { Question, QuestionType } from '../contract';
import {
  KPI_DIRECTIONS,
  KPI_FINANCE_METRICS,
  KPI_SOURCE_TYPES,
  KPI_SURVEY_METRICS,
  KPI_UNITS,
  type KpiDirection,
  type KpiInput,
  type KpiMetric,
  type KpiPeriodTarget,
  type KpiSourceInput,
  type KpiUnit,
} from '../contract';
import { PERIOD_KINDS, type PeriodKind, parsePeriodKey, periodName } from '../periods';
import type { CheckedInput } from '../surveys/model';
import { KPI_METRICS, KPI_UNIT_LABELS } from './kpiMetrics';
import { kpiValueProblem } from './kpiValues';

/** What a KPI is, in Dutch: the labels of its choices and the checks of its definition. */

export const KPI_NAME_MAX_LENGTH = 120;
export const KPI_DESCRIPTION_MAX_LENGTH = 2000;
export const KPI_NOTE_MAX_LENGTH = 1000;
/** Targets of their own per period: 10 years of weeks, with room. */
export const KPI_PERIOD_TARGETS_MAX = 600;

const QUESTION_KIND: Readonly<Record<string, string>> = {
  nps: 'een NPS-vraag',
  likert: 'een Likert-vraag',
  rating: 'een beoordelingsvraag',
};

export const KPI_MESSAGES = {
  nameRequired: 'Geef de KPI een naam.',
  nameTooLong: `De naam is te lang (hoogstens ${KPI_NAME_MAX_LENGTH} tekens).`,
  descriptionTooLong: `De beschrijving is te lang (hoogstens ${KPI_DESCRIPTION_MAX_LENGTH} tekens).`,
  unit: 'Kies een eenheid: getal, percentage, euro of duur.',
  direction: 'Kies of hoger of lager beter is.',
  periodKind: 'Kies een periode: week, maand, kwartaal of jaar.',
  warningWithoutTarget: 'Waarschuwingsgrens: stel eerst een doel in.',
  warningHigher: "Waarschuwingsgrens: bij 'hoger is beter' ligt de grens onder het doel.",
  warningLower: "Waarschuwingsgrens: bij 'lager is beter' ligt de grens boven het doel.",
  periodTargetsTooMany: `Hoogstens ${KPI_PERIOD_TARGETS_MAX} doelen per periode.`,
  owner: 'Kies als eigenaar een lid van de organisatie.',
  sourceType: 'Kies een bron: handmatig, survey of financiën.',
  surveyRequired: 'Kies een survey.',
  surveyUnknown: 'Kies een survey van je organisatie.',
  surveyMetric: 'Kies wat de KPI uit de survey meet.',
  financeMetric: 'Kies wat de KPI uit de financiën meet: omzet, kosten, resultaat of marge.',
  questionRequired: 'Kies een vraag.',
  questionUnknown: 'Deze vraag staat niet in de survey.',
  statementRequired: 'Kies een stelling.',
  statementUnknown: 'Deze stelling hoort niet bij de vraag.',
  noteTooLong: `De notitie is te lang (hoogstens ${KPI_NOTE_MAX_LENGTH} tekens).`,
  periodKey: (kind: PeriodKind, key: string) =>
    `'${key}' is geen ${PERIOD_WORDS[kind]} (bijvoorbeeld ${PERIOD_EXAMPLES[kind]}).`,
  periodFuture: 'Deze periode is nog niet begonnen.',
} as const;

const PERIOD_WORDS: Readonly<Record<PeriodKind, string>> = {
  week: 'week',
  month: 'maand',
  quarter: 'kwartaal',
  year: 'jaar',
};

const PERIOD_EXAMPLES: Readonly<Record<PeriodKind, string>> = {
  week: '2026-W05',
  month: '2026-03',
  quarter: '2026-Q1',
  year: '2026',
};

/** What a metric's question must be, as a message: 'Kies een NPS-vraag.' */
const questionTypeMessage = (type: QuestionType): string =>
  `Kies ${QUESTION_KIND[type] ?? 'een andere vraag'}.`;

/** The unit a metric's KPI must have, as a message naming the field. */
const unitMessage = (metric: KpiMetric): string =>
  `Eenheid: ${KPI_METRICS[metric].label} is een ${KPI_UNIT_LABELS[KPI_METRICS[metric].unit].toLowerCase()}.`;

/** What the checks need to know besides the input: the survey a survey source names. */
export interface KpiCheckContext {
  /** The survey of `source.survey_id` in the organisation; null when there is none. */
  readonly survey: { readonly questions: readonly Question[] } | null;
}

class Errors {
  readonly map = new Map<string, string>();
  add(key: string, message: string): void {
    if (!this.map.has(key)) this.map.set(key, message);
  }
  get fields(): Readonly<Record<string, string>> {
    return Object.fromEntries(this.map);
  }
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** A target or warning against the unit and the metric's range; null when fine. */
function targetProblem(field: string, unit: KpiUnit, metric: KpiMetric | null, value: number): string | null {
  const problem = kpiValueProblem(unit, value);
  if (problem !== null) return `${field}: ${problem}.`;
  if (metric === null) return null;
  const { min, max, label } = KPI_METRICS[metric];
  if ((min !== null && value < min) || (max !== null && value > max)) {
    const range =
      min !== null && max !== null
        ? `tussen ${min} en ${max}`
        : min !== null
          ? `${min} of meer`
          : `${max} of minder`;
    return `${field}: ${label} ligt ${range}.`;
  }
  return null;
}

/** The warning value on the right side of its target, or why not. */
function warningProblem(
  direction: KpiDirection,
  target: number | null,
  warning: number | null,
): string | null {
  if (warning === null) return null;
  if (target === null) return KPI_MESSAGES.warningWithoutTarget;
  if (direction === 'higher' && !(warning < target)) return KPI_MESSAGES.warningHigher;
  if (direction === 'lower' && !(warning > target)) return KPI_MESSAGES.warningLower;
  return null;
}

/** The source, normalised (fields that do not apply become null), with its errors. */
function checkSource(errors: Errors, source: KpiSourceInput, context: KpiCheckContext): KpiSourceInput {
  const none: KpiSourceInput = {
    type: 'manual',
    metric: null,
    survey_id: null,
    question_id: null,
    statement_id: null,
  };
  if (!isOneOf(KPI_SOURCE_TYPES, source.type)) {
    errors.add('source.type', KPI_MESSAGES.sourceType);
    return none;
  }
  if (source.type === 'manual') return none;
  if (source.type === 'finance') {
    if (!isOneOf(KPI_FINANCE_METRICS, source.metric)) errors.add('source.metric', KPI_MESSAGES.financeMetric);
    return { ...none, type: 'finance', metric: source.metric };
  }
  const metric = source.metric;
  if (!isOneOf(KPI_SURVEY_METRICS, metric)) errors.add('source.metric', KPI_MESSAGES.surveyMetric);
  if (source.survey_id === null) errors.add('source.survey_id', KPI_MESSAGES.surveyRequired);
  else if (context.survey === null) errors.add('source.survey_id', KPI_MESSAGES.surveyUnknown);
  const info = isOneOf(KPI_SURVEY_METRICS, metric) ? KPI_METRICS[metric] : null;
  const normalised: KpiSourceInput = {
    type: 'survey',
    metric,
    survey_id: source.survey_id,
    question_id: info?.question ? source.question_id : null,
    statement_id: info?.statement ? source.statement_id : null,
  };
  if (info === null || info.question === null) return normalised;
  if (source.question_id === null || source.question_id === '') {
    errors.add('source.question_id', KPI_MESSAGES.questionRequired);
    return normalised;
  }
  if (context.survey === null) return normalised;
  const question = context.survey.questions.find((each) => each.id === source.question_id);
  if (question === undefined) errors.add('source.question_id', KPI_MESSAGES.questionUnknown);
  else if (question.type !== info.question)
    errors.add('source.question_id', questionTypeMessage(info.question));
  else if (info.statement && question.type === 'likert') {
    if (source.statement_id === null || source.statement_id === '')
      errors.add('source.statement_id', KPI_MESSAGES.statementRequired);
    else if (!question.settings.statements.some((statement) => statement.id === source.statement_id))
      errors.add('source.statement_id', KPI_MESSAGES.statementUnknown);
  }
  return normalised;
}

/** The targets per period: keys of the KPI's period kind, each once, values and bands checked. */
function checkPeriodTargets(
  errors: Errors,
  input: Pick<KpiInput, 'period_targets' | 'period_kind' | 'unit' | 'direction'>,
  metric: KpiMetric | null,
): KpiPeriodTarget[] {
  if (input.period_targets.length > KPI_PERIOD_TARGETS_MAX) {
    errors.add('period_targets', KPI_MESSAGES.periodTargetsTooMany);
    return [];
  }
  const seen = new Set<string>();
  const kind = isOneOf(PERIOD_KINDS, input.period_kind) ? input.period_kind : null;
  input.period_targets.forEach((each, index) => {
    const key = `period_targets.${index}`;
    const period = kind === null ? null : parsePeriodKey(kind, each.period);
    if (kind !== null && period === null)
      errors.add(`${key}.period`, KPI_MESSAGES.periodKey(kind, each.period));
    else if (period !== null && seen.has(period.key))
      errors.add(`${key}.period`, `Voor ${periodName(period)} staat al een doel.`);
    if (period !== null) seen.add(period.key);
    const label = period === null ? 'Doel' : `Doel voor ${periodName(period)}`;
    const problem = targetProblem(label, input.unit, metric, each.target);
    if (problem !== null) errors.add(`${key}.target`, problem);
    if (each.warning !== null) {
      const warningLabel =
        period === null ? 'Waarschuwingsgrens' : `Waarschuwingsgrens voor ${periodName(period)}`;
      const warning = targetProblem(warningLabel, input.unit, metric, each.warning);
      if (warning !== null) errors.add(`${key}.warning`, warning);
      else if (problem === null) {
        const side = warningProblem(input.direction, each.target, each.warning);
        if (side !== null) errors.add(`${key}.warning`, side);
      }
    }
  });
  return [...input.period_targets]
    .map((each) => ({ period: each.period, target: each.target, warning: each.warning }))
    .sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
}

/**
 * Checks a KPI definition and answers it normalised (name trimmed, fields the source does not use
 * null, targets per period in period order), or every problem at once, per field, in Dutch. The
 * owner's membership is the server's to check (`KPI_MESSAGES.owner`).
 */
export function validateKpiInput(input: KpiInput, context: KpiCheckContext): CheckedInput<KpiInput> {
  const errors = new Errors();
  const name = input.name.trim();
  if (name === '') errors.add('name', KPI_MESSAGES.nameRequired);
  else if (name.length > KPI_NAME_MAX_LENGTH) errors.add('name', KPI_MESSAGES.nameTooLong);
  const description = input.description.trim();
  if (description.length > KPI_DESCRIPTION_MAX_LENGTH)
    errors.add('description', KPI_MESSAGES.descriptionTooLong);
  if (!isOneOf(KPI_UNITS, input.unit)) errors.add('unit', KPI_MESSAGES.unit);
  if (!isOneOf(KPI_DIRECTIONS, input.direction)) errors.add('direction', KPI_MESSAGES.direction);
  if (!isOneOf(PERIOD_KINDS, input.period_kind)) errors.add('period_kind', KPI_MESSAGES.periodKind);

  const source = checkSource(errors, input.source, context);
  const metric =
    source.type !== 'manual' && source.metric !== null && source.metric in KPI_METRICS ? source.metric : null;
  if (metric !== null && isOneOf(KPI_UNITS, input.unit) && KPI_METRICS[metric].unit !== input.unit)
    errors.add('unit', unitMessage(metric));

  const unitKnown = isOneOf(KPI_UNITS, input.unit);
  if (unitKnown && input.target !== null) {
    const problem = targetProblem('Doel', input.unit, metric, input.target);
    if (problem !== null) errors.add('target', problem);
  }
  if (unitKnown && input.warning !== null) {
    const problem = targetProblem('Waarschuwingsgrens', input.unit, metric, input.warning);
    if (problem !== null) errors.add('warning', problem);
  }
  if (!errors.map.has('target') && !errors.map.has('warning') && isOneOf(KPI_DIRECTIONS, input.direction)) {
    const side = warningProblem(input.direction, input.target, input.warning);
    if (side !== null) errors.add('warning', side);
  }
  const periodTargets =
    unitKnown && isOneOf(KPI_DIRECTIONS, input.direction) ? checkPeriodTargets(errors, input, metric) : [];

  if (errors.map.size > 0) return { ok: false, fields: errors.fields };
  return {
    ok: true,
    value: {
      name,
      description,
      unit: input.unit,
      direction: input.direction,
      period_kind: input.period_kind,
      target: input.target,
      warning: input.warning,
      period_targets: periodTargets,
      owner_id: input.owner_id,
      source,
    },
  };
}

/** A manual value's note, trimmed and checked. */
export function checkNote(
  note: string,
): { readonly ok: true; readonly value: string } | { readonly ok: false; readonly reason: string } {
  const trimmed = note.trim();
  return trimmed.length > KPI_NOTE_MAX_LENGTH
    ? { ok: false, reason: KPI_MESSAGES.noteTooLong }
    : { ok: true, value: trimmed };
}
