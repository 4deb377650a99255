import type { Kpi } from '@loop/core';
import {
  type AdvancedKpisAddress,
  advancedKpisSearch,
  type DayRange,
  KPI_RANGE_LABELS,
  KPI_RANGE_PRESETS,
  type KpiRangePreset,
  kpiRange,
} from '@loop/core/kpis';
import { useId } from 'react';
import { Field } from '../../forms/Field';
import { LoadFailed, Loading } from '../../routing/Loading';
import { KpiHistoryChart } from './KpiHistoryChart';
import { useKpiHistory, useToday } from './useAdvancedKpis';

/**
 * 'Verloop': every KPI, or the ones ticked, over a range (a preset or two days of one's own), as
 * line or column charts. The choices live in the address; a range that cannot be asked for keeps
 * its fields with the reason and asks nothing of the server.
 */
export function KpiHistorySection({
  address,
  onChange,
  kpis,
}: {
  address: AdvancedKpisAddress;
  onChange: (patch: Partial<AdvancedKpisAddress>) => void;
  kpis: readonly Kpi[];
}) {
  const id = useId();
  const today = useToday();
  const range = kpiRange(address.range, today);
  const chosen = new Set(address.ids);

  // No choice in the address means every KPI; unticking the last one goes back to every KPI.
  const shown = (kpiId: number) => chosen.size === 0 || chosen.has(kpiId);
  function toggle(kpiId: number, on: boolean) {
    const ids = kpis.map((kpi) => kpi.id).filter((each) => (each === kpiId ? on : shown(each)));
    onChange({ ids: ids.length === kpis.length ? [] : ids });
  }

  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Verloop</h2>
      <search className="kpi-filters" aria-label="Verloop kiezen">
        <div className="field">
          <label htmlFor={`${id}-range`}>Bereik</label>
          <select
            id={`${id}-range`}
            value={address.range.preset}
            onChange={(event) =>
              onChange({ range: { ...address.range, preset: event.target.value as KpiRangePreset } })
            }
          >
            {KPI_RANGE_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {KPI_RANGE_LABELS[preset]}
              </option>
            ))}
          </select>
        </div>
        {address.range.preset === 'custom' ? (
          <>
            <Field
              id={`${id}-from`}
              label="Van"
              type="date"
              value={address.range.from}
              error={!range.ok && range.field === 'from' ? range.message : null}
              onChange={(event) => onChange({ range: { ...address.range, from: event.target.value } })}
            />
            <Field
              id={`${id}-to`}
              label="Tot en met"
              type="date"
              value={address.range.to}
              error={!range.ok && range.field === 'to' ? range.message : null}
              onChange={(event) => onChange({ range: { ...address.range, to: event.target.value } })}
            />
          </>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-chart`}>Grafiek</label>
          <select
            id={`${id}-chart`}
            value={address.chart}
            onChange={(event) => onChange({ chart: event.target.value === 'bar' ? 'bar' : 'line' })}
          >
            <option value="line">Lijn</option>
            <option value="bar">Staven</option>
          </select>
        </div>
      </search>
      {kpis.length > 1 ? (
        <details className="kpi-choice">
          <summary>
            KPI's kiezen ({address.ids.length === 0 ? 'alle' : `${address.ids.length} van ${kpis.length}`})
          </summary>
          <fieldset>
            <legend className="visually-hidden">KPI's in het verloop</legend>
            {kpis.map((kpi) => (
              <label key={kpi.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={shown(kpi.id)}
                  onChange={(event) => toggle(kpi.id, event.target.checked)}
                />
                {kpi.name}
              </label>
            ))}
          </fieldset>
        </details>
      ) : null}
      {range.ok ? <HistoryCharts range={range.value} address={address} /> : null}
    </section>
  );
}

function HistoryCharts({ range, address }: { range: DayRange; address: AdvancedKpisAddress }) {
  const history = useKpiHistory(range, address.ids);
  if (history.error) return <LoadFailed message={history.error} onRetry={history.reload} />;
  if (history.value === null) return <Loading spinner text="Verloop laden..." />;
  if (history.value.items.length === 0) return <p className="chart-empty">Geen KPI's gekozen.</p>;
  return (
    <div className="kpi-history">
      {history.value.items.map((item) => (
        <KpiHistoryChart
          key={item.kpi.id}
          item={item}
          columns={address.chart === 'bar'}
          detailsHref={`/advanced-kpis${advancedKpisSearch({ ...address, kpi: item.kpi.id })}`}
        />
      ))}
    </div>
  );
}
