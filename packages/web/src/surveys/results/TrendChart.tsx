import { formatCount, type TrendChartView } from '@loop/core';
import { useId } from 'react';

/**
 * A score per period as a line. The line is SVG stretched over the plot (its stroke keeps its
 * width); the dots and labels are HTML placed in percent, so they stay round and readable at
 * every width. Screen readers get a table with the scores and the number of answers.
 */
export function TrendChart({
  chart,
  caption,
  scoreLabel,
}: {
  chart: TrendChartView;
  caption: string;
  /** Header of the table's score column, e.g. 'NPS' or 'Gemiddelde'. */
  scoreLabel: string;
}) {
  const id = useId();
  if (chart.points.length === 0 || !chart.hasScores) {
    return <p className="chart-empty">Nog geen scores in deze periode.</p>;
  }
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="chart-caption">
        {caption}
      </figcaption>
      <div className="trend-chart" aria-hidden="true">
        <div className="chart-plot">
          {chart.ticks.map((tick) => (
            <div key={tick.value} className="chart-gridline" style={{ bottom: `${tick.position}%` }}>
              <span className="chart-tick-label">{tick.label}</span>
            </div>
          ))}
          <svg
            className="trend-line"
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            focusable="false"
            aria-hidden="true"
          >
            {chart.lines.map((line) => (
              <polyline
                key={`${line[0]?.x}`}
                points={line.map((point) => `${point.x},${point.y}`).join(' ')}
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
          {chart.points.map((point) =>
            point.y === null ? null : (
              <span
                key={point.period}
                className="trend-dot"
                style={{ left: `${point.x}%`, top: `${point.y}%` }}
                title={`${point.label}: ${point.scoreText} (${formatCount(point.answered)} antwoorden)`}
              />
            ),
          )}
        </div>
        <div className="chart-x-axis">
          {chart.points.map((point) =>
            point.showLabel ? (
              <span key={point.period} className="chart-x-label" style={{ left: `${point.x}%` }}>
                {point.axisLabel}
              </span>
            ) : null,
          )}
        </div>
      </div>
      <table className="visually-hidden">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Periode</th>
            <th scope="col">{scoreLabel}</th>
            <th scope="col">Antwoorden</th>
          </tr>
        </thead>
        <tbody>
          {chart.points.map((point) => (
            <tr key={point.period}>
              <th scope="row">{point.longLabel}</th>
              <td>{point.scoreText}</td>
              <td>{formatCount(point.answered)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
