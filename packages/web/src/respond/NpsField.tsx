import { NPS_DEFAULT_LABELS } from '@loop/core/surveys/model';
import { type FieldProps, QuestionFieldset } from './QuestionFrame';
import { useRespondWords } from './respondWords';

/** A label left empty, or still the editor's Dutch default, says the default in the page's language. */
const endLabel = (label: string | undefined, dutchDefault: string, own: string) =>
  !label || label === dutchDefault ? own : label;

const SCORES = Array.from({ length: 11 }, (_, score) => score);

/** NPS: 0–10 as a segmented row of radios, with the end labels under both ends. */
export function NpsField({ question, value, onChange, ids, error, titleRef }: FieldProps<'nps'>) {
  const words = useRespondWords();
  const low = endLabel(question.settings.low_label, NPS_DEFAULT_LABELS.low_label, words.npsLow);
  const high = endLabel(question.settings.high_label, NPS_DEFAULT_LABELS.high_label, words.npsHigh);
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
