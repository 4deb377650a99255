import type { SurveyInput } from '@loop/core';
import { logicOf, type QuotaView, quotaViews, type SurveyQuotaCommands } from '@loop/core/surveys/editor';
import { QUOTA_MESSAGES, QUOTA_NAME_MAX_LENGTH, QUOTAS_MAX } from '@loop/core/surveys/logic';
import { useEffect, useRef, useState } from 'react';
import { ConditionEditor } from './ConditionEditor';
import { MatchSelect } from './MatchSelect';
import { NumberField } from './NumberField';

const isCount = (value: number | null): value is number =>
  value !== null && Number.isInteger(value) && value >= 1;

/**
 * 'Maximum aantal antwoorden' and 'Quota' (issue 26, R-SURV-21, R-SURV-22): the survey's cap, and
 * per quota its name, its conditions (the logic's condition controls, on any question), its maximum
 * and the text a respondent over it sees. Plain labelled fields and buttons; every valid change goes
 * into the draft.
 */
export function QuotaSection({ draft, commands }: { draft: SurveyInput; commands: SurveyQuotaCommands }) {
  const [capError, setCapError] = useState<string | undefined>(undefined);
  /** The quota just added: its name field takes the focus. */
  const [added, setAdded] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const views = quotaViews(draft);
  const quotas = draft.quotas ?? [];
  return (
    <section className="editor-section" aria-labelledby="quota-heading" data-testid="survey-quotas">
      <h2 id="quota-heading" tabIndex={-1}>
        Maximum en quota
      </h2>
      <NumberField
        id="max-responses"
        label="Maximum aantal antwoorden"
        hint="Leeg: geen maximum. Daarna ziet een nieuwe deelnemer dat de survey vol is."
        value={draft.max_responses ?? null}
        min={1}
        error={capError}
        onChange={(value) => {
          if (value !== null && !isCount(value)) {
            setCapError(QUOTA_MESSAGES.maxResponsesInvalid);
            return;
          }
          setCapError(undefined);
          commands.setMaxResponses(value);
        }}
      />
      <h3>Quota</h3>
      <p className="field-hint">
        Een quotum telt de ingestuurde antwoorden die aan de voorwaarden voldoen. Is het vol, dan ziet een
        deelnemer die erbij hoort de tekst van het quotum en telt zijn antwoord niet mee.
      </p>
      {views.length > 0 ? (
        <ul className="logic-rules">
          {views.map((view, index) => (
            <QuotaEditor
              key={view.quota.id}
              number={index + 1}
              view={view}
              draft={draft}
              commands={commands}
              focusName={view.quota.id === added}
              onRemoved={() => addButton.current?.focus()}
            />
          ))}
        </ul>
      ) : null}
      <button
        ref={addButton}
        type="button"
        className="button button-secondary"
        disabled={quotas.length >= QUOTAS_MAX}
        onClick={() => setAdded(commands.addQuota())}
      >
        Quotum toevoegen
      </button>
    </section>
  );
}

function QuotaEditor({
  number,
  view,
  draft,
  commands,
  focusName,
  onRemoved,
}: {
  number: number;
  view: QuotaView;
  draft: SurveyInput;
  commands: SurveyQuotaCommands;
  focusName: boolean;
  onRemoved: () => void;
}) {
  const { quota, problems } = view;
  const p = `quota-${quota.id}`;
  const [maxError, setMaxError] = useState<string | undefined>(undefined);
  const addCondition = useRef<HTMLButtonElement>(null);
  const name = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusName) name.current?.focus();
  }, [focusName]);
  const hiddenFields = logicOf(draft).hidden_fields;
  return (
    <li className={problems.length > 0 ? 'logic-rule has-problems' : 'logic-rule'} data-testid="quota">
      <fieldset className="logic-form">
        <legend>
          Quotum {number}: {quota.name}
        </legend>
        {problems.length > 0 ? (
          <ul id={`${p}-problems`} className="logic-problems">
            {problems.map((problem) => (
              <li key={problem.message} className="field-error">
                {problem.message}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="logic-fields">
          <div className="field">
            <label htmlFor={`${p}-name`}>Naam</label>
            <input
              ref={name}
              id={`${p}-name`}
              type="text"
              value={quota.name}
              maxLength={QUOTA_NAME_MAX_LENGTH}
              onChange={(event) => commands.setName(quota.id, event.target.value)}
            />
          </div>
          <NumberField
            id={`${p}-max`}
            label="Maximum"
            value={quota.max}
            min={1}
            error={maxError}
            onChange={(value) => {
              if (!isCount(value)) {
                setMaxError(QUOTA_MESSAGES.maxInvalid);
                return;
              }
              setMaxError(undefined);
              commands.setMax(quota.id, value);
            }}
          />
          {quota.when.conditions.length > 1 ? (
            <MatchSelect
              id={`${p}-match`}
              match={quota.when.match}
              onChange={(match) => commands.setMatch(quota.id, match)}
            />
          ) : null}
        </div>
        {quota.when.conditions.map((condition, index) => (
          <ConditionEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: a condition is addressed by its index
            key={index}
            idPrefix={p}
            number={index + 1}
            ruleId={quota.id}
            index={index}
            condition={condition}
            questions={draft.questions}
            sources={draft.questions}
            sourcesLabel="Vragen"
            hiddenFields={hiddenFields}
            disabled={false}
            commands={commands}
            onRemoved={() => addCondition.current?.focus()}
          />
        ))}
        <div className="field">
          <label htmlFor={`${p}-text`}>Tekst als het quotum vol is</label>
          <textarea
            id={`${p}-text`}
            rows={2}
            value={quota.end_screen_text}
            placeholder={QUOTA_MESSAGES.quotaFull}
            onChange={(event) => commands.setEndScreenText(quota.id, event.target.value)}
          />
        </div>
        <div className="logic-rule-actions">
          <button
            ref={addCondition}
            type="button"
            className="button button-secondary button-small"
            onClick={() =>
              commands.addCondition(quota.id, draft.questions.length > 0 ? 'question' : 'language')
            }
          >
            Voorwaarde toevoegen<span className="visually-hidden"> (quotum {number})</span>
          </button>
          <button
            type="button"
            className="button button-danger button-small"
            onClick={() => {
              commands.removeQuota(quota.id);
              onRemoved();
            }}
          >
            Quotum {number} verwijderen
          </button>
        </div>
      </fieldset>
    </li>
  );
}
