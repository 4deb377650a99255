import { type DateFilter, EMPTY_DATE_FILTER } from '@loop/core/surveys/results';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, render, unmountAll } from '../../testing/render';
import { DateFilterForm } from './DateFilterForm';

afterEach(unmountAll);

/** Sets a date input as a browser does: the native value setter, then an input event. */
async function pick(input: HTMLInputElement | undefined, value: string) {
  if (!input) throw new Error('no date input');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('DateFilterForm', () => {
  it('should apply a valid range at once and clear it with Wis', async () => {
    const applied: DateFilter[] = [];
    const { container } = await render(
      <DateFilterForm filter={EMPTY_DATE_FILTER} onChange={(next) => applied.push(next)} />,
    );
    const [from, to] = container.querySelectorAll('input');
    await pick(from, '2025-11-01');
    await pick(to, '2025-11-30');
    expect(applied).toEqual([
      { from: '2025-11-01', to: '' },
      { from: '2025-11-01', to: '2025-11-30' },
    ]);
    await click(button(container, 'Wis'));
    expect(applied.at(-1)).toEqual(EMPTY_DATE_FILTER);
    expect(from?.value).toBe('');
  });

  it('should refuse a backwards range with a Dutch message and change nothing', async () => {
    const applied: DateFilter[] = [];
    const { container } = await render(
      <DateFilterForm filter={{ from: '2025-11-10', to: '' }} onChange={(next) => applied.push(next)} />,
    );
    const to = container.querySelectorAll('input')[1];
    await pick(to, '2025-11-01');
    expect(applied).toEqual([]);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'De datum bij "Vanaf" ligt na de datum bij "Tot en met".',
    );
    expect(to?.getAttribute('aria-invalid')).toBe('true');
  });
});
