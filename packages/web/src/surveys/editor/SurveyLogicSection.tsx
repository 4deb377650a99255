import type { SurveyInput } from '@loop/core';
import {
  HIDDEN_FIELDS_MAX,
  hiddenFieldsQuery,
  type LogicView,
  logicOf,
  type SurveyLogicCommands,
} from '@loop/core/surveys/editor';
import { LOGIC_MESSAGES } from '@loop/core/surveys/logic';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FieldError } from '../../forms/FormAlert';

/**
 * 'Logica' below the questions: what belongs to the survey as a whole. Rules whose question was
 * deleted (they work again after 'Ongedaan maken', or can go), the end screens a jump can reach
 * ('Eindschermen') and the hidden fields its link may carry ('Verborgen velden'). Rules themselves
 * are edited on their question's card.
 */
export function SurveyLogicSection({
  draft,
  view,
  commands,
  locked,
}: {
  draft: SurveyInput;
  view: LogicView;
  commands: SurveyLogicCommands;
  locked: boolean;
}) {
  const logic = logicOf(draft);
  return (
    <section className="editor-section" aria-labelledby="logic-heading" data-testid="survey-logic">
      <h2 id="logic-heading" tabIndex={-1}>
        Logica
      </h2>
      <p className="field-hint">
        Regels die een vraag tonen, verbergen of naar verderop laten springen, stel je in bij de vraag zelf,
        onder 'Logica'.
      </p>
      {locked ? (
        <p className="alert alert-info" data-testid="logic-locked">
          {LOGIC_MESSAGES.locked}
        </p>
      ) : null}
      {view.orphans.length > 0 ? (
        <div className="logic-orphans">
          <h3>Regels bij verwijderde vragen</h3>
          <ul className="logic-rules">
            {view.orphans.map((orphan) => (
              <li key={orphan.rule.id} className="logic-rule has-problems">
                <p className="logic-sentence">{orphan.sentence}</p>
                {orphan.problems.map((problem) => (
                  <p key={problem.message} className="field-error">
                    {problem.message}
                  </p>
                ))}
                <button
                  type="button"
                  className="button button-danger button-small"
                  disabled={locked}
                  onClick={() => commands.removeRule(orphan.rule.id)}
                >
                  Regel verwijderen
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <EndScreens logic={logic} view={view} commands={commands} locked={locked} />
      <HiddenFields names={logic.hidden_fields} commands={commands} locked={locked} />
    </section>
  );
}

function EndScreens({
  logic,
  view,
  commands,
  locked,
}: {
  logic: ReturnType<typeof logicOf>;
  view: LogicView;
  commands: SurveyLogicCommands;
  locked: boolean;
}) {
  const [focusId, setFocusId] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusId === null) return;
    document.getElementById(`end-screen-${focusId}-text`)?.focus();
    setFocusId(null);
  }, [focusId]);

  return (
    <div className="logic-block" data-testid="end-screens">
      <h3>Eindschermen</h3>
      <p className="field-hint">
        Een sprong kan de survey laten eindigen op een eigen eindscherm, eventueel met een doorverwijzing.
        Zonder sprong ziet iedereen de gewone bedanktekst.
      </p>
      {logic.end_screens.length > 0 ? (
        <ol className="logic-end-screens">
          {logic.end_screens.map((screen, index) => (
            <li key={screen.id}>
              <EndScreenFields
                id={screen.id}
                number={index + 1}
                text={screen.text}
                redirect={screen.redirect_url ?? ''}
                problems={(view.endScreenProblems[screen.id] ?? []).map((problem) => problem.message)}
                commands={commands}
                locked={locked}
                onRemoved={() => addButton.current?.focus()}
              />
            </li>
          ))}
        </ol>
      ) : null}
      <div>
        <button
          ref={addButton}
          type="button"
          className="button button-secondary button-small"
          disabled={locked}
          onClick={() => {
            const id = commands.addEndScreen();
            if (id !== null) setFocusId(id);
          }}
        >
          <span aria-hidden="true">+ </span>Eindscherm toevoegen
        </button>
      </div>
    </div>
  );
}

function EndScreenFields({
  id,
  number,
  text,
  redirect,
  problems,
  commands,
  locked,
  onRemoved,
}: {
  id: string;
  number: number;
  text: string;
  redirect: string;
  problems: readonly string[];
  commands: SurveyLogicCommands;
  locked: boolean;
  onRemoved: () => void;
}) {
  const p = `end-screen-${id}`;
  // The address as typed: one that is not http(s) is shown with its error and not stored (R-SURV-13).
  const [address, setAddress] = useState(redirect);
  const [error, setError] = useState<string | null>(null);
  const shownError = error ?? problems[0] ?? null;
  return (
    <fieldset className="choice-group logic-end-screen" data-testid="end-screen">
      <legend>Eindscherm {number}</legend>
      <div className="field">
        <label htmlFor={`${p}-text`}>Tekst</label>
        <textarea
          id={`${p}-text`}
          rows={2}
          value={text}
          onChange={(event) => commands.setEndScreenText(id, event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${p}-redirect`}>Doorsturen naar (optioneel)</label>
        <input
          id={`${p}-redirect`}
          type="text"
          inputMode="url"
          value={address}
          placeholder="https://"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${p}-redirect-error` : `${p}-redirect-hint`}
          onChange={(event) => {
            setAddress(event.target.value);
            setError(commands.setEndScreenRedirect(id, event.target.value));
          }}
        />
        {shownError ? null : (
          <p id={`${p}-redirect-hint`} className="field-hint">
            Na de tekst gaat de deelnemer naar dit webadres.
          </p>
        )}
        <FieldError id={`${p}-redirect-error`} error={shownError} />
      </div>
      <div>
        <button
          type="button"
          className="button button-danger button-small"
          disabled={locked}
          onClick={() => {
            commands.removeEndScreen(id);
            onRemoved();
          }}
        >
          Eindscherm {number} verwijderen
        </button>
      </div>
    </fieldset>
  );
}

function HiddenFields({
  names,
  commands,
  locked,
}: {
  names: readonly string[];
  commands: SurveyLogicCommands;
  locked: boolean;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = commands.addHiddenField(name);
    setError(refused);
    if (refused === null) setName('');
    input.current?.focus();
  };

  return (
    <div className="logic-block" data-testid="hidden-fields">
      <h3>Verborgen velden</h3>
      <p className="field-hint">
        Waarden die je via de link van de survey meegeeft, zoals de afdeling of waar de uitnodiging vandaan
        kwam. Deelnemers zien ze niet; regels kunnen erop reageren.
      </p>
      {names.length > 0 ? (
        <>
          <ul className="logic-hidden-fields">
            {names.map((field) => (
              <li key={field}>
                <code>{field}</code>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={locked}
                  onClick={() => {
                    commands.removeHiddenField(field);
                    input.current?.focus();
                  }}
                >
                  Verwijderen<span className="visually-hidden"> ({field})</span>
                </button>
              </li>
            ))}
          </ul>
          <p className="logic-link" data-testid="hidden-fields-link">
            Zo geef je ze mee: zet achter de link van de survey <code>{hiddenFieldsQuery(names)}</code> en vul
            op de puntjes de waarde in.
          </p>
        </>
      ) : null}
      <form className="logic-hidden-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="hidden-field-name">Naam van een nieuw veld</label>
          <input
            ref={input}
            id="hidden-field-name"
            type="text"
            value={name}
            placeholder="afdeling"
            autoCapitalize="none"
            spellCheck={false}
            disabled={locked || names.length >= HIDDEN_FIELDS_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'hidden-field-name-error' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <FieldError id="hidden-field-name-error" error={error} />
        </div>
        <div>
          <button
            type="submit"
            className="button button-secondary button-small"
            disabled={locked || names.length >= HIDDEN_FIELDS_MAX}
          >
            Veld toevoegen
          </button>
        </div>
      </form>
    </div>
  );
}
