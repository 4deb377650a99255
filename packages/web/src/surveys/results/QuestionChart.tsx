import { formatMean } from '@loop/core/surveys/model';
import type { QuestionResultView } from '@loop/core/surveys/results';
import { BarList } from './BarList';
import { LikertBars } from './LikertBars';
import { NpsBlock } from './NpsBlock';
import { OpenAnswersBlock } from './OpenAnswersBlock';
import { OtherTexts } from './OtherTexts';

// The charts of one question, without the router: the results page and the shared results page
// (its own small entry, /gedeeld) both draw them.

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
