import type { CSSProperties } from 'react';
import { type FieldProps, QuestionFieldset } from './QuestionFrame';

/**
 * Likert: one radio group per statement, all sharing the scale. On phones each statement lists its
 * points under it; from 40rem the same markup is laid out as a matrix with the scale labels as
 * column heads (CSS only, so screen readers get one structure at every width).
 */
export function LikertField({ question, value, onChange, ids, error, titleRef }: FieldProps<'likert'>) {
  const { labels, points, statements } = question.settings;
  const scale = Array.from({ length: points }, (_, index) => ({
    point: index + 1,
    label: labels[index] ?? '',
  }));
  const answered = value ?? {};
  const style = { '--likert-points': points } as CSSProperties;
  return (
    <QuestionFieldset question={question} ids={ids} error={error} titleRef={titleRef}>
      <div className="rq-likert" style={style}>
        <div className="rq-likert-head" aria-hidden="true">
          <span />
          {scale.map(({ point, label }) => (
            <span key={point}>{label}</span>
          ))}
        </div>
        {statements.map((statement) => {
          const statementId = `${ids.base}-${statement.id}`;
          const missing = error !== null && answered[statement.id] === undefined;
          return (
            <div
              key={statement.id}
              className="rq-likert-row"
              role="radiogroup"
              aria-labelledby={statementId}
              aria-required={question.required || undefined}
              aria-invalid={missing || undefined}
            >
              <p id={statementId} className="rq-likert-statement">
                {statement.text}
              </p>
              <div className="rq-likert-options">
                {scale.map(({ point, label }) => (
                  <label key={point} className="rq-likert-option">
                    <input
                      type="radio"
                      name={statementId}
                      value={point}
                      checked={answered[statement.id] === point}
                      onChange={() => onChange({ ...answered, [statement.id]: point })}
                    />
                    <span className="rq-likert-label">{label}</span>
                  </label>
                ))}
              </div>
            </div>
          );
        })}
      </div>
    </QuestionFieldset>
  );
}
