import { describe, expect, it } from 'vitest';
import { apiOk } from '../../api';
import type { SharedResults } from '../../contract';
import { createResultsLinksUseCases, openSharedResults } from './resultsLinks';
import { nps, open } from './resultsView.fixtures';
import {
  checkResultsLinkForm,
  periodText,
  RESULTS_LINK_MESSAGES,
  resultsLinkRow,
  sharedResultsUrl,
  sharedTokenFromPath,
  sharesOpenAnswers,
} from './sharedResults';

const form = {
  questionIds: ['q-nps'],
  from: '',
  to: '',
  openAnswers: false,
  password: '',
  label: '',
};

const branding = {
  organization_name: 'Deelbedrijf BV',
  logo_url: null,
  background_url: null,
  primary_color: '#0f766e',
};

const openPage: Extract<SharedResults, { status: 'open' }> = {
  status: 'open',
  branding,
  title: 'Klantpeiling',
  from: '2026-03-01',
  to: '2026-03-31',
  questions: [open, nps],
  hides_questions: false,
  open_answers: false,
  results: {
    survey_id: 0,
    responses: {
      completed: 12,
      in_progress: 0,
      invited: 0,
      response_rate: null,
      completion_rate: null,
      last_response_at: null,
    },
    bucket: 'day',
    over_time: [{ period: '2026-03-01', count: 12 }],
    questions: [
      {
        question_id: 'q-nps',
        type: 'nps',
        answered: 12,
        seen_count: 12,
        by_score: { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 2, 7: 0, 8: 0, 9: 4, 10: 6 },
      },
    ],
  },
};

describe('the results link form (R-SHARE-1)', () => {
  it('should send only what was filled in', () => {
    expect(checkResultsLinkForm({ ...form, from: ' 2026-03-01 ', label: ' Directie ' })).toEqual({
      ok: true,
      value: { question_ids: ['q-nps'], open_answers: false, from: '2026-03-01', label: 'Directie' },
    });
  });

  it('should name every wrong field in Dutch before anything is sent', () => {
    const checked = checkResultsLinkForm({
      ...form,
      questionIds: [],
      from: '2026-04-01',
      to: '2026-03-01',
      password: 'kort',
      label: 'x'.repeat(101),
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.fields).toEqual({
      question_ids: RESULTS_LINK_MESSAGES.noQuestions,
      to: 'De datum bij "Vanaf" ligt na de datum bij "Tot en met".',
      password: RESULTS_LINK_MESSAGES.password,
      label: RESULTS_LINK_MESSAGES.label,
    });
  });
});

describe('open answers on a shared page (R-SHARE-4)', () => {
  it('should need the choice, and for an anonymous survey 5 responses', () => {
    expect(sharesOpenAnswers(false, false, 100)).toBe(false);
    expect(sharesOpenAnswers(true, false, 1)).toBe(true);
    expect(sharesOpenAnswers(true, true, 4)).toBe(false);
    expect(sharesOpenAnswers(true, true, 5)).toBe(true);
  });
});

describe('the shared address', () => {
  it('should be /gedeeld/<token> and read back the same token', () => {
    const url = sharedResultsUrl('https://loop.example.nl/', 'abc_DEF-123');
    expect(url).toBe('https://loop.example.nl/gedeeld/abc_DEF-123');
    expect(sharedTokenFromPath(url.slice('https://loop.example.nl'.length))).toBe('abc_DEF-123');
    expect(sharedTokenFromPath('/gedeeld/')).toBeNull();
    expect(sharedTokenFromPath('/respond/abc')).toBeNull();
    expect(sharedTokenFromPath('/gedeeld/%zz')).toBeNull();
  });
});

describe('the links list', () => {
  it('should describe a link and whether it still works', () => {
    const row = resultsLinkRow({
      id: 3,
      label: null,
      question_ids: ['a', 'b'],
      from: '2026-03-01',
      to: null,
      open_answers: false,
      has_password: true,
      created_at: '2026-03-02T09:00:00Z',
      revoked_at: '2026-03-03T09:00:00Z',
    });
    expect(row.details).toBe(
      `2 vragen · ${periodText('2026-03-01', null)} · zonder open antwoorden · met wachtwoord`,
    );
    expect(periodText('2026-03-01', null)).toMatch(/^vanaf 1 mrt\.? 2026$/);
    expect(row.revoked).toBe(true);
    expect(row.statusText).toMatch(/^Ingetrokken op 3 mrt\.? 2026/);
  });
});

describe('opening a shared page', () => {
  it('should turn the open page into the results views of its questions only', async () => {
    const opened = await openSharedResults({ open: async () => apiOk(openPage) }, 'token');
    expect(opened.ok).toBe(true);
    if (!opened.ok || opened.value.status !== 'open') return;
    const { view } = opened.value;
    expect(view.completedText).toBe('12');
    // The open question has no result on the wire: it is shown as without answers, the NPS with its score.
    expect(view.questions.map((question) => question.kind)).toEqual(['texts', 'nps']);
    expect(view.questions[1]?.answered).toBe(12);
  });

  it('should say an address without a token is unknown, and ask for a password before sending an empty one', async () => {
    let calls = 0;
    const gateway = {
      open: async () => {
        calls++;
        return apiOk(openPage);
      },
    };
    expect(await openSharedResults(gateway, null)).toMatchObject({
      ok: false,
      status: 404,
      detail: RESULTS_LINK_MESSAGES.unknown,
    });
    expect(await openSharedResults(gateway, 'token', '')).toMatchObject({ ok: false, status: 400 });
    expect(calls).toBe(0);
  });

  it('should give the created link its address, shown once', async () => {
    const links = createResultsLinksUseCases({
      origin: () => 'https://loop.example.nl',
      gateway: {
        list: async () => apiOk([]),
        revoke: async () => {
          throw new Error('not called');
        },
        create: async (_survey, request) =>
          apiOk({
            token: 'nieuw-token',
            link: {
              id: 1,
              label: null,
              question_ids: [...request.question_ids],
              from: null,
              to: null,
              open_answers: false,
              has_password: false,
              created_at: '2026-03-02T09:00:00Z',
              revoked_at: null,
            },
          }),
      },
    });
    const created = await links.create(4, form);
    expect(created).toMatchObject({
      ok: true,
      value: { url: 'https://loop.example.nl/gedeeld/nieuw-token' },
    });
  });
});
