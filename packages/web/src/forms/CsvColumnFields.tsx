import { type ReactNode, useId } from 'react';

/** One thing a CSV column can hold, with its Dutch label; `required` offers 'Kies een kolom' for none. */
export interface CsvColumnChoice<K extends string> {
  readonly key: K;
  readonly label: string;
  readonly required?: boolean;
}

/**
 * The part every CSV import's mapping shares (bank statements, contacts): 'De eerste regel bevat
 * kolomkoppen', and per field a select of the file's columns, named by header or, without a header
 * row, by number with the first row's cell as an example (the servers take both). `children` are
 * the import's own fields, in the same grid.
 */
export function CsvColumnFields<K extends string>({
  firstRow,
  hasHeader,
  onHasHeader,
  choices,
  column,
  onColumn,
  className,
  children,
}: {
  /** The file's first row: its headers, or its first data row without them. */
  firstRow: readonly string[];
  hasHeader: boolean;
  onHasHeader: (hasHeader: boolean) => void;
  choices: readonly CsvColumnChoice<K>[];
  /** The column chosen for a field, '' for none. */
  column: (key: K) => string;
  onColumn: (key: K, column: string) => void;
  /** The grid's class. */
  className: string;
  children?: ReactNode;
}) {
  const id = useId();
  const options = firstRow.map((cell, index) => ({
    value: hasHeader ? cell : String(index + 1),
    label: hasHeader ? cell || `Kolom ${index + 1}` : `Kolom ${index + 1} (${cell})`,
  }));
  return (
    <>
      <label className="checkbox">
        <input type="checkbox" checked={hasHeader} onChange={(event) => onHasHeader(event.target.checked)} />{' '}
        De eerste regel bevat kolomkoppen
      </label>
      <div className={className}>
        {choices.map(({ key, label, required }) => (
          <div className="field" key={key}>
            <label htmlFor={`${id}-${key}`}>{label}</label>
            <select
              id={`${id}-${key}`}
              value={column(key)}
              onChange={(event) => onColumn(key, event.target.value)}
            >
              <option value="">{required ? 'Kies een kolom' : 'Geen'}</option>
              {options.map((option, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two columns may share a header; the columns' order is the file's
                <option key={`${index}:${option.value}`} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        {children}
      </div>
    </>
  );
}
