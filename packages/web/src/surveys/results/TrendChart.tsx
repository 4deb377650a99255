import { formatCount } from '@loop/core/format';
import type { TrendChartView } from '@loop/core/surveys/results';
import { ChartFigure } from './ChartFigure';

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
  if (chart.points.length === 0 || !chart.hasScores) {
    return <p className="chart-empty">Nog geen scores in deze periode.</p>;
  }
  return (
    <ChartFigure
      caption={caption}
      drawingClassName="trend-chart"
      ticks={chart.ticks}
      axisLabels={chart.points.flatMap((point) =>
        point.showLabel ? [{ key: point.period, left: point.x, text: point.axisLabel }] : [],
      )}
      table={
        <>
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
        </>
      }
    >
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
    </ChartFigure>
  );
}
