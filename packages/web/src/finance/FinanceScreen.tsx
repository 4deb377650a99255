import '../surveys/results/results.css';
import './finance.css';
import { isoDay } from '@loop/core/format';
import { useState } from 'react';
import { Link } from 'wouter';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useClock } from '../app/useServices';
import { useCan } from '../organisation/useCan';
import { LoadFailed, Loading } from '../routing/Loading';
import { useQuery } from '../shared/useQuery';
import { Page } from '../shell/Page';
import { FinanceImportSection } from './FinanceImportSection';
import { FinanceOverviewSection } from './FinanceOverviewSection';
import { FinanceRecordsSection } from './FinanceRecordsSection';

/** Years offered in the overview: this one and the nine before it (the server's longest range). */
const YEARS_BACK = 10;

/**
 * /finance: the organisation's income and costs. The overview of a year (months, categories, BTW
 * per quarter), the records, and bank statement imports. Who may not manage finance sees
 * everything without the controls that change it; the server checks again.
 */
export function FinanceScreen() {
  const finance = useAsyncInjection(TOKENS.FinanceGateway);
  const clock = useClock();
  const can = useCan();
  const canManage = can('finance.manage');
  const thisYear = Number(isoDay(clock.now()).slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const any = useQuery('finance:records:any', () => finance.records({ page_size: 1 }));
  const years = Array.from({ length: YEARS_BACK }, (_, index) => thisYear - index);
  const empty = any.value !== null && any.value.total === 0;

  return (
    <Page
      title="Financiën"
      width="full"
      lead="Inkomsten, kosten en btw van je organisatie, per maand en per kwartaal."
    >
      <p>
        <Link href="/dashboard">Terug naar het dashboard</Link>
      </p>
      {any.value === null ? (
        any.error ? (
          <LoadFailed message={any.error} onRetry={any.reload} />
        ) : (
          <Loading />
        )
      ) : empty && !adding && !importing ? (
        <section className="panel empty-state" aria-labelledby="finance-empty-heading">
          <h2 id="finance-empty-heading">Nog geen boekingen</h2>
          <p>
            Hier houd je de inkomsten en kosten van je organisatie bij. Voer boekingen zelf in of importeer
            een bankafschrift (CAMT.053, MT940 of CSV van je bank). Loop maakt er een overzicht per maand en
            per categorie van en rekent per kwartaal uit hoeveel btw je moet betalen of terugkrijgt.
          </p>
          {canManage ? (
            <div className="row-actions">
              <button type="button" className="button" onClick={() => setAdding(true)}>
                Boeking toevoegen
              </button>
              <button type="button" className="button button-secondary" onClick={() => setImporting(true)}>
                Bankafschrift importeren
              </button>
            </div>
          ) : (
            <p>
              Een eigenaar of beheerder van de organisatie kan boekingen toevoegen en afschriften importeren.
            </p>
          )}
        </section>
      ) : (
        <>
          {empty ? null : <FinanceOverviewSection year={year} years={years} onYear={setYear} />}
          {importing || !empty ? <FinanceImportSection canManage={canManage} /> : null}
          {adding || !empty ? (
            <FinanceRecordsSection canManage={canManage} adding={adding} onAdding={setAdding} />
          ) : null}
        </>
      )}
    </Page>
  );
}
