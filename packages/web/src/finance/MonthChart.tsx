import type { MonthChartView } from '@loop/core/finance';
import { ChartFigure } from '../surveys/results/ChartFigure';

/**
 * Income and costs per month as pairs of columns on the results pages' chart frame (gridlines,
 * axis labels, a hidden table for screen readers). Costs are hatched as well as coloured, and the
 * legend says which is which, so the two never differ by colour alone.
 */
export function MonthChart({ chart, caption }: { chart: MonthChartView; caption: string }) {
  if (!chart.hasAmounts) return <p className="chart-empty">Nog geen inkomsten of kosten in deze periode.</p>;
  const count = chart.months.length;
  return (
    <>
      <ul className="finance-legend">
        <li>
          <span className="finance-swatch finance-swatch-income" aria-hidden="true" /> Inkomsten (effen)
        </li>
        <li>
          <span className="finance-swatch finance-swatch-cost" aria-hidden="true" /> Kosten (gestreept)
        </li>
      </ul>
      {/* The table for screen readers is hidden but as wide as its four columns: kept inside here. */}
      <div className="finance-chart-frame">
        <ChartFigure
          caption={caption}
          drawingClassName="column-chart finance-month-chart"
          ticks={chart.ticks}
          axisLabels={chart.months.flatMap((month, index) =>
            month.showLabel
              ? [{ key: month.month, left: ((index + 0.5) / count) * 100, text: month.axisLabel }]
              : [],
          )}
          table={
            <>
              <thead>
                <tr>
                  <th scope="col">Maand</th>
                  <th scope="col">Inkomsten</th>
                  <th scope="col">Kosten</th>
                  <th scope="col">Resultaat</th>
                </tr>
              </thead>
              <tbody>
                {chart.months.map((month) => (
                  <tr key={month.month}>
                    <th scope="row">{month.longLabel}</th>
                    <td>{month.incomeText}</td>
                    <td>{month.costText}</td>
                    <td>{month.resultText}</td>
                  </tr>
                ))}
              </tbody>
            </>
          }
        >
          <div className="chart-columns">
            {chart.months.map((month) => (
              <div
                key={month.month}
                className="chart-column finance-month"
                title={`${month.longLabel}: inkomsten ${month.incomeText}, kosten ${month.costText}`}
              >
                <span
                  className="chart-column-bar finance-bar-income"
                  style={{ height: `${month.incomeHeight}%` }}
                />
                <span
                  className="chart-column-bar finance-bar-cost"
                  style={{ height: `${month.costHeight}%` }}
                />
              </div>
            ))}
          </div>
        </ChartFigure>
      </div>
    </>
  );
}
