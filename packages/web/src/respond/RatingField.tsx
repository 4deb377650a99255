import { type FieldProps, QuestionFieldset } from './QuestionFrame';
import { useRespondWords } from './respondWords';

/** Rating 1–5 as stars (filled up to the choice) or as numbers; radios either way. */
export function RatingField({ question, value, onChange, ids, error, titleRef }: FieldProps<'rating'>) {
  const words = useRespondWords();
  const { scale, style } = question.settings;
  const points = Array.from({ length: scale }, (_, index) => index + 1);
  const chosen = value?.score ?? 0;
  return (
    <QuestionFieldset question={question} ids={ids} error={error} titleRef={titleRef}>
      <div className={`rq-scale rq-scale-rating ${style === 'stars' ? 'rq-scale-stars' : 'rq-scale-boxes'}`}>
        {points.map((point) => (
          <label
            key={point}
            className={`rq-scale-option${style === 'stars' && point <= chosen ? ' is-filled' : ''}`}
          >
            <input
              type="radio"
              name={`${ids.base}-rating`}
              value={point}
              checked={chosen === point}
              onChange={() => onChange({ score: point })}
              aria-invalid={error !== null || undefined}
            />
            {style === 'stars' ? (
              <span>
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{words.stars(point)}</span>
              </span>
            ) : (
              <span>{point}</span>
            )}
          </label>
        ))}
      </div>
    </QuestionFieldset>
  );
}
