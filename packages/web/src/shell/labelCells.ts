/** A header cell's label: its own `data-label`, else the text a sighted user reads in it. */
function headerLabel(header: HTMLTableCellElement): string {
  if (header.dataset.label !== undefined) return header.dataset.label;
  const copy = header.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"], .visually-hidden')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Gives every body cell the label of its column's header as `data-label`; a cell spanning columns gets none. */
function label(table: HTMLTableElement): void {
  const headers = [...(table.tHead?.rows[0]?.cells ?? [])];
  const labels: string[] = [];
  for (const header of headers)
    for (let span = 0; span < header.colSpan; span++) labels.push(headerLabel(header));
  for (const body of table.tBodies) {
    for (const row of body.rows) {
      let column = 0;
      for (const cell of row.cells) {
        const text = cell.colSpan > 1 ? '' : (labels[column] ?? '');
        // Only a change is written: the observer below watches the rows, and React owns the rest.
        if (cell.dataset.label !== text) cell.dataset.label = text;
        column += cell.colSpan;
      }
    }
  }
}

/**
 * A callback ref for a table that becomes cards on narrow screens (docs/decisions/interface.md, 'Tables
 * become cards on phones'): each body cell carries its column's header as `data-label`, which the
 * stylesheet shows beside the value once the header row is out of sight. Rows rendered later (a
 * page, a filter, a row's own update) are labelled before they are painted.
 */
export function labelCells(table: HTMLTableElement | null): (() => void) | undefined {
  if (table === null) return undefined;
  label(table);
  const observer = new MutationObserver(() => label(table));
  observer.observe(table, { childList: true, subtree: true });
  return () => observer.disconnect();
}
