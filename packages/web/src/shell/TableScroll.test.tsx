import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { click, render, settle, unmountAll } from '../testing/render';
import { TableScroll } from './TableScroll';

afterEach(unmountAll);

const labels = (container: HTMLElement) =>
  [...container.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.dataset.label ?? null),
  );

function Members() {
  const [names, setNames] = useState(['Anna']);
  return (
    <>
      <button type="button" onClick={() => setNames((was) => [...was, 'Bram'])}>
        Erbij
      </button>
      <TableScroll label="Tabel met leden" columns={['Naam', 'Rol', 'Acties']} cards>
        {names.map((name) => (
          <tr key={name}>
            <td>{name}</td>
            <td>Lid</td>
            <td>
              <div className="row-actions">
                <button type="button">Verwijderen</button>
              </div>
            </td>
          </tr>
        ))}
        <tr>
          <td colSpan={3}>Meer leden op de volgende pagina.</td>
        </tr>
      </TableScroll>
    </>
  );
}

describe('TableScroll', () => {
  it("should give every cell of a card table its column's header as label, rows added later too", async () => {
    const { container } = await render(<Members />);
    expect(container.querySelector('section')?.className).toBe('table-scroll table-cards');
    expect(labels(container)).toEqual([['Naam', 'Rol', 'Acties'], ['']]);

    await click(container.querySelector('button'));
    await settle(1);
    expect(labels(container)).toEqual([['Naam', 'Rol', 'Acties'], ['Naam', 'Rol', 'Acties'], ['']]);
    // The header row stays a real header row: the table is still a table for screen readers.
    expect([...container.querySelectorAll('thead th[scope="col"]')].map((th) => th.textContent)).toEqual([
      'Naam',
      'Rol',
      'Acties',
    ]);
  });

  it('should leave a table without cards to scroll sideways, unlabelled', async () => {
    const { container } = await render(
      <TableScroll label="Opgeslagen gegevens" columns={['Naam', 'Doel']}>
        <tr>
          <td>loop.token</td>
          <td>Inloggen</td>
        </tr>
      </TableScroll>,
    );
    expect(container.querySelector('section')?.className).toBe('table-scroll');
    expect(labels(container)).toEqual([[null, null]]);
  });
});
