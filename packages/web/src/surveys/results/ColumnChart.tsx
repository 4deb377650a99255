import { type ColumnChartView, formatCount } from '@loop/core';
import { useId } from 'react';

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
  const id = useId();
  const count = chart.bars.length;
  if (count === 0) {
    return <p className="chart-empty">Nog geen gegevens in deze periode.</p>;
  }
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="chart-caption">
        {caption}
      </figcaption>
      <div className="column-chart" aria-hidden="true">
        <div className="chart-plot">
          {chart.ticks.map((tick) => (
            <div key={tick.value} className="chart-gridline" style={{ bottom: `${tick.position}%` }}>
              <span className="chart-tick-label">{tick.label}</span>
            </div>
          ))}
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
        </div>
        <div className="chart-x-axis">
          {chart.bars.map((bar, index) =>
            bar.showLabel ? (
              <span
                key={bar.period}
                className="chart-x-label"
                style={{ left: `${((index + 0.5) / count) * 100}%` }}
              >
                {bar.axisLabel}
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
      </table>
    </figure>
  );
}
