import type { ReactNode } from 'react';
import { labelCells } from './labelCells';

/**
 * A table with a header row of `columns` and the rows as children, scrolling sideways on narrow
 * screens; `label` names the scrolling region for screen readers. With `cards`, a table whose rows
 * have actions shows each row as a card of 'label: value' lines instead when its box is narrow (a
 * phone), with every action in view (docs/decisions/interface.md, 'Tables become cards on phones').
 */
export function TableScroll({
  label,
  columns,
  cards = false,
  children,
}: {
  label: string;
  columns: readonly string[];
  cards?: boolean;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls sideways on phones and must be reachable by keyboard
    <section className={cards ? 'table-scroll table-cards' : 'table-scroll'} aria-label={label} tabIndex={0}>
      <table ref={cards ? labelCells : undefined}>
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
