import { openTextLimit } from '@loop/core/surveys/model';
import { countsEveryKeyFrom } from '@loop/core/surveys/respond';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  describedBy,
  type FieldProps,
  QuestionDescription,
  QuestionError,
  RequiredMark,
} from './QuestionFrame';
import { formatNumber, useRespondWords } from './respondWords';
import { useHeldText } from './useHeldText';

/**
 * Open text: one line (short) or a text area (long), with a character counter. The field is
 * uncontrolled and the session gets its text after a pause (useHeldText), so a keystroke renders
 * nothing: re-rendering even this field alone for every key cost about twice what a bare text box
 * costs at 4× CPU. The counter shows the count the session has, so it too moves after a pause (and
 * on blur); only near the limit (countsEveryKeyFrom) it follows every key. Its new text costs a
 * layout of the page: about 1 ms at 4× CPU written into its text node, about 3 ms when the node was
 * replaced (docs/benchmarks.md, issue 13). The element's maxlength keeps the text within the limit
 * either way.
 */
export function OpenTextField({
  question,
  value,
  onChange,
  ids,
  error,
  titleRef,
  hold,
  locked,
}: FieldProps<'open_short' | 'open_long'>) {
  const limit = openTextLimit(question.settings.max_length);
  const words = useRespondWords();
  const numberLocale = words.numberLocale;
  // The answer the field starts with; from then on the text lives in the element itself.
  const [initial] = useState(() => value?.text ?? '');
  const count = useRef<HTMLSpanElement>(null);
  const shown = useRef(initial.length);
  // React rendered the counter's text once and never changes it (it is the initial count).
  const showCount = useCallback(
    (length: number) => {
      const text = count.current?.firstChild;
      if (length === shown.current || !(text instanceof Text)) return;
      shown.current = length;
      text.data = formatNumber(numberLocale, length);
    },
    [numberLocale],
  );
  const { change, handOver } = useHeldText((typed) => {
    showCount(typed.length);
    onChange({ text: typed });
  }, hold);
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // A plain listener rather than React's onChange, which builds a synthetic change event per key.
  useEffect(() => {
    const element = field.current;
    if (!element) return;
    const everyKeyFrom = countsEveryKeyFrom(limit);
    const onInput = () => {
      const text = element.value;
      change(text);
      if (limit - text.length <= everyKeyFrom) showCount(text.length);
    };
    element.addEventListener('input', onInput);
    return () => element.removeEventListener('input', onInput);
  }, [change, limit, showCount]);
  const inputId = `${ids.base}-input`;
  const counterId = `${ids.base}-counter`;
  const common = {
    id: inputId,
    defaultValue: initial,
    maxLength: limit,
    readOnly: locked,
    ref: field,
    onBlur: handOver,
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
        <textarea {...common} className="rq-text-input rq-text-area" rows={6} />
      ) : (
        <input {...common} type="text" className="rq-text-input" autoComplete="off" />
      )}
      <p id={counterId} className="rq-counter">
        <span ref={count}>{formatNumber(numberLocale, shown.current)}</span>
        {words.counterOf(formatNumber(numberLocale, limit))}
      </p>
      <QuestionError ids={ids} error={error} />
    </div>
  );
}
