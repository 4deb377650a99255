import type { Question } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import type { AlertUseCases as AlertActions } from '@loop/core/surveys/alerts';
import { ALERT_RULE_NAME_MAX_LENGTH, ALERT_RULES_MAX, type AlertRule } from '@loop/core/surveys/alerts';
import { conditionOnHiddenField, conditionOnLanguage, conditionOnQuestion } from '@loop/core/surveys/editor';
import type { Condition } from '@loop/core/surveys/logic';
import { type FormEvent, useState } from 'react';
import { useInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useNotices } from '../../app/useServices';
import { FieldError, FormAlert } from '../../forms/FormAlert';
import { type ConditionCommands, ConditionEditor } from '../editor/ConditionEditor';
import { MatchSelect } from '../editor/MatchSelect';

/** A 'Criticaster' alert on an NPS question: a score from 0 to 6. */
const criticaster = (id: string, question: Question): AlertRule => ({
  id,
  name: 'Criticaster',
  when: {
    match: 'all',
    conditions: [{ source: 'question', question_id: question.id, operator: 'between', min: 0, max: 6 }],
  },
});

/**
 * 'Meldingen bij voorwaarden' (R-ALERT-2): the survey's named alerts, each with conditions in the
 * logic's own controls, on any question of the survey. Roles that may not build surveys see them
 * read-only, with who may change them.
 */
export function AlertRulesForm({
  surveyId,
  rules: savedRules,
  questions,
  hiddenFields,
  canEdit,
  actions,
}: {
  surveyId: number;
  rules: readonly AlertRule[];
  questions: readonly Question[];
  hiddenFields: readonly string[];
  canEdit: boolean;
  actions: AlertActions;
}) {
  const notices = useNotices();
  const ids = useInjection(TOKENS.IdSource);
  const [rules, setRules] = useState<readonly AlertRule[]>(savedRules);
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nps = questions.find((question) => question.type === 'nps');

  const change = (id: string, edit: (rule: AlertRule) => AlertRule) =>
    setRules((list) => list.map((rule) => (rule.id === id ? edit(rule) : rule)));
  const conditions = (id: string, edit: (list: readonly Condition[]) => readonly Condition[]) =>
    change(id, (rule) => ({ ...rule, when: { ...rule.when, conditions: edit(rule.when.conditions) } }));
  const commands: ConditionCommands = {
    updateCondition: (id, index, next) =>
      conditions(id, (list) => list.map((item, at) => (at === index ? next : item))),
    setConditionQuestion: (id, index, questionId) => {
      const question = questions.find((item) => item.id === questionId);
      if (question) commands.updateCondition(id, index, conditionOnQuestion(question));
    },
    setConditionSource: (id, index, source, name) => {
      if (source === 'language') commands.updateCondition(id, index, conditionOnLanguage());
      else if (source === 'hidden_field') {
        const field = name ?? hiddenFields[0];
        if (field !== undefined) commands.updateCondition(id, index, conditionOnHiddenField(field));
      }
    },
    removeCondition: (id, index) => conditions(id, (list) => list.filter((_item, at) => at !== index)),
  };
  const answerable = questions.filter((question) => question.type !== 'text_block');
  const first = answerable[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await actions.saveRules(surveyId, rules, questions);
    setBusy(false);
    if (result.ok) {
      setRules(result.value);
      setFields({});
      setMessage(null);
      notices.success('Meldingen bij voorwaarden opgeslagen.');
      return;
    }
    setFields(result.fields);
    setMessage(
      Object.keys(result.fields).length > 0 ? (Object.values(result.fields)[0] ?? null) : result.message,
    );
  };

  if (!canEdit)
    return (
      <div>
        <h3>Meldingen bij voorwaarden</h3>
        {rules.length === 0 ? (
          <p>Deze survey heeft geen meldingen bij voorwaarden.</p>
        ) : (
          <ul>
            {rules.map((rule) => (
              <li key={rule.id}>{rule.name}</li>
            ))}
          </ul>
        )}
        <p className="field-hint">Met de rol Lezer kun je meldingen bij voorwaarden niet wijzigen.</p>
      </div>
    );

  return (
    <form
      className="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="alert-rules-heading"
    >
      <h3 id="alert-rules-heading">Meldingen bij voorwaarden</h3>
      <p className="field-hint">
        Een melding bij voorwaarden, zoals 'Criticaster' (NPS van 0 tot en met 6), gaat naar wie daarvoor
        kiest en naar het kanaal. De voorwaarden werken zoals bij de logica.
      </p>
      {rules.length > 0 ? (
        <ul className="logic-rules">
          {rules.map((rule, number) => (
            <li key={rule.id} className="logic-rule" data-testid="alert-rule">
              <fieldset>
                <legend>Melding {number + 1}</legend>
                <div className="field">
                  <label htmlFor={`alert-${rule.id}-name`}>Naam</label>
                  <input
                    id={`alert-${rule.id}-name`}
                    type="text"
                    value={rule.name}
                    maxLength={ALERT_RULE_NAME_MAX_LENGTH}
                    aria-invalid={fields[`rules.${number}.name`] ? true : undefined}
                    aria-describedby={
                      fields[`rules.${number}.name`] ? `alert-${rule.id}-name-error` : undefined
                    }
                    onChange={(event) => change(rule.id, (item) => ({ ...item, name: event.target.value }))}
                  />
                  <FieldError id={`alert-${rule.id}-name-error`} error={fields[`rules.${number}.name`]} />
                </div>
                <MatchSelect
                  id={`alert-${rule.id}-match`}
                  match={rule.when.match}
                  onChange={(match) =>
                    change(rule.id, (item) => ({ ...item, when: { ...item.when, match } }))
                  }
                />
                {rule.when.conditions.map((condition, index) => (
                  <ConditionEditor
                    // biome-ignore lint/suspicious/noArrayIndexKey: a condition has no id of its own; its place is its identity.
                    key={index}
                    idPrefix={`alert-${rule.id}`}
                    number={index + 1}
                    ruleId={rule.id}
                    index={index}
                    condition={condition}
                    questions={questions}
                    sources={answerable}
                    hiddenFields={hiddenFields}
                    disabled={false}
                    commands={commands}
                    onRemoved={() => {}}
                    sourcesLabel="Vragen"
                  />
                ))}
                <FieldError id={`alert-${rule.id}-when-error`} error={fields[`rules.${number}.when`]} />
                <div className="actions">
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={first === undefined}
                    onClick={() =>
                      first && conditions(rule.id, (list) => [...list, conditionOnQuestion(first)])
                    }
                  >
                    Voorwaarde toevoegen
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => setRules((list) => list.filter((item) => item.id !== rule.id))}
                  >
                    Melding '{rule.name || `Melding ${number + 1}`}' verwijderen
                  </button>
                </div>
              </fieldset>
            </li>
          ))}
        </ul>
      ) : (
        <p>Nog geen meldingen bij voorwaarden.</p>
      )}
      <FormAlert message={message} />
      <div className="actions">
        {nps !== undefined && !rules.some((rule) => rule.name === 'Criticaster') ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={rules.length >= ALERT_RULES_MAX}
            onClick={() => setRules((list) => [...list, criticaster(ids.newId(), nps)])}
          >
            Criticaster toevoegen (NPS 0–6)
          </button>
        ) : null}
        <button
          type="button"
          className="button button-secondary"
          disabled={rules.length >= ALERT_RULES_MAX || first === undefined}
          onClick={() =>
            first &&
            setRules((list) => [
              ...list,
              {
                id: ids.newId(),
                name: '',
                when: {
                  match: 'all',
                  conditions: [{ source: 'question', question_id: first.id, operator: 'answered' }],
                },
              },
            ])
          }
        >
          Melding toevoegen
        </button>
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          Meldingen bij voorwaarden opslaan
        </button>
      </div>
    </form>
  );
}
