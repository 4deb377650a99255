import { describe, expect, it } from 'vitest';
import type { SurveyStatus } from '../../contract';
import { closeDatePassed, effectiveStatus } from './closeDate';
import { openingProblems } from './surveyReadiness';
import {
  decideStatusChange,
  offeredStatusChanges,
  RESPONDENT_MESSAGES,
  respondentAccess,
  STATUS_MESSAGES,
} from './surveyStatus';

const NOW = new Date('2026-06-01T12:00:00Z');
const FUTURE = '2026-06-01T12:00:01Z';
const PAST = '2026-06-01T12:00:00Z';

const change = (
  from: SurveyStatus,
  to: SurveyStatus,
  extra: Partial<Parameters<typeof decideStatusChange>[0]> = {},
) =>
  decideStatusChange({
    from,
    to,
    closeAt: null,
    questionCount: 3,
    problems: [],
    responseCount: 0,
    now: NOW,
    ...extra,
  });

describe('closeDatePassed', () => {
  it('should pass at the close moment itself, not a millisecond before', () => {
    expect(closeDatePassed(PAST, NOW)).toBe(true);
    expect(closeDatePassed(FUTURE, NOW)).toBe(false);
  });

  it('should never pass without a (readable) close date', () => {
    expect(closeDatePassed(null, NOW)).toBe(false);
    expect(closeDatePassed('morgen', NOW)).toBe(false);
  });
});

describe('effectiveStatus', () => {
  it('should close an open survey whose close date has passed', () => {
    expect(effectiveStatus('open', PAST, NOW)).toBe('closed');
    expect(effectiveStatus('open', FUTURE, NOW)).toBe('open');
    expect(effectiveStatus('open', null, NOW)).toBe('open');
  });

  it('should leave drafts and closed surveys alone', () => {
    expect(effectiveStatus('draft', PAST, NOW)).toBe('draft');
    expect(effectiveStatus('closed', FUTURE, NOW)).toBe('closed');
  });
});

describe('decideStatusChange', () => {
  it('should open a draft with questions and no close date or one in the future', () => {
    expect(change('draft', 'open')).toEqual({ ok: true, value: 'open' });
    expect(change('draft', 'open', { closeAt: FUTURE })).toEqual({ ok: true, value: 'open' });
  });

  it('should not open a survey without questions', () => {
    expect(change('draft', 'open', { questionCount: 0 })).toEqual({
      ok: false,
      error: 'no_questions',
      detail: 'Voeg eerst minstens één vraag toe.',
    });
  });

  it('should not open a survey with something left to fill in, naming it', () => {
    const problems = openingProblems({
      title: 'Teamcheck',
      questions: [
        {
          id: 'q1',
          type: 'open_short',
          title: '',
          required: false,
          position: 0,
          settings: { max_length: 250 },
        },
      ],
    });
    expect(change('draft', 'open', { problems })).toEqual({
      ok: false,
      error: 'incomplete',
      detail: 'Nog niet klaar om te publiceren. Maak eerst af: Vraag 1: vul de vraagtekst in.',
    });
    expect(change('closed', 'open', { problems, responseCount: 4 })).toMatchObject({ error: 'incomplete' });
    // Closing and going back to draft never wait for it.
    expect(change('open', 'closed', { problems })).toEqual({ ok: true, value: 'closed' });
  });

  it('should not open or reopen with a close date in the past', () => {
    const refused = { ok: false, error: 'close_at_past', detail: STATUS_MESSAGES.closeAtPast };
    expect(change('draft', 'open', { closeAt: PAST })).toEqual(refused);
    expect(change('closed', 'open', { closeAt: PAST, responseCount: 40 })).toEqual(refused);
  });

  it('should reopen a closed survey once its close date is moved or cleared', () => {
    expect(change('closed', 'open', { closeAt: FUTURE, responseCount: 40 })).toEqual({
      ok: true,
      value: 'open',
    });
    expect(change('closed', 'open', { closeAt: null, responseCount: 40 })).toEqual({
      ok: true,
      value: 'open',
    });
  });

  it('should always close an open survey', () => {
    expect(change('open', 'closed', { responseCount: 40, closeAt: FUTURE })).toEqual({
      ok: true,
      value: 'closed',
    });
  });

  it('should not close a draft', () => {
    expect(change('draft', 'closed')).toEqual({
      ok: false,
      error: 'not_allowed',
      detail: 'Een concept kan niet worden gesloten. Open de survey eerst.',
    });
  });

  it('should go back to draft only without responses', () => {
    expect(change('open', 'draft')).toEqual({ ok: true, value: 'draft' });
    expect(change('closed', 'draft')).toEqual({ ok: true, value: 'draft' });
    expect(change('open', 'draft', { responseCount: 1 })).toEqual({
      ok: false,
      error: 'has_responses',
      detail: 'Deze survey heeft al antwoorden en kan niet meer terug naar concept.',
    });
  });

  it.each<SurveyStatus>(['draft', 'open', 'closed'])('should accept %s → %s as no change', (status) => {
    expect(change(status, status, { questionCount: 0, closeAt: PAST, responseCount: 9 })).toEqual({
      ok: true,
      value: status,
    });
  });
});

describe('respondentAccess', () => {
  const open = { status: 'open' as const, close_at: null };

  it('should let a respondent in while the survey is open', () => {
    expect(respondentAccess({ survey: open, alreadySubmitted: false, now: NOW })).toEqual({
      ok: true,
      value: true,
    });
  });

  it('should refuse an unknown token', () => {
    expect(respondentAccess({ survey: null, alreadySubmitted: false, now: NOW })).toEqual({
      ok: false,
      error: 'unknown_token',
      detail: 'Deze link is ongeldig. Controleer of je de volledige link uit de uitnodiging hebt gebruikt.',
    });
  });

  it('should refuse a draft, a closed survey and one past its close date', () => {
    const access = (survey: { status: SurveyStatus; close_at: string | null }) =>
      respondentAccess({ survey, alreadySubmitted: false, now: NOW });
    expect(access({ status: 'draft', close_at: null })).toMatchObject({
      error: 'not_open',
      detail: RESPONDENT_MESSAGES.notOpen,
    });
    expect(access({ status: 'closed', close_at: null })).toMatchObject({
      error: 'closed',
      detail: 'Deze survey is gesloten. Je kunt geen antwoorden meer insturen.',
    });
    expect(access({ status: 'open', close_at: PAST })).toMatchObject({ error: 'closed' });
  });

  it('should thank a respondent who already submitted, even after closing', () => {
    const closed = { status: 'closed' as const, close_at: null };
    expect(respondentAccess({ survey: closed, alreadySubmitted: true, now: NOW })).toEqual({
      ok: false,
      error: 'already_submitted',
      detail: 'Je hebt deze survey al ingevuld. Bedankt voor je antwoorden!',
    });
  });
});

describe('offeredStatusChanges', () => {
  const offered = (from: 'draft' | 'open' | 'closed', responses: number) =>
    offeredStatusChanges(from, responses).map((action) => `${action.to}:${action.label}`);

  it('should offer publishing a draft, never closing it', () => {
    expect(offered('draft', 0)).toEqual(['open:Publiceren']);
  });

  it('should offer closing an open survey, and back to draft only while nobody answered', () => {
    expect(offered('open', 0)).toEqual(['closed:Sluiten', 'draft:Terug naar concept']);
    expect(offered('open', 3)).toEqual(['closed:Sluiten']);
  });

  it('should offer reopening a closed survey, and back to draft only while nobody answered', () => {
    expect(offered('closed', 0)).toEqual(['open:Heropenen', 'draft:Terug naar concept']);
    expect(offered('closed', 1)).toEqual(['open:Heropenen']);
  });

  it('should agree with decideStatusChange for every pair it offers', () => {
    for (const from of ['draft', 'open', 'closed'] as const)
      for (const responses of [0, 1])
        for (const action of offeredStatusChanges(from, responses)) {
          const decided = decideStatusChange({
            from,
            to: action.to,
            closeAt: null,
            questionCount: 1,
            problems: [],
            responseCount: responses,
            now: new Date(),
          });
          expect(decided.ok).toBe(true);
        }
  });
});
