import { openTextLimit } from '@loop/core';
import {
  describedBy,
  type FieldProps,
  QuestionDescription,
  QuestionError,
  RequiredMark,
} from './QuestionFrame';

const NUMBER = new Intl.NumberFormat('nl-NL');

/** Open text: one line (short) or a text area (long), with a character counter. */
export function OpenTextField({
  question,
  value,
  onChange,
  ids,
  error,
  titleRef,
}: FieldProps<'open_short' | 'open_long'>) {
  const limit = openTextLimit(question.settings.max_length);
  const text = value?.text ?? '';
  const inputId = `${ids.base}-input`;
  const counterId = `${ids.base}-counter`;
  const common = {
    id: inputId,
    value: text,
    maxLength: limit,
    'aria-describedby': describedBy(question, ids, error, counterId),
    'aria-invalid': error !== null || undefined,
    'aria-required': question.required || undefined,
  };
  return (
    <div className="rq">
      <h1 id={ids.title} className="rq-title" ref={titleRef} tabIndex={-1}>
        <label htmlFor={inputId}>
          {question.title}
          <RequiredMark required={question.required} />
        </label>
      </h1>
      <QuestionDescription question={question} ids={ids} />
      {question.type === 'open_long' ? (
        <textarea
          {...common}
          className="rq-text-input rq-text-area"
          rows={6}
          onChange={(event) => onChange({ text: event.target.value })}
        />
      ) : (
        <input
          {...common}
          type="text"
          className="rq-text-input"
          autoComplete="off"
          onChange={(event) => onChange({ text: event.target.value })}
        />
      )}
      <p id={counterId} className="rq-counter">
        {NUMBER.format(text.length)} van {NUMBER.format(limit)} tekens
      </p>
      <QuestionError ids={ids} error={error} />
    </div>
  );
}
