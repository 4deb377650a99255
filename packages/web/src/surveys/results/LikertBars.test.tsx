import type { QuestionOf } from '@loop/core';
import { type QuestionResultView, questionResultView } from '@loop/core/surveys/results';
import { afterEach, describe, expect, it } from 'vitest';
import { render, unmountAll } from '../../testing/render';
import { LikertBars, type MeasureWidth } from './LikertBars';

/** A track measured at `rem` wide, as a ResizeObserver would report it. */
const measuredAt =
  (rem: number): MeasureWidth =>
  (_, onWidth) => {
    onWidth(rem);
    return () => {};
  };

afterEach(unmountAll);

const question = (neutralMiddle: boolean): QuestionOf<'likert'> => ({
  id: 'q-werk',
  type: 'likert',
  title: 'Hoe ervaar je je werk?',
  required: true,
  position: 0,
  settings: {
    points: 5,
    labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
    neutral_middle: neutralMiddle,
    statements: [
      { id: 's1', text: 'Ik heb plezier in mijn werk' },
      { id: 's2', text: 'Ik krijg genoeg steun' },
    ],
  },
});

function likertView(neutralMiddle: boolean) {
  const view: QuestionResultView = questionResultView(question(neutralMiddle), {
    question_id: 'q-werk',
    type: 'likert',
    answered: 10,
    seen_count: 10,
    by_statement: { s1: { '1': 1, '2': 1, '3': 2, '4': 4, '5': 2 } },
  });
  if (view.kind !== 'likert') throw new Error('not a Likert view');
  return view;
}

const segments = (row: Element | null | undefined) =>
  [...(row?.querySelectorAll<HTMLElement>('.likert-track .likert-segment') ?? [])].map((segment) => ({
    point: segment.dataset.point,
    left: segment.style.left,
    width: segment.style.width,
    text: segment.textContent,
    tone: [...segment.classList].find((name) => name.startsWith('likert-tone-')),
  }));

describe('LikertBars', () => {
  it('should draw each statement as a bar diverging from zero, the neutral middle apart', async () => {
    const { container } = await render(<LikertBars view={likertView(true)} measure={measuredAt(30)} />);
    const row = container.querySelector('[data-statement-id="s1"]');
    expect(segments(row)).toEqual([
      { point: '1', left: '40%', width: '5%', text: '', tone: 'likert-tone-negative-strong' },
      { point: '2', left: '45%', width: '5%', text: '', tone: 'likert-tone-negative-mild' },
      { point: '4', left: '50%', width: '20%', text: '40%', tone: 'likert-tone-positive-mild' },
      { point: '5', left: '70%', width: '10%', text: '20%', tone: 'likert-tone-positive-strong' },
    ]);
    expect(row?.querySelector('.likert-end-negative')?.textContent).toBe('20%');
    expect(row?.querySelector('.likert-end-positive')?.textContent).toBe('60%');
    const neutral = row?.querySelector<HTMLElement>('.likert-neutral .likert-segment');
    expect(neutral?.style.width).toBe('20%');
    expect(row?.querySelector('.likert-neutral-text')?.textContent).toBe('20%');
    expect(row?.querySelector('.likert-mean')?.textContent).toBe('gem. 3,5 van 5');
    // The two 10 % segments are too narrow for a label at 30 rem: their shares go under the bar.
    expect(row?.querySelector('.likert-small-shares')?.textContent).toBe('Helemaal oneens 10% · Oneens 10%');
  });

  it('should label only the segments with room on a 390 px phone and say the others under the bar', async () => {
    // 390 px: a track of about 14 rem, where the old rule printed '10%' in 11 px and '20%' in 22 px.
    const { container } = await render(<LikertBars view={likertView(true)} measure={measuredAt(14)} />);
    const row = container.querySelector('[data-statement-id="s1"]');
    expect(segments(row).map((segment) => [segment.point, segment.text])).toEqual([
      ['1', ''],
      ['2', ''],
      ['4', '40%'],
      ['5', ''],
    ]);
    expect(row?.querySelector('.likert-small-shares')?.textContent).toBe(
      'Helemaal oneens 10% · Oneens 10% · Helemaal eens 20%',
    );
    expect(row?.querySelector('.likert-small-shares')?.getAttribute('aria-hidden')).toBe('true');
    expect(row?.querySelector('[data-point="5"]')?.getAttribute('title')).toBe('Helemaal eens: 20%');
  });

  it('should label every segment on a wide screen and then need no line under the bar', async () => {
    const { container } = await render(<LikertBars view={likertView(true)} measure={measuredAt(50)} />);
    const row = container.querySelector('[data-statement-id="s1"]');
    expect(segments(row).map((segment) => segment.text)).toEqual(['10%', '10%', '40%', '20%']);
    expect(row?.querySelector('.likert-small-shares')).toBeNull();
  });

  it('should assume the narrowest track until the track is measured', async () => {
    const { container } = await render(<LikertBars view={likertView(true)} measure={() => () => {}} />);
    const row = container.querySelector('[data-statement-id="s1"]');
    expect(segments(row).every((segment) => segment.text === '')).toBe(true);
    expect(row?.querySelector('.likert-small-shares')?.textContent).toBe(
      'Helemaal oneens 10% · Oneens 10% · Eens 40% · Helemaal eens 20%',
    );
  });

  it('should let screen readers read each bar as one sentence and hide the drawing', async () => {
    const { container } = await render(<LikertBars view={likertView(true)} />);
    const figure = container.querySelector('[data-statement-id="s1"] [role="img"]');
    expect(figure?.getAttribute('aria-label')).toBe(
      'Ik heb plezier in mijn werk: Helemaal oneens 10%, Oneens 10%, Neutraal 20%, Eens 40%, Helemaal eens 20%; gemiddelde 3,5 op een schaal van 1 tot 5; 10 antwoorden.',
    );
    expect(container.querySelector('.likert-track')?.getAttribute('aria-hidden')).toBe('true');
    expect([...container.querySelectorAll('.likert-legend li')].map((item) => item.textContent)).toEqual([
      'Helemaal oneens',
      'Oneens',
      'Neutraal',
      'Eens',
      'Helemaal eens',
    ]);
  });

  it('should straddle zero with the middle point when the scale has no neutral middle', async () => {
    const { container } = await render(<LikertBars view={likertView(false)} measure={measuredAt(30)} />);
    const row = container.querySelector('[data-statement-id="s1"]');
    expect(segments(row).find((segment) => segment.point === '3')).toEqual({
      point: '3',
      left: '45%',
      width: '10%',
      text: '20%',
      tone: 'likert-tone-middle',
    });
    expect(row?.querySelector('.likert-neutral')).toBeNull();
    expect(row?.querySelector('.likert-end-negative')?.textContent).toBe('30%');
  });

  it('should draw nothing and say so for a statement without answers', async () => {
    const { container } = await render(<LikertBars view={likertView(true)} />);
    const row = container.querySelector('[data-statement-id="s2"]');
    expect(segments(row)).toEqual([]);
    expect(row?.querySelector('.likert-end-negative')?.textContent).toBe('');
    expect(row?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(
      'Ik krijg genoeg steun: nog geen antwoorden.',
    );
  });
});
