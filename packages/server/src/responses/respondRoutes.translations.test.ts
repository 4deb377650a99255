import type { QuestionResult, RespondentView, Survey, SurveyResults } from '@loop/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, surveyInvitations, surveyResponses } from '../db/schema';
import { everyTypeLogic, onPathAnswers } from '../testing/logicTesting';
import { call, createSurvey, personalLinks, publicToken, respond } from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization } from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { englishOf } from '../testing/translationTesting';
import { hashToken } from './responseTokens';

/** The answering page in the survey's other languages (issue 26, R-RESP-12). */
let ctx: TestContext;
let org: SurveyOrganization;
let survey: Survey;
let token: string;

/** The editor's save of `survey` as it is. */
const editorBody = (survey: Survey) => ({
  title: survey.title,
  description_html: survey.description_html,
  introduction_html: survey.introduction_html,
  thank_you_text: survey.thank_you_text,
  close_at: survey.close_at,
  questions: survey.questions,
  version: survey.version,
});

/** An open survey with logic, complete in English and with German listed but untranslated. */
async function translatedSurvey(): Promise<Survey> {
  const draft = await createSurvey(ctx, org, { logic: everyTypeLogic() }, { open: false });
  const english = englishOf(draft);
  const saved = await call(ctx, org, 'PUT', `/surveys/${draft.id}`, {
    ...editorBody(draft),
    languages: ['en', 'de'],
    translations: {
      en: {
        texts: { ...english.texts, introduction_html: '<p>Welcome<img src=x onerror="alert(1)"></p>' },
      },
      de: { texts: { title: 'Mitarbeiterbefragung' } },
    },
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  // German is incomplete: off the list, so the survey can open.
  const withoutGerman = await call(ctx, org, 'PUT', `/surveys/${draft.id}`, {
    ...editorBody(saved.json<Survey>()),
    languages: ['en'],
  });
  const opened = await call(ctx, org, 'POST', `/surveys/${draft.id}/status`, { status: 'open' });
  if (opened.statusCode !== 200 || withoutGerman.statusCode !== 200) throw new Error(opened.body);
  return opened.json<Survey>();
}

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Vertaal BV');
  survey = await translatedSurvey();
  token = await publicToken(ctx, org, survey.id);
});

afterAll(async () => {
  await ctx?.close();
});

/** The on-path answers of an English respondent: the logic hides q-rating from them. */
const englishAnswers = () => onPathAnswers().filter((answer) => answer.question_id !== 'q-rating');

const viewIn = async (link: string, lang?: string): Promise<RespondentView> => {
  const response = await api(ctx.app, 'GET', `/respond/${link}${lang === undefined ? '' : `?lang=${lang}`}`);
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<RespondentView>();
};

/** A personal link whose invitation names a contact with this language. */
async function invitedLink(target: Survey, language: 'nl' | 'en' | 'de'): Promise<string> {
  const [link] = await personalLinks(ctx, org, target.id, 1);
  const [response] = await ctx.db
    .select({ id: surveyResponses.id })
    .from(surveyResponses)
    .where(eq(surveyResponses.tokenHash, hashToken(link as string)));
  const email = `vertaal-${response?.id}@example.nl`;
  const [made] = await ctx.db
    .insert(contacts)
    .values({
      organizationId: org.organization.id,
      name: 'Ida Jansen',
      email,
      searchText: email,
      nameKey: 'ida jansen',
      emailKey: email,
      companyKey: '',
      cityKey: '',
      attributes: {},
      language,
    })
    .returning({ id: contacts.id });
  await ctx.db.insert(surveyInvitations).values({
    organizationId: org.organization.id,
    surveyId: target.id,
    contactId: made?.id ?? null,
    responseId: response?.id ?? null,
    plannedAt: ctx.clock.now(),
  });
  return link as string;
}

describe('GET /respond/:token in other languages', () => {
  it('should give the English texts for ?lang=en with the same ids and logic, sanitised, and list the languages', async () => {
    const dutch = await viewIn(token);
    expect(dutch.survey).toMatchObject({
      title: 'Medewerkerspeiling',
      language: null,
      languages: ['nl', 'en'],
    });
    const english = await viewIn(token, 'en');
    expect(english.survey).toMatchObject({
      title: 'EN Medewerkerspeiling',
      description_html: '<p>EN</p><p>Jaarlijkse peiling</p>',
      introduction_html: '<p>Welcome</p>',
      thank_you_text: 'EN Dank je wel!',
      language: 'en',
      languages: ['nl', 'en'],
    });
    expect(english.survey.questions.map((question) => question.id)).toEqual(
      dutch.survey.questions.map((question) => question.id),
    );
    const single = english.survey.questions.find((question) => question.id === 'q-single');
    expect(single?.title).toBe('EN Waar werk je meestal?');
    expect(single?.type === 'single_choice' && single.settings.options[1]).toEqual({
      id: 'o-thuis',
      label: 'EN Thuis',
    });
    expect(english.survey.logic.rules).toEqual(dutch.survey.logic.rules);
    expect(english.survey.logic.end_screens.map((screen) => screen.text)).toEqual(
      dutch.survey.logic.end_screens.map((screen) => `EN ${screen.text}`),
    );
    // Asked again: the same view (cached per version and language).
    expect(await viewIn(token, 'en')).toEqual(english);
    expect((await viewIn(token, 'nl')).survey).toMatchObject({ title: 'Medewerkerspeiling', language: 'nl' });
  });

  it("should take the browser's language on a public link when nothing else chose one, and the contact's over it", async () => {
    const inBrowser = async (link: string, accept: string) => {
      const response = await api(ctx.app, 'GET', `/respond/${link}`, {
        headers: { 'accept-language': accept },
      });
      return response.json<RespondentView>().survey;
    };
    expect(await inBrowser(token, 'en-GB,en;q=0.9,nl;q=0.5')).toMatchObject({
      title: 'EN Medewerkerspeiling',
      language: 'en',
    });
    // German is not complete (not offered): the next language the browser takes.
    expect(await inBrowser(token, 'de-DE,nl;q=0.8,en;q=0.7')).toMatchObject({
      title: 'Medewerkerspeiling',
      language: 'nl',
    });
    expect(await inBrowser(token, 'fr')).toMatchObject({ title: 'Medewerkerspeiling', language: null });
    // A Dutch contact's personal link stays Dutch in an English browser.
    expect(await inBrowser(await invitedLink(survey, 'nl'), 'en')).toMatchObject({
      title: 'Medewerkerspeiling',
      language: 'nl',
    });
  });

  it('should never serve or list an incomplete or unknown language', async () => {
    const listed = await call(ctx, org, 'PUT', `/surveys/${survey.id}`, {
      ...editorBody(survey),
      languages: ['en', 'de'],
    });
    // An open survey takes German untranslated; it is neither served nor listed until complete.
    expect(listed.statusCode, listed.body).toBe(200);
    for (const lang of ['de', 'xx', 'EN%20']) {
      const view = await viewIn(token, lang);
      expect(view.survey.title).toBe(lang === 'EN%20' ? 'EN Medewerkerspeiling' : 'Medewerkerspeiling');
      expect(view.survey.languages).toEqual(['nl', 'en']);
    }
    const plain = await createSurvey(ctx, org);
    const plainView = await viewIn(await publicToken(ctx, org, plain.id), 'en');
    expect(plainView.survey).toMatchObject({ title: 'Medewerkerspeiling', language: null });
    expect(plainView.survey).not.toHaveProperty('languages');
  });

  it("should pick the contact's language when complete, else Dutch, and let ?lang go first", async () => {
    const englishContact = await invitedLink(survey, 'en');
    expect((await viewIn(englishContact)).survey).toMatchObject({
      title: 'EN Medewerkerspeiling',
      language: 'en',
    });
    expect((await viewIn(englishContact, 'nl')).survey).toMatchObject({
      title: 'Medewerkerspeiling',
      language: 'nl',
    });
    const germanContact = await invitedLink(survey, 'de');
    expect((await viewIn(germanContact)).survey).toMatchObject({
      title: 'Medewerkerspeiling',
      language: 'de',
    });

    // A saved response keeps its language; a submitted one gets its thank-you in it.
    const saved = await respond(ctx, englishContact, { final: false, answers: [] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await viewIn(englishContact)).survey.title).toBe('EN Medewerkerspeiling');
    const done = await respond(ctx, englishContact, { final: true, answers: englishAnswers() });
    expect(done.statusCode, done.body).toBe(200);
    const thanks = await viewIn(englishContact);
    expect(thanks).toMatchObject({ status: 'completed', survey: { thank_you_text: 'EN Dank je wel!' } });
  });

  it('should merge the answers of every language per question in the results', async () => {
    const fresh = await translatedSurvey();
    const link = await publicToken(ctx, org, fresh.id);
    for (const [index, language] of ['nl', 'en', 'en'].entries()) {
      const sent = await respond(ctx, link, {
        final: true,
        respondent_key: `vertaal-bezoeker-${String(index).padStart(8, '0')}`,
        answers: language === 'en' ? englishAnswers() : onPathAnswers(),
        language,
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const results = await call(ctx, org, 'GET', `/surveys/${fresh.id}/results`);
    expect(results.statusCode, results.body).toBe(200);
    const body = results.json<SurveyResults>();
    const single = body.questions.find((question: QuestionResult) => question.question_id === 'q-single');
    expect(single).toMatchObject({ answered: 3, by_option: { 'o-thuis': 3 } });
  });
});
