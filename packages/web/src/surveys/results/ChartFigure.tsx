import type { AxisTick } from '@loop/core/surveys/results';
import { type ReactNode, useId } from 'react';

/** One label under the x-axis, `left` in percent of the plot's width. */
export interface ChartAxisLabel {
  readonly key: string;
  readonly left: number;
  readonly text: string;
}

/**
 * What every results chart shares: a captioned figure whose drawing (gridlines with their tick
 * labels, the chart's own marks, the x-axis labels) is hidden from screen readers, and a visually
 * hidden table with the same numbers standing in for it.
 */
export function ChartFigure({
  caption,
  drawingClassName,
  ticks,
  axisLabels,
  children,
  table,
  tableVisible = false,
}: {
  caption: string;
  /** The chart's own class on the drawing, e.g. 'column-chart'. */
  drawingClassName: string;
  ticks: readonly AxisTick[];
  axisLabels: readonly ChartAxisLabel[];
  /** The marks drawn over the gridlines. */
  children: ReactNode;
  /** The table's head and body; its caption is the figure's. */
  table: ReactNode;
  /** Show the table under the drawing (scrolling sideways on a phone) instead of only to screen readers. */
  tableVisible?: boolean;
}) {
  const id = useId();
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="chart-caption">
        {caption}
      </figcaption>
      <div className={drawingClassName} aria-hidden="true">
        <div className="chart-plot">
          {ticks.map((tick) => (
            <div key={tick.value} className="chart-gridline" style={{ bottom: `${tick.position}%` }}>
              <span className="chart-tick-label">{tick.label}</span>
            </div>
          ))}
          {children}
        </div>
        <div className="chart-x-axis">
          {axisLabels.map((label) => (
            <span key={label.key} className="chart-x-label" style={{ left: `${label.left}%` }}>
              {label.text}
            </span>
          ))}
        </div>
      </div>
      {tableVisible ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on phones and must be reachable by keyboard
        <section className="table-scroll chart-table" aria-label={`Tabel: ${caption}`} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{caption}</caption>
            {table}
          </table>
        </section>
      ) : (
        // The wrapper is what hides it: a table grows to its cells whatever its width, and a hidden
        // table wider than a phone made the whole page scroll sideways.
        <div className="visually-hidden">
          <table>
            <caption>{caption}</caption>
            {table}
          </table>
        </div>
      )}
    </figure>
  );
}
