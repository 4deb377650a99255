import { formatCount } from '@loop/core/format';
import type { ColumnChartView } from '@loop/core/surveys/results';
import { ChartFigure } from './ChartFigure';

/**
 * Counts per period as columns, in CSS rather than a scaled SVG so the labels keep their size on
 * a phone. The drawing is hidden from screen readers; a table with the same numbers stands in.
 */
export function ColumnChart({
  chart,
  caption,
  valueLabel,
  unit,
}: {
  chart: ColumnChartView;
  /** Says what is counted and per what, e.g. 'Reacties per dag'. */
  caption: string;
  /** Header of the table's count column, e.g. 'Reacties'. */
  valueLabel: string;
  /** Singular and plural for the columns' tooltips. */
  unit: readonly [string, string];
}) {
  const count = chart.bars.length;
  if (count === 0) {
    return <p className="chart-empty">Nog geen gegevens in deze periode.</p>;
  }
  return (
    <ChartFigure
      caption={caption}
      drawingClassName="column-chart"
      ticks={chart.ticks}
      axisLabels={chart.bars.flatMap((bar, index) =>
        bar.showLabel ? [{ key: bar.period, left: ((index + 0.5) / count) * 100, text: bar.axisLabel }] : [],
      )}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">Periode</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {chart.bars.map((bar) => (
              <tr key={bar.period}>
                <th scope="row">{bar.longLabel}</th>
                <td>{formatCount(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    >
      <div className="chart-columns">
        {chart.bars.map((bar) => (
          <div
            key={bar.period}
            className="chart-column"
            title={`${bar.label}: ${formatCount(bar.value)} ${bar.value === 1 ? unit[0] : unit[1]}`}
          >
            <span className="chart-column-bar" style={{ height: `${bar.height}%` }} />
          </div>
        ))}
      </div>
    </ChartFigure>
  );
}
