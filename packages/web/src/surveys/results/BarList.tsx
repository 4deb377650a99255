import type { BarRowView } from '@loop/core/surveys/results';

/** Horizontal bars with their label and value in text, so the numbers never hide in the drawing. */
export function BarList({ rows, label }: { rows: readonly BarRowView[]; label: string }) {
  return (
    <ul className="bar-list" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key} className="bar-row" data-row-key={row.key}>
          <span className="bar-label">{row.label}</span>
          <span className="bar-track" aria-hidden="true">
            <span className="bar-fill" style={{ width: `${row.width}%` }} />
          </span>
          <span className="bar-value">{row.valueText}</span>
        </li>
      ))}
    </ul>
  );
}
