import type {
  InvitationPreview,
  Question,
  Quota,
  RespondentView,
  RespondResult,
  Survey,
  SurveyTemplate,
} from '@loop/core';
import { QUOTA_MESSAGES } from '@loop/core/surveys/logic';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyAnswers } from '../db/schema';
import { LINK_ERRORS } from '../responses/surveyLinkRoutes';
import {
  call,
  createSurvey,
  everyTypeAnswers,
  everyTypeQuestions,
  publicToken,
  respond,
} from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization, surveySnapshot } from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { englishOf } from '../testing/translationTesting';

/**
 * The translation gaps of issue 26: a quota's end screen and a number's unit are texts to translate
 * (R-SURV-25, R-SURV-26), a template carries its languages (R-SURV-27), and the invitation preview
 * comes in each complete language (R-INV-6).
 */
let ctx: TestContext;
let org: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Talen BV');
});

afterAll(async () => {
  await ctx?.close();
});

const KILO: Question = {
  id: 'q-kilo',
  type: 'number',
  title: 'Hoeveel kilo til je per dag?',
  required: false,
  position: 7,
  settings: { min: 0, step: 0.5, unit: 'kg' },
};

const HOME: Quota = {
  id: 'thuis',
  name: 'Thuiswerkers',
  when: {
    match: 'all',
    conditions: [{ source: 'question', question_id: 'q-single', operator: 'equals', value: 'o-thuis' }],
  },
  max: 1,
  end_screen_text: 'Er zijn genoeg thuiswerkers.',
};

const QUOTA_KEY = 'quotas.thuis.end_screen_text';
const UNIT_KEY = 'questions.q-kilo.unit';

const editorBody = (survey: Survey) => ({
  title: survey.title,
  description_html: survey.description_html,
  introduction_html: survey.introduction_html,
  thank_you_text: survey.thank_you_text,
  close_at: survey.close_at,
  questions: survey.questions,
  version: survey.version,
});

let visitors = 0;
const visitorKey = () => `bezoeker-talen-${String(++visitors).padStart(8, '0')}`;

/** A draft with a number question with a unit and a quota, listed in English with every text translated. */
async function englishDraft(): Promise<Survey> {
  const draft = await createSurvey(
    ctx,
    org,
    { questions: [...everyTypeQuestions(), KILO], quotas: [HOME] },
    { open: false },
  );
  const english = englishOf(draft);
  expect(english.texts[QUOTA_KEY]).toBe('EN Er zijn genoeg thuiswerkers.');
  expect(english.texts[UNIT_KEY]).toBe('EN kg');
  const saved = await call(ctx, org, 'PUT', `/surveys/${draft.id}`, {
    ...editorBody(draft),
    languages: ['en'],
    translations: { en: english },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<Survey>();
}

describe('quota end screens and number units as texts to translate (R-SURV-25, R-SURV-26)', () => {
  it('should keep a survey from opening until its quota text and unit are translated', async () => {
    const draft = await englishDraft();
    const { [QUOTA_KEY]: _quota, [UNIT_KEY]: _unit, ...rest } = draft.translations.en?.texts ?? {};
    const partial = await call(ctx, org, 'PUT', `/surveys/${draft.id}`, {
      ...editorBody(draft),
      translations: { en: { texts: rest } },
    });
    expect(partial.statusCode).toBe(200);
    const opening = await call(ctx, org, 'POST', `/surveys/${draft.id}/status`, { status: 'open' });
    expect(opening.statusCode).toBe(409);
    expect(opening.json<{ detail: string }>().detail).toContain(
      "Engels: 2 teksten ontbreken, o.a. Vraag 8 ('Hoeveel kilo til je per dag?'): de eenheid",
    );
  });

  it('should refuse a quota text translation longer than the Dutch field may be, changing nothing', async () => {
    const draft = await englishDraft();
    const before = await surveySnapshot(ctx);
    const tooLong = await call(ctx, org, 'PUT', `/surveys/${draft.id}`, {
      ...editorBody(draft),
      translations: { en: { texts: { ...draft.translations.en?.texts, [QUOTA_KEY]: 'x'.repeat(2001) } } },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ fields: Record<string, string> }>().fields).toEqual({
      [`translations.en.${QUOTA_KEY}`]:
        "Quotum 'Thuiswerkers': de tekst van het eindscherm: de vertaling is te lang (hoogstens 2000 tekens).",
    });
    expect(await surveySnapshot(ctx)).toEqual(before);
  });

  it('should keep the quota translation on a save that leaves the quotas out, and drop it with the quota', async () => {
    const draft = await englishDraft();
    const kept = await call(ctx, org, 'PUT', `/surveys/${draft.id}`, editorBody(draft));
    expect(kept.json<Survey>().translations.en?.texts[QUOTA_KEY]).toBe('EN Er zijn genoeg thuiswerkers.');
    const dropped = await call(ctx, org, 'PUT', `/surveys/${draft.id}`, {
      ...editorBody(kept.json<Survey>()),
      quotas: [],
    });
    expect(dropped.json<Survey>().translations.en?.texts).not.toHaveProperty(QUOTA_KEY);
  });

  it("should show the unit and a full quota's text in the respondent's language, Dutch to a Dutch page", async () => {
    const draft = await englishDraft();
    const opened = await call(ctx, org, 'POST', `/surveys/${draft.id}/status`, { status: 'open' });
    expect(opened.statusCode, opened.body).toBe(200);
    const token = await publicToken(ctx, org, draft.id);
    const page = (await api(ctx.app, 'GET', `/respond/${token}?lang=en`)).json<RespondentView>();
    const kilo = page.survey.questions.find((question) => question.id === 'q-kilo');
    expect(kilo?.type === 'number' && kilo.settings.unit).toBe('EN kg');
    const finish = async (language?: string) => {
      const response = await respond(ctx, token, {
        final: true,
        answers: everyTypeAnswers(),
        respondent_key: visitorKey(),
        ...(language === undefined ? {} : { language }),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RespondResult>();
    };
    expect((await finish('en')).status).toBe('completed');
    expect(await finish('en')).toMatchObject({
      status: 'quota_full',
      end_screen: { text: 'EN Er zijn genoeg thuiswerkers.' },
    });
    expect(await finish()).toMatchObject({
      status: 'quota_full',
      end_screen: { text: 'Er zijn genoeg thuiswerkers.' },
    });
    // A language the survey is not translated into gets the Dutch text.
    expect(await finish('de')).toMatchObject({ end_screen: { text: 'Er zijn genoeg thuiswerkers.' } });
  });

  it('should keep the default sentence for a quota without its own text', async () => {
    const survey = await createSurvey(ctx, org, { quotas: [{ ...HOME, end_screen_text: '' }] });
    const token = await publicToken(ctx, org, survey.id);
    const send = () =>
      respond(ctx, token, { final: true, answers: everyTypeAnswers(), respondent_key: visitorKey() });
    expect((await send()).json<RespondResult>().status).toBe('completed');
    expect((await send()).json<RespondResult>().end_screen?.text).toBe(QUOTA_MESSAGES.quotaFull);
  });
});

describe('templates carry languages (R-SURV-27)', () => {
  it('should save a template with its languages and start a survey from it translated on new ids', async () => {
    const draft = await englishDraft();
    const body = {
      name: 'Peiling in twee talen',
      description: '',
      title: draft.title,
      description_html: draft.description_html,
      introduction_html: draft.introduction_html,
      thank_you_text: draft.thank_you_text,
      questions: draft.questions,
      languages: draft.languages,
      translations: draft.translations,
    };
    const created = await api(ctx.app, 'POST', '/survey-templates', {
      token: org.managerToken,
      headers: org.headers,
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<SurveyTemplate>();
    expect(template.languages).toEqual(['en']);
    // A template has no quotas: their texts are not kept.
    expect(template.translations.en?.texts).not.toHaveProperty(QUOTA_KEY);
    expect(template.translations.en?.texts[UNIT_KEY]).toBe('EN kg');

    const survey = await call(ctx, org, 'POST', '/surveys', { template_id: template.id });
    expect(survey.statusCode, survey.body).toBe(201);
    const made = survey.json<Survey>();
    const kilo = made.questions.find((question) => question.type === 'number');
    expect(kilo?.id).not.toBe('q-kilo');
    expect(made.languages).toEqual(['en']);
    expect(made.translations.en?.texts[`questions.${kilo?.id}.unit`]).toBe('EN kg');
    expect(made.translations.en?.texts.title).toBe(`EN ${draft.title}`);
    const opened = await call(ctx, org, 'POST', `/surveys/${made.id}/status`, { status: 'open' });
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it('should refuse a template translation for an unlisted language, storing nothing', async () => {
    const before = await surveySnapshot(ctx);
    const refused = await api(ctx.app, 'POST', '/survey-templates', {
      token: org.managerToken,
      headers: org.headers,
      payload: {
        name: 'Fout',
        description: '',
        title: 'Peiling',
        description_html: '',
        introduction_html: '',
        thank_you_text: '',
        questions: everyTypeQuestions(),
        languages: ['en'],
        translations: { de: { texts: { title: 'Umfrage' } } },
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ fields: Record<string, string> }>().fields)).toEqual([
      'translations.de',
    ]);
    expect(await surveySnapshot(ctx)).toEqual(before);
  });
});

describe('the invitation preview per language (R-INV-6)', () => {
  it('should show the mail in each complete language and refuse any other', async () => {
    const draft = await englishDraft();
    const preview = async (query = '') =>
      call(ctx, org, 'GET', `/surveys/${draft.id}/invitation-preview${query}`);
    const dutch = (await preview()).json<InvitationPreview>();
    expect(dutch).toMatchObject({ language: 'nl', languages: ['nl', 'en'] });
    expect(dutch.subject).toBe(`Uitnodiging: ${draft.title}`);
    const english = await preview('?lang=en');
    expect(english.statusCode).toBe(200);
    expect(english.json<InvitationPreview>()).toMatchObject({
      language: 'en',
      languages: ['nl', 'en'],
      subject: `Invitation: EN ${draft.title}`,
    });
    for (const query of ['?lang=de', '?lang=xx']) {
      const refused = await preview(query);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ detail: string }>().detail).toBe(LINK_ERRORS.previewLanguage);
    }
  });
});

describe('numbers typed in the page language (R-RESP-14)', () => {
  it("should read typed text in its language with the page's reader, store the number and refuse the ambiguous", async () => {
    const survey = await createSurvey(ctx, org, { questions: [...everyTypeQuestions(), KILO] });
    const token = await publicToken(ctx, org, survey.id);
    const send = (typed: string, language: string) =>
      respond(ctx, token, {
        final: false,
        answers: [{ question_id: 'q-kilo', value: { number: null, typed, language }, seconds_spent: 3 }],
        respondent_key: visitorKey(),
      });
    const ambiguous = await send('1.250', 'nl');
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json<{ detail: string }>().detail).toContain('Dit getal is op twee manieren te lezen.');
    const english = await send('1,250.5', 'en');
    expect(english.statusCode, english.body).toBe(200);
    const dutch = await send('2.000,5', 'nl');
    expect(dutch.statusCode, dutch.body).toBe(200);
    const stored = await ctx.db
      .select({ text: surveyAnswers.textValue })
      .from(surveyAnswers)
      .where(and(eq(surveyAnswers.surveyId, survey.id), eq(surveyAnswers.questionId, 'q-kilo')));
    expect(stored.map((row) => row.text).sort()).toEqual(['1250.5', '2000.5']);
  });
});
