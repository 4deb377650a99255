import type { CsvMapping } from '@loop/core';
import { type CsvPreview, previewCsvLines } from '@loop/core/finance';
import { useId } from 'react';
import { type CsvColumnChoice, CsvColumnFields } from '../forms/CsvColumnFields';
import { TableScroll } from '../shell/TableScroll';

const COLUMNS: readonly CsvColumnChoice<keyof CsvMapping>[] = [
  { key: 'date', label: 'Datum', required: true },
  { key: 'amount', label: 'Bedrag (met teken of met Af/Bij)' },
  { key: 'direction', label: 'Af/Bij' },
  { key: 'debit', label: 'Bedrag af (debet)' },
  { key: 'credit', label: 'Bedrag bij (credit)' },
  { key: 'description', label: 'Omschrijving' },
  { key: 'counterparty', label: 'Tegenpartij' },
  { key: 'reference', label: 'Referentie' },
  { key: 'account', label: 'Eigen rekening' },
  { key: 'currency', label: 'Valuta' },
];

/**
 * Which CSV column holds what, with the first lines of the file read through the choice as the
 * server will read them (core's csv mapping), so a wrong column shows before anything is sent.
 */
export function CsvMappingStep({
  preview,
  mapping,
  onChange,
}: {
  preview: CsvPreview;
  mapping: CsvMapping;
  onChange: (mapping: CsvMapping) => void;
}) {
  const id = useId();
  const set = (key: keyof CsvMapping, value: string) => {
    const next: Record<string, unknown> = { ...mapping };
    if (value === '') delete next[key];
    else next[key] = value;
    onChange(next as unknown as CsvMapping);
  };
  const result = mapping.date ? previewCsvLines(preview, mapping) : null;

  return (
    <fieldset className="finance-mapping">
      <legend>Kolommen van het CSV-bestand</legend>
      <CsvColumnFields
        firstRow={preview.firstRow}
        hasHeader={mapping.has_header !== false}
        onHasHeader={(has_header) => onChange({ ...mapping, has_header })}
        choices={COLUMNS}
        column={(key) => String(mapping[key] ?? '')}
        onColumn={set}
        className="finance-form"
      >
        <div className="field">
          <label htmlFor={`${id}-decimal`}>Decimaalteken</label>
          <select
            id={`${id}-decimal`}
            value={mapping.decimal_separator ?? ','}
            onChange={(event) => onChange({ ...mapping, decimal_separator: event.target.value as ',' | '.' })}
          >
            <option value=",">Komma (1.234,56)</option>
            <option value=".">Punt (1,234.56)</option>
          </select>
        </div>
      </CsvColumnFields>
      <h4>Voorbeeld van de eerste regels</h4>
      {result === null ? (
        <p className="field-hint">Kies de kolom met de datum en die met het bedrag.</p>
      ) : !result.ok ? (
        <p className="alert alert-error" role="alert">
          {result.reason}
        </p>
      ) : (
        <TableScroll
          label="Voorbeeld van de import"
          columns={['Regel', 'Datum', 'Bedrag', 'Tegenpartij', 'Omschrijving']}
        >
          {result.lines.map((line) =>
            line.ok ? (
              <tr key={line.line}>
                <td>{line.line}</td>
                <td>{line.fileDate}</td>
                <td className="finance-amount">{line.amount}</td>
                <td>{line.counterparty}</td>
                <td>{line.description}</td>
              </tr>
            ) : (
              <tr key={line.line}>
                <td>{line.line}</td>
                <td colSpan={4}>Wordt geweigerd: {line.reason}</td>
              </tr>
            ),
          )}
        </TableScroll>
      )}
    </fieldset>
  );
}
