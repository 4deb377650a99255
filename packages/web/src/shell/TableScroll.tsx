import type { ReactNode } from 'react';

/**
 * A table with a header row of `columns` and the rows as children, scrolling sideways on narrow
 * screens; `label` names the scrolling region for screen readers.
 */
export function TableScroll({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls sideways on phones and must be reachable by keyboard
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
