import '../../surveys/results/results.css';
import '../kpis.css';
import './advancedKpis.css';
import { advancedKpisSearch } from '@loop/core/kpis';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { Link } from 'wouter';
import { useCan } from '../../organisation/useCan';
import { LoadFailed, Loading } from '../../routing/Loading';
import { Page } from '../../shell/Page';
import { useKpiList } from '../useKpis';
import { KpiEditActions, NewKpiButton } from './KpiActions';
import { KpiCompareSection } from './KpiCompareSection';
import { KpiDrillDown } from './KpiDrillDown';
import { KpiHistorySection } from './KpiHistorySection';
import { useAdvancedKpisAddress } from './useAdvancedKpis';

/**
 * /advanced-kpis (plan feature `analytics`): the KPIs' history over a range with target lines,
 * two periods compared, and one KPI in depth at `?kpi=ID` with its values, export and import.
 */
export function AdvancedKpisScreen() {
  const [address, change] = useAdvancedKpisAddress();
  const list = useKpiList();
  const kpis = list.value?.items ?? null;
  const manage = useCan()('kpis.manage');
  const overview = `/advanced-kpis${advancedKpisSearch({ ...address, kpi: null })}`;

  return (
    <Page
      title="Geavanceerd KPI-dashboard"
      lead="Het verloop van je KPI's tegen hun doel, twee perioden naast elkaar en elke KPI in detail."
      width="full"
    >
      <p>
        <Link href="/dashboard">Terug naar dashboard</Link>
      </p>
      {address.kpi !== null ? (
        <KpiDrillDown
          key={address.kpi}
          kpiId={address.kpi}
          backHref={overview}
          actions={
            manage ? (kpi) => <KpiEditActions kpi={kpi} onDeleted={() => change({ kpi: null })} /> : undefined
          }
        />
      ) : list.error && kpis === null ? (
        <LoadFailed message={list.error} onRetry={list.reload} />
      ) : kpis === null ? (
        <Loading spinner text="KPI's laden..." />
      ) : kpis.length === 0 ? (
        <section className="panel kpi-empty" aria-labelledby="kpi-empty-heading">
          <h2 id="kpi-empty-heading">Nog geen KPI's</h2>
          <p>
            Een KPI is een getal dat je per week, maand, kwartaal of jaar volgt tegen een doel, zoals omzet,
            NPS of de tijd tot een antwoord. Maak een KPI aan; daarna zie je hier het verloop tegen het doel,
            vergelijk je twee perioden en importeer of exporteer je waarden.
          </p>
          {manage ? <NewKpiButton /> : <p className="field-hint">{PERMISSION_DENIED['kpis.manage']}</p>}
        </section>
      ) : (
        <>
          {manage ? (
            <div className="row-actions">
              <NewKpiButton />
            </div>
          ) : null}
          <KpiHistorySection address={address} onChange={change} kpis={kpis} />
          <KpiCompareSection />
        </>
      )}
    </Page>
  );
}
