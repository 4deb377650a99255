import type { KpiHistory } from '@loop/core';
import { KPI_STATE_TEXTS, KPI_UNIT_LABELS, kpiChart } from '@loop/core/kpis';
import { PERIOD_KIND_LABELS } from '@loop/core/periods';
import { useId, useMemo } from 'react';
import { Link } from 'wouter';
import { ChartFigure } from '../../surveys/results/ChartFigure';
import { StatusText } from './StatusText';

type HistoryItem = KpiHistory['items'][number];

/**
 * One KPI over the chosen range: its values as a line or as columns, the target as a dashed line
 * with the warning band beside it, a marker per period with its status symbol, and the same numbers
 * with each period's status in words in the table under it.
 */
export function KpiHistoryChart({
  item,
  columns,
  detailsHref,
}: {
  item: HistoryItem;
  columns: boolean;
  detailsHref: string;
}) {
  const { kpi } = item;
  const chart = useMemo(() => kpiChart(kpi, item.points, columns), [kpi, item.points, columns]);
  const headingId = useId();
  const caption = `${kpi.name}: ${KPI_UNIT_LABELS[kpi.unit].toLowerCase()} per ${PERIOD_KIND_LABELS[kpi.period_kind].toLowerCase()}`;

  return (
    <article className="kpi-history-item" aria-labelledby={headingId}>
      <h3 id={headingId}>{kpi.name}</h3>
      <p className="kpi-target-summary">{chart.targetSummary}</p>
      {kpi.state === 'ok' ? null : (
        <p className="kpi-state" role="note">
          {KPI_STATE_TEXTS[kpi.state]}
        </p>
      )}
      <ul className="kpi-legend" aria-hidden="true">
        <li>
          <span className="kpi-legend-value" /> Waarde
        </li>
        <li>
          <span className="kpi-legend-target" /> Doel
        </li>
        <li>
          <span className="kpi-legend-band" /> Risicozone
        </li>
      </ul>
      {chart.hasValues ? null : <p className="chart-empty">Nog geen waarden in deze periode.</p>}
      <ChartFigure
        caption={caption}
        drawingClassName={chart.hasValues ? 'trend-chart kpi-chart' : 'trend-chart kpi-chart kpi-chart-empty'}
        ticks={chart.ticks}
        axisLabels={chart.points.flatMap((point) =>
          point.showLabel ? [{ key: point.period, left: point.x, text: point.axisLabel }] : [],
        )}
        tableVisible
        table={
          <>
            <thead>
              <tr>
                <th scope="col">Periode</th>
                <th scope="col">Waarde</th>
                <th scope="col">Doel</th>
                <th scope="col">Risicogrens</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {chart.points.map((point) => (
                <tr key={point.period}>
                  <th scope="row">{point.name}</th>
                  <td className="number">{point.valueText}</td>
                  <td className="number">{point.targetText}</td>
                  <td className="number">{point.warningText}</td>
                  <td>
                    <StatusText view={point.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </>
        }
      >
        <svg
          className="trend-line kpi-lines"
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          focusable="false"
          aria-hidden="true"
        >
          {chart.targets.map((segment) =>
            segment.bandY === null ? null : (
              <rect
                key={`band-${segment.x1}`}
                className="kpi-band"
                x={segment.x1}
                width={segment.x2 - segment.x1}
                y={Math.min(segment.y, segment.bandY)}
                height={Math.abs(segment.bandY - segment.y)}
              />
            ),
          )}
          {columns
            ? null
            : chart.lines.map((line) => (
                <polyline
                  key={`${line[0]?.x}`}
                  points={line.map((point) => `${point.x},${point.y}`).join(' ')}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
          {chart.targets.map((segment) => (
            <line
              key={`target-${segment.x1}`}
              className="kpi-target-line"
              x1={segment.x1}
              x2={segment.x2}
              y1={segment.y}
              y2={segment.y}
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
        {columns
          ? chart.points.map((point) =>
              point.column === null ? null : (
                <span
                  key={point.period}
                  className="kpi-column"
                  style={{
                    left: `${point.x - chart.slot * 0.3}%`,
                    width: `${chart.slot * 0.6}%`,
                    top: `${point.column.top}%`,
                    height: `${point.column.height}%`,
                  }}
                />
              ),
            )
          : null}
        {chart.points.map((point) =>
          point.y === null ? null : (
            <span
              key={point.period}
              className={`kpi-marker kpi-tone-${point.status.tone}${chart.symbols ? '' : ' kpi-marker-dot'}`}
              style={{ left: `${point.x}%`, top: `${point.y}%` }}
              title={`${point.name}: ${point.valueText} (${point.status.label})`}
            >
              {chart.symbols ? point.status.glyph : null}
            </span>
          ),
        )}
      </ChartFigure>
      <p>
        <Link href={detailsHref}>Details en waarden van {kpi.name}</Link>
      </p>
    </article>
  );
}
