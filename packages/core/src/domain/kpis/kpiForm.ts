import {
  KPI_FINANCE_METRICS,
  KPI_SURVEY_METRICS,
  type Kpi,
  type KpiDirection,
  type KpiInput,
  type KpiMetric,
  type KpiSourceType,
  type KpiUnit,
  type KpiValueInput,
  type Question,
} from '../contract';
import { lastPeriods, type PeriodKind, parsePeriodKey, periodName } from '../periods';
import type { CheckedInput } from '../surveys/model';
import { checkNote, validateKpiInput } from './kpiDefinition';
import { KPI_METRICS } from './kpiMetrics';
import { kpiValueText, parseKpiValue } from './kpiValues';

/**
 * The KPI form and the value dialog as the screens hold them (text as typed, choices as option
 * values) and the rules that turn them into what the API takes: targets and values read in Dutch
 * notation per unit, the unit a computed metric dictates, the questions and statements a metric can
 * use. Field keys are those of `validateKpiInput` and the server's 400, so one error map serves both.
 */

/** What the KPI form holds: every field as the control shows it. */
export interface KpiFormValues {
  readonly name: string;
  readonly description: string;
  readonly unit: KpiUnit;
  readonly direction: KpiDirection;
  readonly period_kind: PeriodKind;
  /** The standing target and its warning value as typed ('€ 1.250', '45,5%'); '' for none. */
  readonly target: string;
  readonly warning: string;
  /** A member's user id; '' for nobody. */
  readonly owner_id: string;
  readonly source_type: KpiSourceType;
  /** Option values; '' while not chosen. */
  readonly metric: string;
  readonly survey_id: string;
  readonly question_id: string;
  readonly statement_id: string;
}

export const EMPTY_KPI_FORM: KpiFormValues = {
  name: '',
  description: '',
  unit: 'number',
  direction: 'higher',
  period_kind: 'month',
  target: '',
  warning: '',
  owner_id: '',
  source_type: 'manual',
  metric: '',
  survey_id: '',
  question_id: '',
  statement_id: '',
};

/** A KPI as the form shows it for editing: targets in the notation the form reads back. */
export function kpiFormFromKpi(kpi: Kpi): KpiFormValues {
  return {
    name: kpi.name,
    description: kpi.description,
    unit: kpi.unit,
    direction: kpi.direction,
    period_kind: kpi.period_kind,
    target: kpi.target === null ? '' : kpiValueText(kpi.unit, kpi.target),
    warning: kpi.warning === null ? '' : kpiValueText(kpi.unit, kpi.warning),
    owner_id: kpi.owner === null ? '' : String(kpi.owner.id),
    source_type: kpi.source.type,
    metric: kpi.source.metric ?? '',
    survey_id: kpi.source.survey_id === null ? '' : String(kpi.source.survey_id),
    question_id: kpi.source.question_id ?? '',
    statement_id: kpi.source.statement_id ?? '',
  };
}

const metricOf = (values: KpiFormValues): KpiMetric | null => {
  const list: readonly string[] =
    values.source_type === 'survey'
      ? KPI_SURVEY_METRICS
      : values.source_type === 'finance'
        ? KPI_FINANCE_METRICS
        : [];
  return list.includes(values.metric) ? (values.metric as KpiMetric) : null;
};

/** The unit the KPI gets: a computed metric's own unit (an NPS is a number), else the chosen one. */
export function kpiFormUnit(values: KpiFormValues): KpiUnit {
  const metric = metricOf(values);
  return metric === null ? values.unit : KPI_METRICS[metric].unit;
}

/** Whether the unit is the form's choice (manual KPIs) or follows the metric. */
export const kpiFormUnitChosen = (values: KpiFormValues): boolean => metricOf(values) === null;

/** How a target or value of each unit is written, as the fields' hints say it. */
export const KPI_UNIT_EXAMPLES: Readonly<Record<KpiUnit, string>> = {
  number: 'Een getal, bijvoorbeeld 42 of 3,5.',
  percentage: 'Een percentage tussen 0 en 100, bijvoorbeeld 45,5%.',
  euro: 'Een bedrag, bijvoorbeeld € 1.250,00.',
  duration: 'Een duur, bijvoorbeeld 2:15 of 2 u 15 min.',
};

export interface KpiChoice {
  readonly value: string;
  readonly label: string;
}

/** The metrics a source offers, with their Dutch labels. */
export function kpiMetricChoices(type: KpiSourceType): readonly KpiChoice[] {
  const metrics: readonly KpiMetric[] =
    type === 'survey' ? KPI_SURVEY_METRICS : type === 'finance' ? KPI_FINANCE_METRICS : [];
  return metrics.map((metric) => ({ value: metric, label: KPI_METRICS[metric].label }));
}

const questionLabel = (question: Question, index: number): string =>
  `${index + 1}. ${question.title.trim() || 'Vraag zonder titel'}`;

/** The survey's questions a metric can read (NPS questions for 'nps'); none when it needs none. */
export function kpiQuestionChoices(metric: string, questions: readonly Question[]): readonly KpiChoice[] {
  const info = metric in KPI_METRICS ? KPI_METRICS[metric as KpiMetric] : null;
  if (info === null || info.question === null) return [];
  return questions
    .map((question, index) => ({ question, label: questionLabel(question, index) }))
    .filter(({ question }) => question.type === info.question)
    .map(({ question, label }) => ({ value: question.id, label }));
}

/** The statements of the chosen Likert question, when the metric reads one statement. */
export function kpiStatementChoices(
  metric: string,
  questions: readonly Question[],
  questionId: string,
): readonly KpiChoice[] {
  const info = metric in KPI_METRICS ? KPI_METRICS[metric as KpiMetric] : null;
  if (info === null || !info.statement) return [];
  const question = questions.find((each) => each.id === questionId);
  if (question === undefined || question.type !== 'likert') return [];
  return question.settings.statements.map((statement, index) => ({
    value: statement.id,
    label: statement.text.trim() || `Stelling ${index + 1}`,
  }));
}

/** Whether the metric needs a question, and a statement of it. */
export function kpiMetricNeeds(metric: string): { readonly question: boolean; readonly statement: boolean } {
  const info = metric in KPI_METRICS ? KPI_METRICS[metric as KpiMetric] : null;
  return { question: info?.question != null, statement: info?.statement === true };
}

/** A typed target or warning in the unit, or its error naming the field; null for an empty field. */
function readTarget(
  errors: Record<string, string>,
  key: string,
  field: string,
  unit: KpiUnit,
  text: string,
): number | null {
  if (text.trim() === '') return null;
  const parsed = parseKpiValue(unit, text);
  if (parsed.ok) return parsed.value;
  errors[key] = `${field}: ${parsed.reason}.`;
  return null;
}

const idOrNull = (text: string): number | null => (/^\d+$/.test(text) ? Number(text) : null);
const textOrNull = (text: string): string | null => (text === '' ? null : text);

/** The field keys the KPI form shows beside a control; other keys (targets per period) it lists above. */
export const KPI_FORM_FIELDS: readonly string[] = [
  'name',
  'description',
  'source.type',
  'source.metric',
  'source.survey_id',
  'source.question_id',
  'source.statement_id',
  'unit',
  'direction',
  'period_kind',
  'target',
  'warning',
  'owner_id',
];

/** Errors of fields the form has no control for, as one message; null when there are none. */
export function kpiFormOtherErrors(fields: Readonly<Record<string, string>>): string | null {
  const other = Object.entries(fields)
    .filter(([key]) => !KPI_FORM_FIELDS.includes(key))
    .map(([, message]) => message);
  return other.length === 0 ? null : other.join(' ');
}

/**
 * The KPI's targets per period that stay with the form's period kind: a target for '2026-Q1' means
 * nothing to a monthly KPI, so changing the kind drops them (the form says so beforehand).
 */
export const keptPeriodTargets = (
  kind: PeriodKind,
  targets: KpiInput['period_targets'],
): KpiInput['period_targets'] => targets.filter((each) => parsePeriodKey(kind, each.period) !== null);

/**
 * The form as the API's KpiInput, checked by `validateKpiInput` against the chosen survey's
 * questions (null: no survey chosen or it is unknown), with every problem per field at once. The
 * per-period targets are the KPI's own (`periodTargets`): the form keeps those of its period kind.
 */
export function kpiInputFromForm(
  values: KpiFormValues,
  survey: { readonly questions: readonly Question[] } | null,
  periodTargets: KpiInput['period_targets'] = [],
): CheckedInput<KpiInput> {
  const unit = kpiFormUnit(values);
  const errors: Record<string, string> = {};
  const target = readTarget(errors, 'target', 'Doel', unit, values.target);
  const warning = readTarget(errors, 'warning', 'Waarschuwingsgrens', unit, values.warning);
  const metric = values.source_type === 'manual' ? null : values.metric === '' ? null : values.metric;
  const input: KpiInput = {
    name: values.name,
    description: values.description,
    unit,
    direction: values.direction,
    period_kind: values.period_kind,
    target,
    warning,
    period_targets: keptPeriodTargets(values.period_kind, periodTargets),
    owner_id: idOrNull(values.owner_id),
    source: {
      type: values.source_type,
      metric: metric as KpiMetric | null,
      survey_id: values.source_type === 'survey' ? idOrNull(values.survey_id) : null,
      question_id: textOrNull(values.question_id),
      statement_id: textOrNull(values.statement_id),
    },
  };
  const checked = validateKpiInput(input, { survey });
  const fields: Record<string, string> = { ...(checked.ok ? {} : checked.fields), ...errors };
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return checked;
}

// --- The value dialog ------------------------------------------------------------------------------

/** A value and note as typed, for a KPI of this unit: read in Dutch notation, note checked. */
export function kpiValueFromForm(unit: KpiUnit, value: string, note: string): CheckedInput<KpiValueInput> {
  const fields: Record<string, string> = {};
  const parsed = parseKpiValue(unit, value);
  if (!parsed.ok) fields.value = `Waarde: ${parsed.reason}.`;
  const checkedNote = checkNote(note);
  if (!checkedNote.ok) fields.note = checkedNote.reason;
  if (!parsed.ok || !checkedNote.ok) return { ok: false, fields };
  return { ok: true, value: { value: parsed.value, note: checkedNote.value } };
}

/** How many periods back the value dialog offers. */
export const KPI_VALUE_PERIODS = 12;

/** The periods a value can be entered for, the running one (the default) first: key and Dutch name. */
export function kpiValuePeriods(
  kind: PeriodKind,
  today: string,
  count = KPI_VALUE_PERIODS,
): readonly KpiChoice[] {
  return lastPeriods(kind, count, today)
    .reverse()
    .map((period, index) => ({
      value: period.key,
      label: index === 0 ? `${periodName(period)} (lopend)` : periodName(period),
    }));
}
