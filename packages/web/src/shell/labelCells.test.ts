import { describe, expect, it } from 'vitest';
import { labelCells } from './labelCells';

/** The contacts table's shape: a 'select all' checkbox, sort buttons with an arrow, a text header. */
function contactsTable(): HTMLTableElement {
  const table = document.createElement('table');
  table.innerHTML = `
    <thead><tr>
      <th scope="col"><input type="checkbox" aria-label="Alle contacten op deze pagina selecteren"></th>
      <th scope="col"><button type="button">Naam<span aria-hidden="true"> ▲</span></button></th>
      <th scope="col">Tags<span class="visually-hidden"> (komma's)</span></th>
    </tr></thead>
    <tbody>
      <tr><td><input type="checkbox" aria-label="Anna selecteren"></td><td>Anna</td><td>klant</td></tr>
    </tbody>`;
  document.body.append(table);
  return table;
}

const labels = (table: HTMLTableElement) =>
  [...table.tBodies[0]!.rows].map((row) => [...row.cells].map((cell) => cell.dataset.label));

describe('labelCells', () => {
  it('should label each cell with the text a sighted user reads in its header', () => {
    const table = contactsTable();
    const stop = labelCells(table);
    expect(labels(table)).toEqual([['', 'Naam', 'Tags']]);
    stop?.();
    table.remove();
  });

  it('should label rows added later before they are painted, and stop when the table goes', async () => {
    const table = contactsTable();
    const stop = labelCells(table);
    const row = table.tBodies[0]!.insertRow();
    row.innerHTML = '<td></td><td>Bram</td><td>leverancier</td>';
    // A MutationObserver answers in a microtask: before the next frame is painted.
    await Promise.resolve();
    expect(labels(table)[1]).toEqual(['', 'Naam', 'Tags']);

    stop?.();
    table.tBodies[0]!.insertRow().innerHTML = '<td></td><td>Cor</td><td></td>';
    await Promise.resolve();
    expect(labels(table)[2]).toEqual([undefined, undefined, undefined]);
    table.remove();
  });

  it('should do nothing for a table that is gone', () => {
    expect(labelCells(null)).toBeUndefined();
  });
});
