import { categoryBars, euro, monthChart, quarterView, resultText, yearRange } from '@loop/core/finance';
import { formatCount } from '@loop/core/format';
import { useId } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { LoadFailed, Loading } from '../routing/Loading';
import { useQuery } from '../shared/useQuery';
import { TableScroll } from '../shell/TableScroll';
import { BarList } from '../surveys/results/BarList';
import { FinanceExportButtons } from './FinanceExportButtons';
import { MonthChart } from './MonthChart';

const EXPORT_LABELS = { csv: 'Overzicht exporteren (CSV)', xlsx: 'Overzicht exporteren (XLSX)' } as const;

/** The overview of one calendar year: months, totals, categories and BTW per quarter. */
export function FinanceOverviewSection({
  year,
  years,
  onYear,
}: {
  year: number;
  years: readonly number[];
  onYear: (year: number) => void;
}) {
  const finance = useAsyncInjection(TOKENS.FinanceGateway);
  const id = useId();
  const range = yearRange(year);
  const overview = useQuery(`finance:overview:${range.from}:${range.to}`, () => finance.overview(range));
  const value = overview.value;

  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Overzicht {year}</h2>
      <div className="finance-filters">
        <div className="field">
          <label htmlFor={`${id}-year`}>Jaar</label>
          <select id={`${id}-year`} value={year} onChange={(event) => onYear(Number(event.target.value))}>
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <FinanceExportButtons
          labels={EXPORT_LABELS}
          download={(format) => finance.exportOverview(range, format)}
        />
      </div>
      {value === null ? (
        overview.error ? (
          <LoadFailed message={overview.error} onRetry={overview.reload} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          <dl className="finance-totals" data-testid="finance-totals">
            <div>
              <dt>Inkomsten</dt>
              <dd>{euro(value.totals.income_cents)}</dd>
            </div>
            <div>
              <dt>Kosten</dt>
              <dd>{euro(value.totals.cost_cents)}</dd>
            </div>
            <div>
              <dt>Resultaat</dt>
              <dd>{resultText(value.totals.result_cents)}</dd>
            </div>
            <div>
              <dt>Btw te betalen</dt>
              <dd>{euro(value.totals.btw_to_pay_cents)}</dd>
            </div>
            <div>
              <dt>Btw terug te vragen</dt>
              <dd>{euro(value.totals.btw_to_reclaim_cents)}</dd>
            </div>
            <div>
              <dt>Boekingen</dt>
              <dd>{formatCount(value.totals.record_count)}</dd>
            </div>
          </dl>
          <h3>Per maand</h3>
          <MonthChart chart={monthChart(value.months)} caption={`Inkomsten en kosten per maand in ${year}`} />
          <div className="finance-columns">
            {(['income', 'cost'] as const).map((direction) => {
              const rows = categoryBars(value.categories, direction);
              const title = direction === 'income' ? 'Inkomsten per categorie' : 'Kosten per categorie';
              return (
                <div key={direction}>
                  <h3>{title}</h3>
                  {rows.length === 0 ? (
                    <p className="chart-empty">
                      {direction === 'income' ? 'Geen inkomsten' : 'Geen kosten'} in deze periode.
                    </p>
                  ) : (
                    <BarList rows={rows} label={title} />
                  )}
                </div>
              );
            })}
          </div>
          <h3>Btw per kwartaal</h3>
          <BtwQuarters quarters={value.quarters.map(quarterView)} />
        </>
      )}
    </section>
  );
}

function BtwQuarters({ quarters }: { quarters: readonly ReturnType<typeof quarterView>[] }) {
  return (
    <>
      <TableScroll
        label="Btw per kwartaal"
        columns={['Kwartaal', 'Te betalen (op inkomsten)', 'Terug te vragen (op kosten)', 'Saldo']}
      >
        {quarters.map((quarter) => (
          <tr key={quarter.key} data-quarter={quarter.key}>
            <th scope="row">{quarter.label}</th>
            <td className="finance-amount">{quarter.toPay}</td>
            <td className="finance-amount">{quarter.toReclaim}</td>
            <td>{quarter.balance}</td>
          </tr>
        ))}
      </TableScroll>
      {quarters.map((quarter) =>
        quarter.unratedNote === null ? null : (
          <p key={quarter.key} className="alert alert-info" data-unrated={quarter.key}>
            {quarter.label}: {quarter.unratedNote}
          </p>
        ),
      )}
      {quarters.map((quarter) =>
        quarter.rates.length === 0 ? null : (
          <details key={quarter.key} className="finance-quarter">
            <summary>{quarter.label}: per tarief</summary>
            <TableScroll
              label={`${quarter.label} per btw-tarief`}
              columns={['Tarief', 'Omzet zonder btw', 'Btw op omzet', 'Kosten zonder btw', 'Btw op kosten']}
            >
              {quarter.rates.map((rate) => (
                <tr key={rate.key}>
                  <th scope="row">{rate.label}</th>
                  <td className="finance-amount">{rate.incomeNet}</td>
                  <td className="finance-amount">{rate.incomeBtw}</td>
                  <td className="finance-amount">{rate.costNet}</td>
                  <td className="finance-amount">{rate.costBtw}</td>
                </tr>
              ))}
            </TableScroll>
          </details>
        ),
      )}
    </>
  );
}
