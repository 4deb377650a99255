import './kpis.css';
import {
  KPI_DIRECTIONS,
  KPI_SOURCE_TYPES,
  KPI_UNITS,
  type Kpi,
  type KpiDirection,
  type KpiSourceType,
  type KpiUnit,
  type Survey,
} from '@loop/core';
import { formFromApi, formInvalid } from '@loop/core/api';
import {
  EMPTY_KPI_FORM,
  KPI_DIRECTION_LABELS,
  KPI_SOURCE_LABELS,
  KPI_UNIT_EXAMPLES,
  KPI_UNIT_LABELS,
  type KpiFormValues,
  keptPeriodTargets,
  kpiFormFromKpi,
  kpiFormOtherErrors,
  kpiFormUnit,
  kpiFormUnitChosen,
  kpiInputFromForm,
  kpiMetricChoices,
  kpiMetricNeeds,
  kpiQuestionChoices,
  kpiStatementChoices,
} from '@loop/core/kpis';
import { PERIOD_KIND_LABELS, PERIOD_KINDS, type PeriodKind } from '@loop/core/periods';
import { Suspense, useEffect, useId, useState } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { Field, FieldFrame } from '../forms/Field';
import { Form } from '../forms/Form';
import { FormAlert } from '../forms/FormAlert';
import { SelectField } from '../forms/SelectField';
import { useForm } from '../forms/useForm';
import { Loading } from '../routing/Loading';
import { useQuery } from '../shared/useQuery';

export interface KpiFormProps {
  /** The KPI to change; a new one when absent. */
  readonly kpi?: Kpi;
  /** After the server stored it, with the KPI as the server answered it. */
  onSaved(kpi: Kpi): void;
  onCancel(): void;
}

const options = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The newest surveys a survey KPI can read (the API's largest page). */
const SURVEY_CHOICES = 100;

/**
 * Creates or changes a KPI: name, description, unit, direction, period, standing target with its
 * warning value, owner and source (manual, a survey metric with its question and statement, or a
 * finance metric). Core reads and checks it (`kpiInputFromForm`); the server's field errors show
 * beside the same fields. Render it inside a dialog or a page; it has no heading of its own.
 */
export function KpiForm({ kpi, onSaved, onCancel }: KpiFormProps) {
  const gateway = useAsyncInjection(TOKENS.KpiGateway);
  const prefix = useId();
  const [values, setValues] = useState<KpiFormValues>(() => (kpi ? kpiFormFromKpi(kpi) : EMPTY_KPI_FORM));
  // The chosen survey with its questions, once loaded: the checks need its questions.
  const [survey, setSurvey] = useState<Survey | null>(null);
  const set = (patch: Partial<KpiFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const form = useForm<Kpi>({
    action: async () => {
      const chosen =
        values.source_type === 'survey' && survey?.id === Number(values.survey_id) ? survey : null;
      const checked = kpiInputFromForm(values, chosen, kpi?.period_targets ?? []);
      if (!checked.ok) return formInvalid(checked.fields);
      return formFromApi(
        kpi ? await gateway.update(kpi.id, checked.value) : await gateway.create(checked.value),
      );
    },
    onSuccess: onSaved,
  });
  const error = (key: string) => form.fields[key];
  const id = (name: string) => `${prefix}-${name}`;
  const unit = kpiFormUnit(values);
  const ownTargets = kpi?.period_targets ?? [];
  const dropped = ownTargets.length - keptPeriodTargets(values.period_kind, ownTargets).length;

  return (
    <Form
      form={form}
      submit={kpi ? 'Wijzigingen opslaan' : 'KPI toevoegen'}
      busyLabel="Opslaan…"
      cancel={onCancel}
      className="form kpi-form"
    >
      <FormAlert message={kpiFormOtherErrors(form.fields)} />
      <Field
        id={id('name')}
        label="Naam"
        value={values.name}
        onChange={(event) => set({ name: event.target.value })}
        error={error('name')}
        autoComplete="off"
      />
      <FieldFrame
        id={id('description')}
        label="Beschrijving (niet verplicht)"
        error={error('description')}
        control={(described) => (
          <textarea
            id={id('description')}
            rows={2}
            value={values.description}
            {...described}
            onChange={(event) => set({ description: event.target.value })}
          />
        )}
      />

      <fieldset className="kpi-fieldset">
        <legend>Bron</legend>
        <SelectField
          id={id('source')}
          label="Waar komen de waarden vandaan?"
          value={values.source_type}
          options={options(KPI_SOURCE_TYPES, KPI_SOURCE_LABELS)}
          onChange={(type) =>
            set({ source_type: type as KpiSourceType, metric: '', question_id: '', statement_id: '' })
          }
          error={error('source.type')}
        />
        {values.source_type === 'manual' ? (
          <p className="field-hint">Je voert de waarde per periode zelf in.</p>
        ) : (
          <SelectField
            id={id('metric')}
            label={values.source_type === 'survey' ? 'Wat meet de KPI uit de survey?' : 'Wat meet de KPI?'}
            value={values.metric}
            placeholder="Kies een meting"
            options={kpiMetricChoices(values.source_type)}
            onChange={(metric) => set({ metric, question_id: '', statement_id: '' })}
            error={error('source.metric')}
          />
        )}
        {values.source_type === 'survey' ? (
          <Suspense fallback={<Loading />}>
            <SurveySourceFields values={values} set={set} id={id} error={error} onSurvey={setSurvey} />
          </Suspense>
        ) : null}
      </fieldset>

      <fieldset className="kpi-fieldset">
        <legend>Meten</legend>
        {kpiFormUnitChosen(values) ? (
          <SelectField
            id={id('unit')}
            label="Eenheid"
            value={values.unit}
            options={options(KPI_UNITS, KPI_UNIT_LABELS)}
            onChange={(next) => set({ unit: next as KpiUnit })}
            error={error('unit')}
          />
        ) : (
          <p className="field-hint">
            Eenheid: {KPI_UNIT_LABELS[unit].toLowerCase()} (volgt uit de meting).
            {error('unit') ? ` ${error('unit')}` : ''}
          </p>
        )}
        <SelectField
          id={id('direction')}
          label="Richting"
          value={values.direction}
          options={options(KPI_DIRECTIONS, KPI_DIRECTION_LABELS)}
          onChange={(direction) => set({ direction: direction as KpiDirection })}
          error={error('direction')}
        />
        <SelectField
          id={id('period')}
          label="Periode"
          value={values.period_kind}
          options={options(PERIOD_KINDS, PERIOD_KIND_LABELS)}
          onChange={(kind) => set({ period_kind: kind as PeriodKind })}
          error={error('period_kind')}
          hint={
            dropped > 0
              ? `Met deze periode vervallen ${dropped === 1 ? 'het doel' : `de ${dropped} doelen`} per periode van deze KPI.`
              : undefined
          }
        />
        <Field
          id={id('target')}
          label="Doel (niet verplicht)"
          hint={KPI_UNIT_EXAMPLES[unit]}
          value={values.target}
          onChange={(event) => set({ target: event.target.value })}
          error={error('target')}
          inputMode="decimal"
          autoComplete="off"
        />
        <Field
          id={id('warning')}
          label="Waarschuwingsgrens (niet verplicht)"
          hint={
            values.direction === 'higher'
              ? 'Onder het doel maar hierboven: risico; daaronder: niet op koers.'
              : 'Boven het doel maar hieronder: risico; daarboven: niet op koers.'
          }
          value={values.warning}
          onChange={(event) => set({ warning: event.target.value })}
          error={error('warning')}
          inputMode="decimal"
          autoComplete="off"
        />
      </fieldset>

      <Suspense fallback={<Loading />}>
        <OwnerField id={id('owner')} value={values.owner_id} set={set} error={error('owner_id')} />
      </Suspense>
    </Form>
  );
}

/** The owner: a member of the organisation, or nobody. */
function OwnerField({
  id,
  value,
  set,
  error,
}: {
  id: string;
  value: string;
  set: (patch: Partial<KpiFormValues>) => void;
  error: string | undefined;
}) {
  const team = useAsyncInjection(TOKENS.TeamGateway);
  const members = useQuery('team:members', () => team.members());
  return (
    <SelectField
      id={id}
      label="Eigenaar"
      value={value}
      placeholder="Niemand"
      options={(members.value ?? []).map((member) => ({ value: String(member.user_id), label: member.name }))}
      onChange={(owner) => set({ owner_id: owner })}
      error={error ?? members.error}
    />
  );
}

/** The survey, question and statement of a survey KPI, from the organisation's surveys. */
function SurveySourceFields({
  values,
  set,
  id,
  error,
  onSurvey,
}: {
  values: KpiFormValues;
  set: (patch: Partial<KpiFormValues>) => void;
  id: (name: string) => string;
  error: (key: string) => string | undefined;
  onSurvey: (survey: Survey | null) => void;
}) {
  const surveys = useAsyncInjection(TOKENS.SurveysGateway);
  const list = useQuery('kpi-form:surveys', () => surveys.list({ page: 1, page_size: SURVEY_CHOICES }));
  const surveyId = Number(values.survey_id);
  const chosen = useQuery(`kpi-form:survey:${values.survey_id}`, () =>
    surveyId > 0 ? surveys.get(surveyId) : Promise.resolve({ ok: true as const, value: null }),
  );
  const survey = values.survey_id === '' ? null : (chosen.value ?? null);
  useEffect(() => onSurvey(survey), [survey, onSurvey]);
  const questions = survey?.questions ?? [];
  const needs = kpiMetricNeeds(values.metric);

  return (
    <>
      <SelectField
        id={id('survey')}
        label="Survey"
        value={values.survey_id}
        placeholder="Kies een survey"
        options={(list.value?.items ?? []).map((each) => ({
          value: String(each.id),
          label: each.title || 'Naamloze survey',
        }))}
        onChange={(next) => set({ survey_id: next, question_id: '', statement_id: '' })}
        error={error('source.survey_id') ?? list.error}
      />
      {needs.question && values.survey_id !== '' ? (
        <SelectField
          id={id('question')}
          label="Vraag"
          value={values.question_id}
          placeholder={chosen.loading ? 'Vragen laden…' : 'Kies een vraag'}
          options={kpiQuestionChoices(values.metric, questions)}
          onChange={(question) => set({ question_id: question, statement_id: '' })}
          error={error('source.question_id') ?? chosen.error}
        />
      ) : null}
      {needs.statement && values.question_id !== '' ? (
        <SelectField
          id={id('statement')}
          label="Stelling"
          value={values.statement_id}
          placeholder="Kies een stelling"
          options={kpiStatementChoices(values.metric, questions, values.question_id)}
          onChange={(statement) => set({ statement_id: statement })}
          error={error('source.statement_id')}
        />
      ) : null}
    </>
  );
}
