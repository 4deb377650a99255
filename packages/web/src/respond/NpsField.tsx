import { NPS_DEFAULT_LABELS } from '@loop/core/surveys/model';
import { type FieldProps, QuestionFieldset } from './QuestionFrame';

const SCORES = Array.from({ length: 11 }, (_, score) => score);

/** NPS: 0–10 as a segmented row of radios, with the end labels under both ends. */
export function NpsField({ question, value, onChange, ids, error, titleRef }: FieldProps<'nps'>) {
  const low = question.settings.low_label || NPS_DEFAULT_LABELS.low_label;
  const high = question.settings.high_label || NPS_DEFAULT_LABELS.high_label;
  const endsId = `${ids.base}-ends`;
  return (
    <QuestionFieldset question={question} ids={ids} error={error} titleRef={titleRef} hints={[endsId]}>
      <div className="rq-scale rq-scale-boxes rq-scale-nps">
        {SCORES.map((score) => (
          <label key={score} className="rq-scale-option">
            <input
              type="radio"
              name={`${ids.base}-score`}
              value={score}
              checked={value?.score === score}
              onChange={() => onChange({ score })}
              aria-invalid={error !== null || undefined}
            />
            <span>{score}</span>
          </label>
        ))}
      </div>
      <p id={endsId} className="rq-scale-ends">
        <span>
          <span className="visually-hidden">0: </span>
          {low}
        </span>
        <span>
          <span className="visually-hidden">10: </span>
          {high}
        </span>
      </p>
    </QuestionFieldset>
  );
}
