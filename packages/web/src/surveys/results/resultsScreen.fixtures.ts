import type { Question, Survey, SurveyResults } from '@loop/core';
import { NO_LOGIC } from '@loop/core';

// What the results screen's tests share: survey 12 of organisation 7 with an NPS and an open
// question, and a results answer; each test changes only what it is about.

export const NPS_QUESTION: Question = {
  id: 'q-nps',
  type: 'nps',
  title: 'Zou je ons aanbevelen?',
  required: false,
  position: 0,
  settings: {},
};

export const OPEN_QUESTION: Question = {
  id: 'q-open',
  type: 'open_short',
  title: 'Wat kan beter?',
  required: false,
  position: 1,
  settings: { max_length: 500 },
};

export const resultsSurvey = (overrides: Partial<Survey> = {}): Survey => ({
  id: 12,
  organization_id: 7,
  title: 'Medewerkers 2025',
  description_html: '',
  introduction_html: '',
  thank_you_text: 'Bedankt',
  status: 'open',
  close_at: null,
  created_at: '2025-10-01T08:00:00Z',
  updated_at: '2025-10-01T08:00:00Z',
  published_at: '2025-10-01T08:00:00Z',
  closed_at: null,
  questions: [NPS_QUESTION, OPEN_QUESTION],
  logic: NO_LOGIC,
  languages: [],
  translations: {},
  max_responses: null,
  quotas: [],
  version: 3,
  estimated_seconds: 95,
  retention_until: null,
  retention_months: null,
  anonymous: false,
  ...overrides,
});

/** Three completed responses on 3 November 2025, none in progress, nobody invited. */
export const resultsBody = (overrides: Partial<SurveyResults> = {}): SurveyResults => ({
  survey_id: 12,
  responses: {
    completed: 3,
    in_progress: 0,
    invited: 0,
    response_rate: null,
    completion_rate: 1,
    last_response_at: '2025-11-03T10:00:00Z',
  },
  bucket: 'day',
  over_time: [{ period: '2025-11-03', count: 3 }],
  questions: [],
  ...overrides,
});
