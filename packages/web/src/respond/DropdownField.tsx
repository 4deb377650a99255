import { useState } from 'react';
import {
  describedBy,
  type FieldProps,
  QuestionDescription,
  QuestionError,
  RequiredMark,
} from './QuestionFrame';
import { useRespondWords } from './respondWords';

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * Dropdown (R-SURV-24): a text field with the browser's own suggestions (`<datalist>`), so a long
 * list (80 departments) is searched by typing, with the keyboard and without a library. What is
 * typed goes to the session as the option whose label it is; empty as nothing chosen (null); any
 * other text as an unknown option, which the check on 'Volgende' refuses with its message.
 */
export function DropdownField({
  question,
  value,
  onChange,
  ids,
  error,
  titleRef,
  locked,
}: FieldProps<'dropdown'>) {
  const words = useRespondWords();
  const { options } = question.settings;
  const [text, setText] = useState(
    () => options.find((option) => option.id === value?.option_id)?.label ?? '',
  );
  const inputId = `${ids.base}-input`;
  const listId = `${ids.base}-options`;
  const hintId = `${ids.base}-hint`;
  return (
    <div className="rq">
      <h1 id={ids.title} className="rq-title" ref={titleRef} tabIndex={-1}>
        <label htmlFor={inputId}>
          {question.title}
          <RequiredMark required={question.required} />
        </label>
      </h1>
      <QuestionDescription question={question} ids={ids} />
      <input
        id={inputId}
        type="text"
        list={listId}
        autoComplete="off"
        className="rq-text-input"
        value={text}
        readOnly={locked}
        aria-describedby={describedBy(question, ids, error, hintId)}
        aria-invalid={error !== null || undefined}
        aria-required={question.required || undefined}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          const chosen = options.find((option) => same(option.label, typed));
          onChange({ option_id: typed.trim() === '' ? null : (chosen?.id ?? '') });
        }}
      />
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option.id} value={option.label} />
        ))}
      </datalist>
      <p id={hintId} className="rq-hint">
        {words.dropdownHint}
      </p>
      <QuestionError ids={ids} error={error} />
    </div>
  );
}
