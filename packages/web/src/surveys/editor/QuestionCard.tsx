import type { OpeningProblem, Question, QuestionType } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { LOCK_HELP, QUESTION_ISSUE } from '@loop/core/surveys/editor';
import {
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type QuestionLocks,
  READINESS_MESSAGES,
} from '@loop/core/surveys/model';
import { type ReactNode, useEffect, useRef } from 'react';
import { FieldError } from '../../forms/FormAlert';
import { ChoiceEditor } from './ChoiceEditor';
import { DateEditor } from './DateEditor';
import { LikertEditor } from './LikertEditor';
import { NpsEditor } from './NpsEditor';
import { NumberEditor } from './NumberEditor';
import { OpenTextEditor } from './OpenTextEditor';
import { OptionsEditor } from './OptionsEditor';
import { RatingEditor } from './RatingEditor';

/**
 * A control of the card that the editor can ask to be focused after a change; 'problem': the first
 * field to fill in (an item of the list of what to fill in before opening was chosen).
 */
export type CardFocus = 'title' | 'up' | 'down' | 'problem';

/** Scrolls an element to the middle of the window (clear of the editor bar) and focuses it. */
export function reveal(element: HTMLElement | null | undefined): void {
  element?.scrollIntoView?.({ block: 'center' });
  element?.focus({ preventScroll: true });
}

const OPEN_TEXT: readonly QuestionType[] = ['open_short', 'open_long'];

/** Fields shown beside their own control; any other message is shown at the top of the card. */
const OWN_PLACE =
  /^(title|description|settings\.(labels|points|statements|options|allow_other|min_choices|max_choices|max_length|low_label|high_label))/;

/** One question in the editor: title, description, type, required, its type's settings and its actions. */
export function QuestionCard({
  question,
  index,
  total,
  issues,
  problem,
  locks,
  dragHandle,
  focus,
  onFocused,
  onChange,
  onTypeChange,
  onMove,
  onDuplicate,
  onRemove,
  logic,
}: {
  question: Question;
  index: number;
  total: number;
  issues: FieldErrors;
  /** What the question still lacks before the survey can open; undefined when it is complete. */
  problem: OpeningProblem | undefined;
  locks: QuestionLocks;
  dragHandle: ReactNode;
  focus: CardFocus | null;
  onFocused: () => void;
  onChange: (question: Question) => void;
  onTypeChange: (type: QuestionType) => void;
  onMove: (direction: 'up' | 'down') => void;
  onDuplicate: () => void;
  onRemove: () => void;
  /** The card's 'Logica' section (issue 26). */
  logic?: ReactNode;
}) {
  const p = `question-${question.id}`;
  const headingId = `${p}-heading`;
  const card = useRef<HTMLElement>(null);
  const title = useRef<HTMLInputElement>(null);
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focus === null) return;
    if (focus === 'problem') {
      // The fields named are marked once opening was refused, then a rule with a problem (issue 26);
      // without either, the question's text.
      reveal(
        card.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-logic-problem]') ??
          title.current,
      );
      onFocused();
      return;
    }
    const target = { title, up, down }[focus].current;
    // At the top or bottom the button that moved it is disabled: the other one takes the focus.
    const fallback = focus === 'up' ? down.current : focus === 'down' ? up.current : null;
    (target && !target.disabled ? target : (fallback ?? title.current))?.focus();
    onFocused();
  }, [focus, onFocused]);

  const number = index + 1;
  const refusal = issues[QUESTION_ISSUE];
  const otherIssues = Object.entries(issues).filter(
    ([key]) => key !== QUESTION_ISSUE && !OWN_PLACE.test(key),
  );
  const typeOptions = locks.type
    ? OPEN_TEXT.includes(question.type)
      ? OPEN_TEXT
      : [question.type]
    : QUESTION_TYPES;
  const requiredLocked = locks.required && !question.required;
  const textBlock = question.type === 'text_block';

  return (
    <section
      ref={card}
      className={problem ? 'question-card is-incomplete' : 'question-card'}
      aria-labelledby={headingId}
      aria-describedby={problem ? `${p}-incomplete` : undefined}
      data-testid="question-card"
      data-question-id={question.id}
    >
      <header className="question-card-header">
        {dragHandle}
        <h3 id={headingId} className="question-card-title">
          Vraag {number}
        </h3>
        <div className="field question-type">
          <label htmlFor={`${p}-type`}>Soort vraag</label>
          <select
            id={`${p}-type`}
            value={question.type}
            disabled={typeOptions.length < 2}
            aria-describedby={locks.type ? `${p}-type-lock` : undefined}
            onChange={(event) => onTypeChange(event.target.value as QuestionType)}
          >
            {typeOptions.map((type) => (
              <option key={type} value={type}>
                {QUESTION_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
      </header>
      {problem ? (
        <p id={`${p}-incomplete`} className="question-incomplete" data-testid="question-incomplete">
          <span className="question-incomplete-badge">{READINESS_MESSAGES.marker}</span>
          <span className="visually-hidden">:</span> {problem.reason}
        </p>
      ) : null}
      {locks.type ? (
        <p id={`${p}-type-lock`} className="field-hint">
          {OPEN_TEXT.includes(question.type) ? LOCK_HELP.openTextType : LOCK_HELP.type}
        </p>
      ) : null}

      {refusal ? (
        <p className="alert alert-error" role="alert">
          {refusal}
        </p>
      ) : null}
      {otherIssues.map(([key, message]) => (
        <p key={key} className="field-error">
          {message}
        </p>
      ))}

      <div className="field">
        <label htmlFor={`${p}-title`}>{textBlock ? 'Kop' : 'Vraagtekst'}</label>
        <input
          ref={title}
          id={`${p}-title`}
          type="text"
          value={question.title}
          placeholder={textBlock ? 'Typ hier de kop' : 'Typ hier je vraag'}
          aria-invalid={issues.title ? true : undefined}
          aria-describedby={issues.title ? `${p}-title-error` : undefined}
          onChange={(event) => onChange({ ...question, title: event.target.value })}
        />
        <FieldError id={`${p}-title-error`} error={issues.title} />
      </div>
      <div className="field">
        <label htmlFor={`${p}-description`}>{textBlock ? 'Tekst' : 'Toelichting (optioneel)'}</label>
        <textarea
          id={`${p}-description`}
          rows={textBlock ? 4 : 2}
          value={question.description ?? ''}
          aria-invalid={issues.description ? true : undefined}
          aria-describedby={issues.description ? `${p}-description-error` : undefined}
          onChange={(event) => {
            const { description: _old, ...rest } = question;
            onChange(
              event.target.value === ''
                ? (rest as Question)
                : { ...question, description: event.target.value },
            );
          }}
        />
        <FieldError id={`${p}-description-error`} error={issues.description} />
      </div>
      {textBlock ? (
        <p className="field-hint">Een tekstblok is een tussenkop met tekst: er hoort geen antwoord bij.</p>
      ) : (
        <div className="field">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={question.required}
              disabled={requiredLocked}
              aria-describedby={requiredLocked ? `${p}-required-lock` : undefined}
              onChange={(event) => onChange({ ...question, required: event.target.checked })}
            />
            Verplicht
          </label>
          {requiredLocked ? (
            <p id={`${p}-required-lock`} className="field-hint">
              {LOCK_HELP.required}
            </p>
          ) : null}
        </div>
      )}

      <TypeSettings question={question} idPrefix={p} issues={issues} locks={locks} onChange={onChange} />
      {logic}

      <div className="question-card-actions">
        <button
          ref={up}
          type="button"
          className="button button-secondary button-small"
          disabled={index === 0}
          onClick={() => onMove('up')}
        >
          Omhoog
        </button>
        <button
          ref={down}
          type="button"
          className="button button-secondary button-small"
          disabled={index === total - 1}
          onClick={() => onMove('down')}
        >
          Omlaag
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onDuplicate}>
          Dupliceren
        </button>
        <button
          type="button"
          className="button button-danger button-small"
          disabled={locks.remove}
          aria-describedby={locks.remove ? `${p}-remove-lock` : undefined}
          onClick={onRemove}
        >
          Verwijderen
        </button>
      </div>
      {locks.remove ? (
        <p id={`${p}-remove-lock`} className="field-hint">
          {LOCK_HELP.remove}
        </p>
      ) : null}
    </section>
  );
}

function TypeSettings({
  question,
  idPrefix,
  issues,
  locks,
  onChange,
}: {
  question: Question;
  idPrefix: string;
  issues: FieldErrors;
  locks: QuestionLocks;
  onChange: (question: Question) => void;
}) {
  switch (question.type) {
    case 'likert':
      return (
        <LikertEditor
          idPrefix={idPrefix}
          settings={question.settings}
          errors={issues}
          locks={locks}
          onChange={(settings) => onChange({ ...question, settings })}
        />
      );
    case 'single_choice':
    case 'multiple_choice':
      return (
        <ChoiceEditor
          idPrefix={idPrefix}
          multiple={question.type === 'multiple_choice'}
          settings={question.settings}
          errors={issues}
          locks={locks}
          onChange={(settings) => onChange({ ...question, settings } as Question)}
        />
      );
    case 'open_short':
    case 'open_long':
      return (
        <OpenTextEditor
          idPrefix={idPrefix}
          settings={question.settings}
          errors={issues}
          onChange={(settings) => onChange({ ...question, settings })}
        />
      );
    case 'nps':
      return (
        <NpsEditor
          idPrefix={idPrefix}
          settings={question.settings}
          errors={issues}
          onChange={(settings) => onChange({ ...question, settings })}
        />
      );
    case 'rating':
      return (
        <RatingEditor
          idPrefix={idPrefix}
          settings={question.settings}
          onChange={(settings) => onChange({ ...question, settings })}
        />
      );
    case 'text_block':
      return null;
    case 'ranking':
      return (
        <OptionsEditor
          kind="ranking"
          idPrefix={idPrefix}
          settings={question.settings}
          errors={issues}
          locks={locks}
          onChange={(settings) => onChange({ ...question, settings })}
        />
      );
    case 'date':
      return (
        <DateEditor
          idPrefix={idPrefix}
          settings={question.settings}
          errors={issues}
          onChange={(settings) => onChange({ ...question, settings })}
        />
      );
    case 'dropdown':
      return (
        <OptionsEditor
          kind="dropdown"
          idPrefix={idPrefix}
          settings={question.settings}
          errors={issues}
          locks={locks}
          onChange={(settings) => onChange({ ...question, settings })}
        />
      );
    case 'number':
      return (
        <NumberEditor
          idPrefix={idPrefix}
          settings={question.settings}
          errors={issues}
          onChange={(settings) => onChange({ ...question, settings })}
        />
      );
  }
}
