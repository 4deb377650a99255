import type { QuestionDetail, Survey, SurveyLogic } from '@loop/core';
import { NO_LOGIC } from '@loop/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { json } from '../../testing/fakeApi';
import { render, unmountAll, waitFor } from '../../testing/render';
import { createSignedInApp } from '../../testing/testContainer';

afterEach(unmountAll);

// The route's lazy chunk is transformed on first import, which takes longer than waitFor waits.
beforeAll(async () => {
  await import('./QuestionDetailScreen');
});

/** A rule that shows the reason only to those who would not recommend us. */
const RULES: SurveyLogic = {
  ...NO_LOGIC,
  rules: [
    {
      id: 'r1',
      action: 'show',
      question_id: 'q-why',
      when: {
        match: 'all',
        conditions: [{ source: 'question', question_id: 'q-nps', operator: 'less', value: 7 }],
      },
    },
  ],
};

const survey = (logic: SurveyLogic): Survey => ({
  id: 12,
  organization_id: 7,
  title: 'Klanten 2025',
  description_html: '',
  introduction_html: '',
  thank_you_text: 'Bedankt',
  status: 'open',
  close_at: null,
  created_at: '2025-10-01T08:00:00Z',
  updated_at: '2025-10-01T08:00:00Z',
  published_at: '2025-10-01T08:00:00Z',
  closed_at: null,
  questions: [
    { id: 'q-nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: true, position: 0, settings: {} },
    {
      id: 'q-why',
      type: 'single_choice',
      title: 'Waarom niet?',
      required: false,
      position: 1,
      settings: {
        options: [
          { id: 'prijs', label: 'De prijs' },
          { id: 'service', label: 'De service' },
        ],
        allow_other: false,
      },
    },
  ],
  logic,
  languages: [],
  translations: {},
  max_responses: null,
  quotas: [],
  version: 3,
  estimated_seconds: 40,
  retention_until: null,
  retention_months: null,
  anonymous: false,
});

const DETAIL: QuestionDetail = {
  survey_id: 12,
  question_id: 'q-why',
  type: 'single_choice',
  result: {
    question_id: 'q-why',
    type: 'single_choice',
    answered: 6,
    seen_count: 8,
    by_option: { prijs: 4, service: 2 },
    other: 0,
    other_texts: [],
    other_text_count: 0,
  },
  respondents: 20,
  bucket: 'day',
  trend: [{ period: '2025-11-03', answered: 6, score: null }],
  answers: { items: [], total: 6, page: 1, page_size: 50 },
};

async function openDetail(logic: SurveyLogic) {
  const test = createSignedInApp({
    path: '/survey/12/question/q-why',

    routes: {
      'GET /surveys/12': () => json(200, survey(logic)),
      'GET /surveys/12/questions/q-why': () => json(200, DETAIL),
    },
  });
  const rendered = await render(<App container={test.container} locationHook={test.location.hook} />);
  await waitFor(() =>
    expect(rendered.container.querySelector('[data-testid="question-answered"]')?.textContent).toBe(
      '6 antwoorden',
    ),
  );
  return rendered.container;
}

describe('QuestionDetailScreen', () => {
  it('should say by how many of the respondents a question of a survey with rules was seen', async () => {
    const container = await openDetail(RULES);
    expect(container.querySelector('[data-testid="question-seen"]')?.textContent).toBe(
      'Gezien door 8 van de 20 respondenten; 75% van hen gaf een antwoord.',
    );
  });

  it('should say nothing of it for a survey without rules', async () => {
    const container = await openDetail(NO_LOGIC);
    expect(container.querySelector('[data-testid="question-seen"]')).toBeNull();
  });
});
