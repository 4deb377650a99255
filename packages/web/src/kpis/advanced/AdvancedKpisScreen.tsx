import '../../surveys/results/results.css';
import './advancedKpis.css';
import { advancedKpisSearch } from '@loop/core/kpis';
import { Link } from 'wouter';
import { LoadFailed, Loading } from '../../routing/Loading';
import { Page } from '../../shell/Page';
import { KpiCompareSection } from './KpiCompareSection';
import { KpiDrillDown } from './KpiDrillDown';
import { KpiHistorySection } from './KpiHistorySection';
import { useAdvancedKpisAddress, useKpiList } from './useAdvancedKpis';

/**
 * /advanced-kpis (plan feature `analytics`): the KPIs' history over a range with target lines,
 * two periods compared, and one KPI in depth at `?kpi=ID` with its values, export and import.
 */
export function AdvancedKpisScreen() {
  const [address, change] = useAdvancedKpisAddress();
  const list = useKpiList();
  const kpis = list.value?.items ?? null;

  return (
    <Page
      title="Geavanceerd KPI-dashboard"
      lead="Het verloop van je KPI’s tegen hun doel, twee perioden naast elkaar en elke KPI in detail."
      width="wide"
    >
      <p>
        <Link href="/dashboard">Terug naar dashboard</Link>
      </p>
      {address.kpi !== null ? (
        <KpiDrillDown
          key={address.kpi}
          kpiId={address.kpi}
          backHref={`/advanced-kpis${advancedKpisSearch({ ...address, kpi: null })}`}
        />
      ) : list.error && kpis === null ? (
        <LoadFailed message={list.error} onRetry={list.reload} />
      ) : kpis === null ? (
        <Loading spinner text="KPI’s laden..." />
      ) : kpis.length === 0 ? (
        <section className="panel kpi-empty" aria-labelledby="kpi-empty-heading">
          <h2 id="kpi-empty-heading">Nog geen KPI’s</h2>
          <p>
            Een KPI is een getal dat je per week, maand, kwartaal of jaar volgt tegen een doel, zoals omzet,
            NPS of de tijd tot een antwoord. Maak een KPI aan; daarna zie je hier het verloop tegen het doel,
            vergelijk je twee perioden en importeer of exporteer je waarden.
          </p>
        </section>
      ) : (
        <>
          <KpiHistorySection address={address} onChange={change} kpis={kpis} />
          <KpiCompareSection />
        </>
      )}
    </Page>
  );
}
