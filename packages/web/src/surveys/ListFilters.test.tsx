import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, render, type, unmountAll, waitFor } from '../testing/render';
import { ListFilters, useListFilter } from './ListFilters';

afterEach(unmountAll);

type Colour = 'red' | 'blue';
const COLOURS: readonly Colour[] = ['red', 'blue'];
const LABELS: Readonly<Record<Colour, string>> = { red: 'Rood', blue: 'Blauw' };

/** A list with the filters, showing what it would ask for, and a way to another page. */
function List({ clearable }: { clearable?: boolean }) {
  const filters = useListFilter<Colour>();
  return (
    <>
      <ListFilters
        state={filters}
        id="things"
        label="Dingen zoeken en filteren"
        searchLabel="Zoeken"
        maxLength={50}
        statuses={COLOURS}
        statusLabels={LABELS}
        clearable={clearable}
      />
      <output>{`${filters.filter.q}|${filters.filter.status}|${filters.page}|${filters.filtered}`}</output>
      <button type="button" onClick={() => filters.setPage(filters.page + 1)}>
        Volgende
      </button>
    </>
  );
}

const choose = async (container: HTMLElement, value: string) => {
  const select = container.querySelector<HTMLSelectElement>('#things-status');
  await act(async () => {
    if (!select) throw new Error('no status filter');
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
};

const shown = (container: HTMLElement) => container.querySelector('output')?.textContent;

describe('ListFilters', () => {
  it('should offer every status and all statuses under its labels', async () => {
    const { container } = await render(<List />);
    expect(
      [...container.querySelectorAll('#things-status option')].map((option) => option.textContent),
    ).toEqual(['Alle statussen', 'Rood', 'Blauw']);
    expect(container.querySelector('label[for="things-search"]')?.textContent).toBe('Zoeken');
    expect(container.querySelector('search')?.getAttribute('aria-label')).toBe('Dingen zoeken en filteren');
  });

  it('should ask for the trimmed search once typing rests, and start again at page 1 when the filter changes', async () => {
    const { container } = await render(<List />);
    expect(shown(container)).toBe('||1|false');
    await click(button(container, 'Volgende'));
    expect(shown(container)).toBe('||2|false');

    await type(container.querySelector('#things-search'), '  fiets ');
    expect(shown(container)).toBe('||2|false');
    await waitFor(() => expect(shown(container)).toBe('fiets||1|true'));

    await click(button(container, 'Volgende'));
    await choose(container, 'blue');
    expect(shown(container)).toBe('fiets|blue|1|true');
  });

  it("should offer 'Wis filters' only when clearable and something is typed or chosen", async () => {
    const { container } = await render(<List clearable />);
    expect(button(container, 'Wis filters')).toBeNull();
    await choose(container, 'red');
    await type(container.querySelector('#things-search'), 'fiets');
    await click(button(container, 'Wis filters'));
    expect(container.querySelector<HTMLInputElement>('#things-search')?.value).toBe('');
    expect(container.querySelector<HTMLSelectElement>('#things-status')?.value).toBe('');
    await waitFor(() => expect(shown(container)).toBe('||1|false'));
    expect(button(container, 'Wis filters')).toBeNull();

    const plain = await render(<List />);
    await choose(plain.container, 'red');
    expect(button(plain.container, 'Wis filters')).toBeNull();
  });
});
