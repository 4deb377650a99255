import type { OpeningProblem } from '@loop/core';
import { READINESS_MESSAGES } from '@loop/core/surveys/model';
import { useId } from 'react';

/**
 * What to fill in before the survey can open, shown when 'Publiceren' was refused for it: one item
 * per incomplete question (or the title), each a button to that question. The list follows the
 * draft, so a fixed item goes away, and an empty list says the survey can be published now.
 */
export function OpeningProblems({
  problems,
  onShow,
}: {
  problems: readonly OpeningProblem[];
  onShow: (problem: OpeningProblem) => void;
}) {
  const id = useId();
  if (problems.length === 0)
    return (
      <p className="alert alert-success" role="status">
        {READINESS_MESSAGES.ready}
      </p>
    );
  return (
    <div className="opening-problems alert alert-error" data-testid="opening-problems">
      <p id={`${id}-heading`} className="opening-problems-heading" role="alert">
        {READINESS_MESSAGES.heading}
      </p>
      <ul aria-labelledby={`${id}-heading`}>
        {problems.map((problem) => (
          <li key={`${problem.question_id ?? ''}:${problem.message}`}>
            <button type="button" className="problem-link" onClick={() => onShow(problem)}>
              {problem.message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
