import type { QuestionResultView } from '@loop/core/surveys/results';
import { useId } from 'react';

type NpsView = Extract<QuestionResultView, { kind: 'nps' }>;

/**
 * The NPS large, the shares of promoters, passives and detractors, and a column per score 0–10
 * coloured by group. The columns are hidden from screen readers; a table gives the same counts.
 */
export function NpsBlock({ view }: { view: NpsView }) {
  const id = useId();
  return (
    <div className="nps">
      <div className="nps-headline">
        <p className="nps-score">
          <span className="nps-score-value" data-testid="nps-score">
            {view.scoreText}
          </span>
          <span className="nps-score-label">NPS</span>
        </p>
        <dl className="nps-groups">
          {view.groups.map((group) => (
            <div key={group.key} className={`nps-group nps-group-${group.key}`}>
              <dt>
                {group.label} <span className="nps-range">({group.range})</span>
              </dt>
              <dd>
                <strong>{group.percentText}</strong> <span className="nps-count">({group.count})</span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <figure className="nps-distribution" aria-labelledby={`${id}-caption`}>
        <figcaption id={`${id}-caption`} className="chart-caption">
          Verdeling van de scores 0 tot 10
        </figcaption>
        <div className="nps-columns" aria-hidden="true">
          {view.distribution.map((column) => (
            <div
              key={column.score}
              className="nps-column"
              title={`${column.score}: ${column.count} (${column.percentText})`}
            >
              <span className="nps-column-count">{column.count > 0 ? column.count : ''}</span>
              <span className="nps-column-track">
                <span
                  className={`nps-column-bar nps-bar-${column.group}`}
                  style={{ height: `${column.height}%` }}
                />
              </span>
              <span className="nps-column-score">{column.score}</span>
            </div>
          ))}
        </div>
        <p className="nps-ends" aria-hidden="true">
          <span>{view.lowLabel}</span>
          <span>{view.highLabel}</span>
        </p>
        <table className="visually-hidden">
          <caption>Aantal antwoorden per score</caption>
          <thead>
            <tr>
              <th scope="col">Score</th>
              <th scope="col">Antwoorden</th>
              <th scope="col">Aandeel</th>
            </tr>
          </thead>
          <tbody>
            {view.distribution.map((column) => (
              <tr key={column.score}>
                <th scope="row">{column.score}</th>
                <td>{column.count}</td>
                <td>{column.percentText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </div>
  );
}
