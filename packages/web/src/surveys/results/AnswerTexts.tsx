import type { OpenAnswer } from '@loop/core';
import { formatResultDateTime } from '@loop/core/surveys/results';

/** Typed answers with the moment they were sent, newest first. */
export function AnswerTexts({ answers, label }: { answers: readonly OpenAnswer[]; label: string }) {
  return (
    <ul className="answer-texts" aria-label={label}>
      {answers.map((answer) => (
        <li key={`${answer.response_id}:${answer.submitted_at}`} className="answer-text">
          <p>{answer.text}</p>
          <p className="answer-meta">{formatResultDateTime(answer.submitted_at)}</p>
        </li>
      ))}
    </ul>
  );
}
