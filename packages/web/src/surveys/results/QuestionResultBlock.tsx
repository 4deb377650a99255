import type { QuestionResultView } from '@loop/core/surveys/results';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { QuestionChart, SeenLine } from './QuestionChart';

export { QuestionChart, SeenLine } from './QuestionChart';

/**
 * One question on the results page: number and title, what kind and how many answered (and, with
 * rules, how many saw it), its chart
 * and, when `detailHref` is given, the way to all its answers. `data-question-id` lets tests and
 * links find a question's block.
 */
export function QuestionResultBlock({
  view,
  number,
  detailHref,
  headingLevel = 3,
  children,
}: {
  view: QuestionResultView;
  number?: number;
  detailHref?: string;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `question-${view.questionId}-heading`;
  return (
    <section className="question-result" data-question-id={view.questionId} aria-labelledby={headingId}>
      <header className="question-result-header">
        <Heading id={headingId}>
          {number === undefined ? null : <span className="question-number">{number}. </span>}
          {view.title}
        </Heading>
        <p className="question-meta">
          {view.typeLabel} · <span data-testid="question-answered">{view.answeredText}</span>
        </p>
        <SeenLine view={view} />
      </header>
      {view.answered === 0 && view.kind !== 'texts' ? (
        <p className="chart-empty">Nog geen antwoorden op deze vraag.</p>
      ) : (
        <QuestionChart view={view} />
      )}
      {children}
      {detailHref ? (
        <p className="question-detail-link">
          <Link href={detailHref}>
            Details en alle antwoorden<span className="visually-hidden"> van {view.title}</span>
          </Link>
        </p>
      ) : null}
    </section>
  );
}
