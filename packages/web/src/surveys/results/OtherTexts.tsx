import type { OtherTextView } from '@loop/core/surveys/results';

/**
 * The different 'anders, namelijk' texts, each once with how often it was given, most given first
 * (the server groups and counts them over all answers, not over the newest few).
 */
export function OtherTexts({ texts, note }: { texts: readonly OtherTextView[]; note: string | null }) {
  return (
    <>
      <ol className="other-texts" aria-label="Antwoorden bij Anders, namelijk, vaakst gegeven eerst">
        {texts.map((other) => (
          <li key={other.key} className="other-text">
            <span className="other-text-text">{other.text}</span>
            <span className="other-text-count">{other.countText}</span>
          </li>
        ))}
      </ol>
      {note === null ? null : <p className="chart-note">{note}</p>}
    </>
  );
}
