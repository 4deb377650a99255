import { formatMean } from '@loop/core/surveys/model';
import type { QuestionResultView } from '@loop/core/surveys/results';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BarList } from './BarList';
import { LikertBars } from './LikertBars';
import { NpsBlock } from './NpsBlock';
import { OpenAnswersBlock } from './OpenAnswersBlock';
import { OtherTexts } from './OtherTexts';

/** The chart that fits the question: diverging bars, NPS, bars, a distribution or the texts. */
export function QuestionChart({ view }: { view: QuestionResultView }) {
  switch (view.kind) {
    case 'likert':
      return <LikertBars view={view} />;
    case 'nps':
      return <NpsBlock view={view} />;
    case 'choice':
      return (
        <div className="choice">
          <BarList rows={view.other ? [...view.rows, view.other] : view.rows} label="Antwoorden per keuze" />
          <p className="chart-note">{view.note}</p>
          {view.otherTexts.length > 0 ? (
            <>
              <h4 className="subheading">Antwoorden bij 'Anders, namelijk'</h4>
              <OtherTexts texts={view.otherTexts} note={view.otherTextsNote} />
            </>
          ) : null}
        </div>
      );
    case 'rating':
      return (
        <div className="rating">
          <p className="rating-mean">
            {view.stars ? <Stars value={view.roundedStars} /> : null}
            <span>
              Gemiddeld <strong>{view.meanText}</strong> van 5
            </span>
          </p>
          <BarList rows={view.rows} label="Antwoorden per beoordeling" />
        </div>
      );
    case 'ranking':
      return (
        <BarList rows={view.rows} label="Aandeel als eerste gerangschikt, beste gemiddelde plaats eerst" />
      );
    case 'date':
      return <BarList rows={view.rows} label="Antwoorden per maand" />;
    case 'number':
      return (
        <div className="number-result">
          <dl className="number-figures">
            {view.figures.map((figure) => (
              <div key={figure.label}>
                <dt>{figure.label}</dt>
                <dd>{figure.text}</dd>
              </div>
            ))}
          </dl>
          <BarList rows={view.rows} label="Antwoorden per getal" />
        </div>
      );
    case 'texts':
      return <OpenAnswersBlock latest={view.latest} answered={view.answered} />;
  }
}

/**
 * Who saw the question, in a survey whose rules can hide it (R-RES-6): 'Gezien door 40 van de 100
 * respondenten; 75% van hen gaf een antwoord.' Nothing for a survey without rules.
 */
export function SeenLine({ view }: { view: QuestionResultView }) {
  return view.seen === null ? null : (
    <p className="question-seen" data-testid="question-seen">
      {view.seen.text}
    </p>
  );
}

/** Five stars filled to the nearest half; decorative, the mean is said in text beside them. */
function Stars({ value }: { value: number }) {
  return (
    <span className="stars" aria-hidden="true" title={formatMean(value)}>
      {[1, 2, 3, 4, 5].map((star) => (
        <span
          key={star}
          className={value >= star ? 'star star-full' : value >= star - 0.5 ? 'star star-half' : 'star'}
        >
          ★
        </span>
      ))}
    </span>
  );
}

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
