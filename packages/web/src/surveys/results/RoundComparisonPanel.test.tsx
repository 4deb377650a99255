import type { RoundComparison, SurveyResults } from '@loop/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { json } from '../../testing/fakeApi';
import { choose, render, unmountAll, waitFor } from '../../testing/render';
import { createSignedInApp } from '../../testing/testContainer';
import { resultsSurvey } from './resultsScreen.fixtures';

afterEach(unmountAll);

beforeAll(async () => {
  await import('./SurveyResultsScreen');
});

const SURVEY = resultsSurvey({
  title: 'Medewerkerspuls',
  created_at: '2026-10-01T08:00:00Z',
  updated_at: '2026-10-01T08:00:00Z',
  published_at: '2026-10-01T08:00:00Z',
  estimated_seconds: 60,
});

const RESULTS: SurveyResults = {
  survey_id: 12,
  responses: {
    completed: 0,
    in_progress: 0,
    invited: 0,
    response_rate: null,
    completion_rate: null,
    last_response_at: null,
  },
  bucket: 'day',
  over_time: [],
  questions: [],
};

const nps = (byScore: Record<string, number>) => ({
  question_id: 'q-nps',
  type: 'nps' as const,
  answered: Object.values(byScore).reduce((a, b) => a + b, 0),
  seen_count: 0,
  by_score: byScore,
});

const COMPARISON: RoundComparison = {
  survey_id: 12,
  rounds: [
    {
      round_id: 40,
      number: 1,
      due_at: '2026-10-05T07:00:00.000Z',
      completed: 2,
      questions: [nps({ 10: 1, 3: 1 })],
    },
    {
      round_id: 41,
      number: 2,
      due_at: '2026-11-02T08:00:00.000Z',
      completed: 4,
      questions: [nps({ 9: 3, 5: 1 })],
    },
    {
      round_id: 42,
      number: 3,
      due_at: '2026-11-30T08:00:00.000Z',
      completed: 3,
      questions: [nps({ 9: 1, 8: 2 })],
    },
  ],
};

function app(comparison: RoundComparison) {
  return createSignedInApp({
    role: 'reader',
    path: '/survey/12',

    routes: {
      'GET /surveys/12': () => json(200, SURVEY),
      'GET /surveys/12/results': () => json(200, RESULTS),
      'GET /surveys/12/rounds/comparison': () => json(200, comparison),
    },
  });
}

const panel = (container: HTMLElement) =>
  [...container.querySelectorAll('section')].find(
    (each) => each.querySelector('h2')?.textContent === 'Rondes vergelijken',
  );
const cells = (section: HTMLElement | undefined) =>
  [...(section?.querySelectorAll('tbody td') ?? [])].map((cell) => cell.textContent);

describe("RoundComparisonPanel ('Rondes vergelijken')", () => {
  it('should compare the newest round with the previous one and show the trend, and another round when chosen', async () => {
    const test = app(COMPARISON);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(panel(container)).toBeDefined());
    // Round 3: NPS 33 (1 promoter of 3); round 2: NPS 50; the open question has no figure.
    expect(cells(panel(container))).toEqual([
      'Zou je ons aanbevelen?',
      'NPS',
      '33',
      '50',
      '-17 (gedaald)',
      '0 → 50 → 33',
    ]);
    await choose(panel(container)?.querySelector('select') ?? null, '41');
    await waitFor(() => expect(cells(panel(container))[4]).toBe('+50 (gestegen)'));
    expect(cells(panel(container)).slice(2, 4)).toEqual(['50', '0']);
  });

  it('should show nothing for a survey without rounds', async () => {
    const test = app({ survey_id: 12, rounds: [] });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() =>
      expect(test.api.seen.some((request) => request.path.endsWith('/rounds/comparison'))).toBe(true),
    );
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Medewerkerspuls'));
    expect(panel(container)).toBeUndefined();
  });
});
