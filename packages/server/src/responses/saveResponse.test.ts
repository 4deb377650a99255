import { NO_LOGIC, type SurveyLogic } from '@loop/core';
import type { AnswerItem } from '@loop/core/surveys/model';
import { describe, expect, it } from 'vitest';
import { everyTypeAnswers, everyTypeQuestions } from '../testing/everyTypeQuestions';
import type { ContactContext } from './respondentContext';
import type { PublicVisitor, RespondTarget, ResponseState, ResponseWrite, StoredContext } from './responses';
import { RESPOND_ERRORS, type SaveResponseDeps, saveResponse, WRITE_ATTEMPTS } from './saveResponse';
import { surveyContent } from './surveyQuestionsCache';

// The answering use-case on its own: no HTTP, no database, every dependency an in-memory fake.

const NOW = new Date('2026-11-24T10:00:00Z');
const KEY = 'bezoeker-1234567890abcdef';

const survey = (overrides: Partial<RespondTarget> = {}): RespondTarget => ({
  surveyId: 7,
  organizationId: 3,
  status: 'open',
  closeAt: null,
  version: 1,
  response: null,
  ...overrides,
});

const inProgress = (id = 11, xmin = '1'): ResponseState => ({ id, status: 'in_progress', xmin });

/** A fake world: tokens to targets, visitors' responses, saved answers, and writes that may lose races. */
function world(
  targets: Record<string, RespondTarget>,
  options: { losses?: number; logic?: SurveyLogic; contact?: ContactContext } = {},
) {
  const writes: ResponseWrite[] = [];
  const visitors: PublicVisitor[] = [];
  const saved = new Map<number, Map<string, AnswerItem[]>>();
  const stored = new Map<number, StoredContext>();
  /** The reads a request made beyond its token, its survey and its write. */
  const reads: string[] = [];
  let losses = options.losses ?? 0;
  const deps: SaveResponseDeps = {
    now: () => NOW,
    target: async (token) => targets[token] ?? null,
    content: async () => surveyContent(everyTypeQuestions(), options.logic ?? NO_LOGIC),
    contact: async () => {
      reads.push('contact');
      return options.contact ?? null;
    },
    storedContext: async (id) => {
      reads.push('storedContext');
      return stored.get(id) ?? { hidden_fields: {}, language: null };
    },
    publicToken: (surveyId, key) => `publiek-${surveyId}-${key}`,
    visitorResponse: async (visitor) => {
      visitors.push(visitor);
      const response = inProgress(99);
      targets[visitor.token] = survey({ response });
      return response;
    },
    savedItems: async (id) => {
      reads.push('savedItems');
      return saved.get(id) ?? new Map();
    },
    write: async (write) => {
      if (losses > 0) {
        losses--;
        return false;
      }
      writes.push(write);
      return true;
    },
    submitCapped: async () => {
      throw new Error('A survey without a cap never submits under the lock');
    },
    fullAtSave: async () => {
      throw new Error('A survey without a cap never checks at a save');
    },
    quotaText: async () => {
      throw new Error('A survey without quotas has no quota text');
    },
  };
  return { deps, writes, visitors, saved, stored, reads };
}

describe('saveResponse', () => {
  it('should submit a complete personal response in one write', async () => {
    const { deps, writes } = world({ persoonlijk: survey({ response: inProgress() }) });
    const result = await saveResponse(deps, {
      token: 'persoonlijk',
      final: true,
      answers: everyTypeAnswers(),
    });
    expect(result).toEqual({ ok: true, value: { status: 'completed', response_token: 'persoonlijk' } });
    expect(writes).toHaveLength(1);
    expect(writes[0]?.final).toBe(true);
    expect(writes[0]?.questionIds).toHaveLength(everyTypeQuestions().length);
  });

  it('should refuse invalid answers with their fields and write nothing', async () => {
    const { deps, writes } = world({ persoonlijk: survey({ response: inProgress() }) });
    const result = await saveResponse(deps, {
      token: 'persoonlijk',
      final: false,
      answers: [{ question_id: 'q-nps', value: { score: 11 } }],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe('invalid');
    expect(Object.keys(result.fields ?? {})).toEqual(['answers.q-nps']);
    expect(writes).toEqual([]);
  });

  it('should say why a link cannot be answered: unknown, not open yet, closed', async () => {
    const { deps } = world({
      concept: survey({ status: 'draft' }),
      gesloten: survey({ status: 'closed' }),
      verlopen: survey({ closeAt: new Date('2026-11-01T00:00:00Z') }),
    });
    const code = async (token: string) => {
      const result = await saveResponse(deps, { token, final: false, answers: [] });
      return result.ok ? 'ok' : result.code;
    };
    expect(await code('onbekend')).toBe('unknown');
    expect(await code('concept')).toBe('unknown');
    expect(await code('gesloten')).toBe('closed');
    expect(await code('verlopen')).toBe('closed');
  });

  it('should answer a repeated submission as completed and refuse a save after it', async () => {
    const done = survey({ response: { id: 11, status: 'completed', xmin: '5' } });
    const { deps, writes } = world({ klaar: done });
    expect(await saveResponse(deps, { token: 'klaar', final: true, answers: everyTypeAnswers() })).toEqual({
      ok: true,
      value: { status: 'completed', response_token: 'klaar' },
    });
    const save = await saveResponse(deps, { token: 'klaar', final: false, answers: [] });
    expect(save.ok ? 'ok' : save.code).toBe('already_submitted');
    expect(writes).toEqual([]);
  });

  it("should start a public-link visitor's own response with the first save, under their own token", async () => {
    const { deps, visitors, writes } = world({ publiek: survey() });
    const result = await saveResponse(deps, {
      token: 'publiek',
      final: false,
      answers: [{ question_id: 'q-nps', value: { score: 8 } }],
      respondentKey: KEY,
    });
    expect(result).toEqual({
      ok: true,
      value: { status: 'in_progress', response_token: `publiek-7-${KEY}` },
    });
    expect(visitors.map((visitor) => visitor.respondentKey)).toEqual([KEY]);
    expect(writes).toHaveLength(1);
  });

  it('should make nothing for a public-link visitor whose request is refused', async () => {
    const { deps, visitors, writes } = world({ publiek: survey() });
    const missingKey = await saveResponse(deps, { token: 'publiek', final: false, answers: [] });
    expect(missingKey).toMatchObject({
      ok: false,
      code: 'invalid',
      fields: { respondent_key: RESPOND_ERRORS.respondentKeyMissing },
    });
    const incomplete = await saveResponse(deps, {
      token: 'publiek',
      final: true,
      answers: [{ question_id: 'q-nps', value: { score: 8 } }],
      respondentKey: KEY,
    });
    expect(incomplete.ok ? 'ok' : incomplete.code).toBe('invalid');
    expect(visitors).toEqual([]);
    expect(writes).toEqual([]);
  });

  it('should check a submission against answers saved earlier', async () => {
    const { deps, writes, saved } = world({ persoonlijk: survey({ response: inProgress() }) });
    const withoutLikert = everyTypeAnswers().filter((answer) => answer.question_id !== 'q-likert');
    const refused = await saveResponse(deps, { token: 'persoonlijk', final: true, answers: withoutLikert });
    expect(refused.ok ? 'ok' : refused.code).toBe('invalid');
    saved.set(
      11,
      new Map([
        [
          'q-likert',
          [
            { item_id: 's-plezier', num_value: 4, text_value: null },
            { item_id: 's-team', num_value: 5, text_value: null },
          ],
        ],
      ]),
    );
    const accepted = await saveResponse(deps, { token: 'persoonlijk', final: true, answers: withoutLikert });
    expect(accepted.ok).toBe(true);
    expect(writes).toHaveLength(1);
  });

  it('should read the response again after losing a race, and give up busy after the last attempt', async () => {
    const racing = world({ persoonlijk: survey({ response: inProgress() }) }, { losses: WRITE_ATTEMPTS - 1 });
    const won = await saveResponse(racing.deps, { token: 'persoonlijk', final: false, answers: [] });
    expect(won).toEqual({ ok: true, value: { status: 'in_progress', response_token: 'persoonlijk' } });
    expect(racing.writes).toHaveLength(1);

    const hopeless = world({ persoonlijk: survey({ response: inProgress() }) }, { losses: WRITE_ATTEMPTS });
    const lost = await saveResponse(hopeless.deps, { token: 'persoonlijk', final: false, answers: [] });
    expect(lost).toMatchObject({ ok: false, code: 'busy', detail: RESPOND_ERRORS.busy });
    expect(hopeless.writes).toEqual([]);
  });
});

/** Rules on questions only, as the answering benchmark's survey has them. */
const QUESTION_RULES: SurveyLogic = {
  rules: [
    {
      id: 'r-1',
      action: 'hide',
      question_id: 'q-rating',
      when: {
        match: 'all',
        conditions: [{ source: 'question', question_id: 'q-nps', operator: 'less', value: 3 }],
      },
    },
  ],
  end_screens: [],
  hidden_fields: [],
};

describe('saveResponse of a survey with logic', () => {
  const pending = (): ResponseState => ({ id: 12, status: 'pending', xmin: '1' });

  it('should read nothing more for a survey without rules', async () => {
    const { deps, writes, reads } = world({ persoonlijk: survey({ response: inProgress() }) });
    const result = await saveResponse(deps, {
      token: 'persoonlijk',
      final: true,
      answers: everyTypeAnswers(),
    });
    expect(result.ok).toBe(true);
    expect(reads).toEqual([]);
    expect(writes[0]).not.toHaveProperty('unseenQuestionIds');
  });

  it('should read nothing saved when a first write sends every answer its conditions read', async () => {
    const { deps, writes, reads } = world(
      { persoonlijk: survey({ response: pending() }) },
      { logic: QUESTION_RULES },
    );
    const result = await saveResponse(deps, {
      token: 'persoonlijk',
      final: true,
      answers: everyTypeAnswers(),
    });
    expect(result.ok).toBe(true);
    expect(reads).toEqual([]);
    expect(writes[0]).toMatchObject({ unseenQuestionIds: [], endScreenId: null });
  });

  it('should read the saved answers of a response written before only when a condition needs one', async () => {
    const complete = world({ persoonlijk: survey({ response: inProgress() }) }, { logic: QUESTION_RULES });
    await saveResponse(complete.deps, { token: 'persoonlijk', final: true, answers: everyTypeAnswers() });
    expect(complete.reads).toEqual(['storedContext']);

    const partial = world({ persoonlijk: survey({ response: inProgress() }) }, { logic: QUESTION_RULES });
    partial.saved.set(11, new Map([['q-nps', [{ item_id: '', num_value: 1, text_value: null }]]]));
    const withoutNps = everyTypeAnswers().filter((answer) => answer.question_id !== 'q-nps');
    const refused = await saveResponse(partial.deps, {
      token: 'persoonlijk',
      final: true,
      answers: withoutNps,
    });
    expect(partial.reads).toEqual(['storedContext', 'savedItems']);
    // The saved score of 1 hides q-rating, which this request answers.
    expect(refused).toMatchObject({
      ok: false,
      code: 'invalid',
      fields: { 'answers.q-rating': expect.any(String) },
    });
    expect(partial.writes).toEqual([]);
  });

  it("should take a personal link's contact only at its first write and only when the logic uses it", async () => {
    const logic = { ...QUESTION_RULES, hidden_fields: ['afdeling'] };
    const contact = { language: 'en', attributes: { afdeling: 'ict', andere: 'x' } };
    const first = world({ persoonlijk: survey({ response: pending() }) }, { logic, contact });
    await saveResponse(first.deps, {
      token: 'persoonlijk',
      final: false,
      answers: [],
      hiddenFields: { afdeling: 'verkoop' },
      language: 'nl',
    });
    expect(first.reads).toEqual(['contact']);
    expect(first.writes[0]).toMatchObject({ hiddenFields: { afdeling: 'ict' }, language: 'en' });

    const plain = world({ persoonlijk: survey({ response: pending() }) }, { logic: QUESTION_RULES, contact });
    await saveResponse(plain.deps, { token: 'persoonlijk', final: false, answers: [], language: 'nl' });
    expect(plain.reads).toEqual([]);
    expect(plain.writes[0]).toMatchObject({ hiddenFields: {}, language: 'nl' });
  });
});
