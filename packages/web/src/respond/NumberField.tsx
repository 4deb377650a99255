import { readTypedNumber, writeTypedNumber } from '@loop/core/surveys/model';
import { useState } from 'react';
import {
  describedBy,
  type FieldProps,
  QuestionDescription,
  QuestionError,
  RequiredMark,
} from './QuestionFrame';
import { useRespondWords } from './respondWords';

/**
 * Number (R-SURV-24): one text field with the decimal keyboard, the unit beside it and the range as
 * a hint. What is typed is read as the page's language writes numbers (R-RESP-14: '1.250,5' in
 * Dutch, '1,250.5' in English) and goes to the session with the text and the language, so the check
 * on 'Volgende' and the server read it alike: an empty field as no answer (null), text that is no
 * number or could be read two ways as NaN, which the check refuses with its message.
 */
export function NumberField({
  question,
  value,
  onChange,
  ids,
  error,
  titleRef,
  locked,
}: FieldProps<'number'>) {
  const words = useRespondWords();
  const { min, max, unit } = question.settings;
  const [text, setText] = useState(() =>
    typeof value?.typed === 'string'
      ? value.typed
      : value?.number === null || value?.number === undefined || Number.isNaN(value.number)
        ? ''
        : writeTypedNumber(value.number, words.language),
  );
  const inputId = `${ids.base}-input`;
  const hintId = `${ids.base}-hint`;
  const unitId = `${ids.base}-unit`;
  const hint =
    min !== undefined && max !== undefined
      ? words.numberBetween(min, max)
      : min !== undefined
        ? words.answer.numberMin(min)
        : max !== undefined
          ? words.answer.numberMax(max)
          : null;
  const extra = [...(unit ? [unitId] : []), ...(hint ? [hintId] : [])];
  return (
    <div className="rq">
      <h1 id={ids.title} className="rq-title" ref={titleRef} tabIndex={-1}>
        <label htmlFor={inputId}>
          {question.title}
          <RequiredMark required={question.required} />
        </label>
      </h1>
      <QuestionDescription question={question} ids={ids} />
      <div className="rq-number">
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className="rq-text-input rq-number-input"
          value={text}
          readOnly={locked}
          aria-describedby={describedBy(question, ids, error, ...extra)}
          aria-invalid={error !== null || undefined}
          aria-required={question.required || undefined}
          onChange={(event) => {
            setText(event.target.value);
            const typed = event.target.value;
            const read = readTypedNumber(typed, words.language);
            onChange({
              number: 'number' in read ? read.number : Number.NaN,
              typed,
              language: words.language,
            });
          }}
        />
        {unit ? (
          <span id={unitId} className="rq-number-unit">
            {unit}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="rq-hint">
          {hint}
        </p>
      ) : null}
      <QuestionError ids={ids} error={error} />
    </div>
  );
}
