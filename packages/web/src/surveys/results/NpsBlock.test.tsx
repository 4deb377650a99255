import type { QuestionOf } from '@loop/core';
import { questionResultView } from '@loop/core/surveys/results';
import { afterEach, describe, expect, it } from 'vitest';
import { render, unmountAll } from '../../testing/render';
import { NpsBlock } from './NpsBlock';

afterEach(unmountAll);

const question: QuestionOf<'nps'> = {
  id: 'q-nps',
  type: 'nps',
  title: 'Zou je ons aanbevelen?',
  required: false,
  position: 0,
  settings: { low_label: 'Nooit', high_label: 'Zeker' },
};

function npsView(byScore: Record<string, number>) {
  const view = questionResultView(question, {
    question_id: 'q-nps',
    type: 'nps',
    answered: 8,
    seen_count: 8,
    by_score: byScore,
  });
  if (view.kind !== 'nps') throw new Error('not an NPS view');
  return view;
}

describe('NpsBlock', () => {
  it('should show the score large with the shares of the three groups', async () => {
    const { container } = await render(
      <NpsBlock view={npsView({ '3': 1, '6': 1, '7': 2, '9': 1, '10': 3 })} />,
    );
    expect(container.querySelector('[data-testid="nps-score"]')?.textContent).toBe('+25');
    const groups = [...container.querySelectorAll('.nps-group')].map((group) => [
      group.querySelector('dt')?.textContent,
      group.querySelector('dd strong')?.textContent,
      group.querySelector('.nps-count')?.textContent,
    ]);
    expect(groups).toEqual([
      ['Promotors (9–10)', '50%', '(4)'],
      ['Passieven (7–8)', '25%', '(2)'],
      ['Criticasters (0–6)', '25%', '(2)'],
    ]);
  });

  it('should draw a column per score 0–10 coloured by group, with the counts in a table', async () => {
    const { container } = await render(
      <NpsBlock view={npsView({ '3': 1, '6': 1, '7': 2, '9': 1, '10': 3 })} />,
    );
    const bars = [...container.querySelectorAll<HTMLElement>('.nps-column-bar')];
    expect(bars).toHaveLength(11);
    expect(bars[10]?.style.height).toBe('100%');
    expect(bars[10]?.classList.contains('nps-bar-promoters')).toBe(true);
    expect(bars[7]?.classList.contains('nps-bar-passives')).toBe(true);
    expect(bars[3]?.classList.contains('nps-bar-detractors')).toBe(true);
    expect(bars[0]?.style.height).toBe('0%');
    expect(container.querySelector('.nps-columns')?.getAttribute('aria-hidden')).toBe('true');
    const cells = (row: Element | undefined) => [...(row?.children ?? [])].map((cell) => cell.textContent);
    const rows = [...container.querySelectorAll('table tbody tr')];
    // 3 of 8 is 37.5%: a table rounds each share on its own, halves up.
    expect(cells(rows[10])).toEqual(['10', '3', '38%']);
    expect(cells(rows[3])).toEqual(['3', '1', '13%']);
    expect(container.querySelector('.nps-ends')?.textContent).toBe('NooitZeker');
  });

  it('should show equal counts with equal percentages in the table and the groups', async () => {
    const { container } = await render(
      <NpsBlock view={npsView({ '3': 1, '4': 1, '5': 1, '6': 1, '7': 1, '8': 1, '9': 1, '10': 1 })} />,
    );
    const shares = [...container.querySelectorAll('table tbody tr')]
      .slice(3)
      .map((row) => row.lastElementChild?.textContent);
    expect(shares).toEqual(Array(8).fill('13%'));
    const thirds = await render(<NpsBlock view={npsView({ '0': 2, '7': 2, '10': 2 })} />);
    expect(
      [...thirds.container.querySelectorAll('.nps-group dd strong')].map((share) => share.textContent),
    ).toEqual(['33%', '33%', '33%']);
  });

  it('should show a negative score with its minus sign', async () => {
    const { container } = await render(<NpsBlock view={npsView({ '0': 3, '10': 1 })} />);
    expect(container.querySelector('[data-testid="nps-score"]')?.textContent).toBe('-50');
  });

  it('should show dashes before anyone answered', async () => {
    const { container } = await render(<NpsBlock view={npsView({})} />);
    expect(container.querySelector('[data-testid="nps-score"]')?.textContent).toBe('–');
    expect([...container.querySelectorAll('.nps-group dd strong')].map((s) => s.textContent)).toEqual([
      '–',
      '–',
      '–',
    ]);
  });
});
