import { dayKey, isDay } from '@loop/core/surveys/model';
import {
  describedBy,
  type FieldProps,
  QuestionDescription,
  QuestionError,
  RequiredMark,
} from './QuestionFrame';
import { useRespondWords } from './respondWords';

/**
 * Date (R-SURV-24): the browser's own date field (keyboard and calendar, in the device's language),
 * limited to the question's first and last day, with them as a hint. An empty field is no answer.
 */
export function DateField({ question, value, onChange, ids, error, titleRef, locked }: FieldProps<'date'>) {
  const words = useRespondWords();
  const { min, max } = question.settings;
  const inputId = `${ids.base}-input`;
  const hintId = `${ids.base}-hint`;
  const hint =
    min && max
      ? words.dateBetween(dayKey(min), dayKey(max))
      : min
        ? words.answer.dateMin(dayKey(min))
        : max
          ? words.answer.dateMax(dayKey(max))
          : null;
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
        type="date"
        className="rq-text-input rq-date-input"
        min={min}
        max={max}
        value={value?.date && isDay(value.date) ? value.date : ''}
        readOnly={locked}
        aria-describedby={describedBy(question, ids, error, ...(hint ? [hintId] : []))}
        aria-invalid={error !== null || undefined}
        // The form does not validate itself (noValidate): this only tells assistive technology.
        required={question.required}
        onChange={(event) => onChange({ date: event.target.value === '' ? null : event.target.value })}
      />
      {hint ? (
        <p id={hintId} className="rq-hint">
          {hint}
        </p>
      ) : null}
      <QuestionError ids={ids} error={error} />
    </div>
  );
}
