import type { Crosstab, Survey } from '@loop/core';
import {
  type CrosstabDimensions,
  countText,
  crosstabTargets,
  type DateFilter,
  rowShare,
  shareText,
} from '@loop/core/surveys/results';
import { useId, useMemo, useState } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { LoadFailed, Loading } from '../../routing/Loading';
import { ExportFormatButtons } from '../../shell/ExportFormatButtons';
import { useCrosstab } from './useCrosstab';

const LABELS = { csv: 'Kruistabel CSV', xlsx: 'Kruistabel XLSX' } as const;

/**
 * 'Kruistabel' (R-RES-9): two labelled selects (rows, columns) of the survey's choice, NPS and
 * rating questions, Likert statements, hidden fields and the language; the table of counts with
 * each cell's row percentage, the totals per row and column, '< 5' where an anonymous survey hides
 * a count (R-RES-10), and its download as CSV or XLSX (with `canExport`). A real table with
 * headers for screen readers; it scrolls sideways inside its box on a phone.
 */
export function CrosstabPanel({
  survey,
  filter,
  canExport,
}: {
  survey: Survey;
  filter: DateFilter;
  canExport: boolean;
}) {
  const id = useId();
  const targets = useMemo(() => crosstabTargets(survey), [survey]);
  const [row, setRow] = useState('');
  const [col, setCol] = useState('');
  const chosen = row !== '' && col !== '' && row !== col;

  return (
    <section className="panel crosstab" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Kruistabel</h2>
      <p className="chart-note">
        Zet de antwoorden op twee vragen tegen elkaar: per combinatie het aantal respondenten en het
        percentage van de rij.
      </p>
      <div className="crosstab-pickers">
        {(
          [
            ['rows', 'Rijen', row, setRow],
            ['cols', 'Kolommen', col, setCol],
          ] as const
        ).map(([name, label, value, set]) => (
          <div className="field" key={name}>
            <label htmlFor={`${id}-${name}`}>{label}</label>
            <select id={`${id}-${name}`} value={value} onChange={(event) => set(event.target.value)}>
              <option value="">Kies een vraag</option>
              {targets.map((target) => (
                <option key={target.key} value={target.key}>
                  {target.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {row !== '' && row === col ? (
        <p role="alert">Kies voor rijen en kolommen twee verschillende vragen.</p>
      ) : null}
      {chosen ? (
        <CrosstabResult
          surveyId={survey.id}
          dimensions={{ row, col }}
          filter={filter}
          canExport={canExport}
        />
      ) : null}
    </section>
  );
}

function CrosstabResult({
  surveyId,
  dimensions,
  filter,
  canExport,
}: {
  surveyId: number;
  dimensions: CrosstabDimensions;
  filter: DateFilter;
  canExport: boolean;
}) {
  const table = useCrosstab(surveyId, dimensions, filter);
  const results = useAsyncInjection(TOKENS.ResultsUseCases);
  if (table.error) return <LoadFailed message={table.error} onRetry={table.reload} />;
  if (!table.value) return <Loading text="Kruistabel wordt geteld..." />;
  return (
    <>
      <CrosstabTable table={table.value} />
      {canExport ? (
        <ExportFormatButtons
          labels={LABELS}
          download={(format) => results.exportCrosstab(surveyId, format, dimensions, filter)}
        />
      ) : null}
    </>
  );
}

/** The table: a row per row value, per column value the count and its row percentage. */
export function CrosstabTable({ table }: { table: Crosstab }) {
  const captionId = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls sideways on phones and must be reachable by keyboard
    <section className="crosstab-scroll table-scroll" aria-labelledby={captionId} tabIndex={0}>
      <table className="crosstab-table">
        <caption id={captionId}>
          {table.row.label} (rijen) tegen {table.col.label} (kolommen); per cel het aantal respondenten en het
          percentage van de rij
          {table.small_counts_hidden ? '. Anonieme survey: aantallen onder de 5 staan als < 5.' : '.'}
        </caption>
        <thead>
          <tr>
            <td />
            {table.col.values.map((value) => (
              <th key={value.value} scope="col">
                {value.label}
              </th>
            ))}
            <th scope="col">Totaal</th>
          </tr>
        </thead>
        <tbody>
          {table.row.values.map((value, r) => (
            <tr key={value.value}>
              <th scope="row">{value.label}</th>
              {table.col.values.map((column, c) => {
                const count = table.counts[r]?.[c] ?? null;
                const share = rowShare(table, r, c);
                return (
                  <td key={column.value} data-cell={`${value.value}/${column.value}`}>
                    <span className="crosstab-count">n = {countText(count)}</span>
                    {share === null ? null : <span className="crosstab-share"> ({shareText(share)})</span>}
                  </td>
                );
              })}
              <td className="crosstab-total">n = {countText(table.row_totals[r] ?? null)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Totaal</th>
            {table.col.values.map((column, c) => (
              <td key={column.value}>n = {countText(table.col_totals[c] ?? null)}</td>
            ))}
            <td className="crosstab-total">n = {countText(table.total)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
