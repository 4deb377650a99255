import {
  type CompareChoice,
  compareProblem,
  comparisonRows,
  comparisonSummary,
  defaultCompareChoice,
} from '@loop/core/kpis';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Field } from '../../forms/Field';
import { LoadFailed, Loading } from '../../routing/Loading';
import { TableScroll } from '../../shell/TableScroll';
import { StatusText } from './StatusText';
import { useKpiComparison, useToday } from './useAdvancedKpis';

/**
 * 'Twee perioden vergelijken': two days, and per KPI the period holding each (its own week, month,
 * quarter or year), their values, the change and whether that is better or worse for the KPI.
 */
export function KpiCompareSection() {
  const id = useId();
  const today = useToday();
  const [draft, setDraft] = useState<CompareChoice>(() => defaultCompareChoice(today));
  const [asked, setAsked] = useState<CompareChoice>(draft);
  const [problem, setProblem] = useState<ReturnType<typeof compareProblem>>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = compareProblem(draft);
    setProblem(found);
    if (found === null) setAsked(draft);
  }

  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Twee perioden vergelijken</h2>
      <p className="field-hint">
        Kies twee dagen. Elke KPI vergelijkt de periode waarin de dag valt: de week, maand, het kwartaal of
        jaar van die KPI.
      </p>
      <form className="kpi-filters" onSubmit={submit} noValidate>
        <Field
          id={`${id}-a`}
          label="Periode A: dag"
          type="date"
          value={draft.a}
          error={problem?.field === 'a' ? problem.message : null}
          onChange={(event) => setDraft({ ...draft, a: event.target.value })}
        />
        <Field
          id={`${id}-b`}
          label="Periode B: dag"
          type="date"
          value={draft.b}
          error={problem?.field === 'b' ? problem.message : null}
          onChange={(event) => setDraft({ ...draft, b: event.target.value })}
        />
        <button type="submit" className="button">
          Vergelijken
        </button>
      </form>
      <ComparisonTable days={asked} />
    </section>
  );
}

function ComparisonTable({ days }: { days: CompareChoice }) {
  const comparison = useKpiComparison(days);
  const rows = useMemo(
    () => (comparison.value ? comparisonRows(comparison.value) : null),
    [comparison.value],
  );
  if (comparison.error) return <LoadFailed message={comparison.error} onRetry={comparison.reload} />;
  if (rows === null) return <Loading spinner text="Vergelijking laden..." />;
  if (rows.length === 0) return <p className="chart-empty">Nog geen KPI's om te vergelijken.</p>;
  return (
    <>
      <p role="status">{comparisonSummary(rows)}</p>
      <TableScroll
        label="Vergelijking van twee perioden per KPI"
        columns={[
          'KPI',
          'Periode A',
          'Waarde A',
          'Periode B',
          'Waarde B',
          'Verschil',
          'Relatief',
          'Beoordeling',
        ]}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">{row.name}</th>
            <td>{row.periodA}</td>
            <td className="number">
              {row.valueA}
              <span className="kpi-cell-status">
                <StatusText view={row.statusA} />
              </span>
            </td>
            <td>{row.periodB}</td>
            <td className="number">
              {row.valueB}
              <span className="kpi-cell-status">
                <StatusText view={row.statusB} />
              </span>
            </td>
            <td className="number">{row.change}</td>
            <td className="number">{row.relativeChange}</td>
            <td>
              <StatusText view={row.assessment} />
              <span className="kpi-note">{row.assessmentNote}</span>
            </td>
          </tr>
        ))}
      </TableScroll>
    </>
  );
}
