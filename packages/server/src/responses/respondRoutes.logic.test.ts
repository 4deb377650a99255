import type { RespondentView, Survey } from '@loop/core';
import { HIDDEN_FIELD_VALUE_MAX_LENGTH, LOGIC_INPUT_MESSAGES, PATH_MESSAGES } from '@loop/core/surveys/logic';
import { ANSWER_MESSAGES } from '@loop/core/surveys/model';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, surveyAnswers, surveyInvitations, surveyResponses } from '../db/schema';
import { everyTypeLogic, onPathAnswers } from '../testing/logicTesting';
import {
  call,
  createSurvey,
  everyTypeAnswers,
  personalLinks,
  publicToken,
  respond,
  responseSnapshot,
  view,
} from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization } from '../testing/surveyTesting';
import { createTestContext, type TestContext } from '../testing/testApp';
import { hashToken } from './responseTokens';

/** The answering routes of a survey with logic (issue 26, R-RESP-5, R-RESP-6). */
let ctx: TestContext;
let org: SurveyOrganization;
let survey: Survey;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Pad BV');
  survey = await createSurvey(ctx, org, { logic: everyTypeLogic() });
  token = await publicToken(ctx, org, survey.id);
});

afterAll(async () => {
  await ctx?.close();
});

let visitors = 0;
/** A new public-link visitor's key. */
const visitorKey = () => `bezoeker-logica-${String(++visitors).padStart(8, '0')}`;

const answer = (questionId: string) => {
  const found = everyTypeAnswers().find((item) => item.question_id === questionId);
  if (found === undefined) throw new Error(questionId);
  return found;
};

/** The stored response of a visitor (or of a personal token) with its answered question ids. */
async function stored(responseToken: string) {
  const [row] = await ctx.db
    .select()
    .from(surveyResponses)
    .where(eq(surveyResponses.tokenHash, hashToken(responseToken)));
  if (row === undefined) return null;
  const items = await ctx.db
    .select({ questionId: surveyAnswers.questionId })
    .from(surveyAnswers)
    .where(eq(surveyAnswers.responseId, row.id));
  return { row, questions: [...new Set(items.map((item) => item.questionId))].sort() };
}

const submitPublic = (payload: Record<string, unknown>) =>
  respond(ctx, token, { final: true, respondent_key: visitorKey(), ...payload });

/** A personal link whose invitation names a contact with these attributes and language. */
async function invitedLink(
  target: Survey,
  contact: { attributes: Record<string, string>; language: 'nl' | 'en' },
) {
  const [link] = await personalLinks(ctx, org, target.id, 1);
  const [response] = await ctx.db
    .select({ id: surveyResponses.id })
    .from(surveyResponses)
    .where(eq(surveyResponses.tokenHash, hashToken(link as string)));
  const email = `contact-${response?.id}@example.nl`;
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
      ...contact,
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

describe('GET /respond/:token of a survey with logic', () => {
  it('should give the logic, and on the public link no hidden values and no language', async () => {
    const response = await view(ctx, token);
    expect(response.statusCode).toBe(200);
    expect(response.json<RespondentView>().survey).toMatchObject({
      logic: everyTypeLogic(),
      hidden_values: {},
      language: null,
    });
  });

  it("should give a personal link its contact's declared attributes and language", async () => {
    const link = await invitedLink(survey, {
      attributes: { afdeling: 'ict', salaris: 'geheim' },
      language: 'en',
    });
    const page = (await view(ctx, link)).json<RespondentView>();
    expect(page.survey.hidden_values).toEqual({ afdeling: 'ict' });
    expect(page.survey.language).toBe('en');

    // The contact's values win over what the page sends, and stay after the first write.
    const saved = await respond(ctx, link, {
      final: false,
      answers: [answer('q-likert')],
      hidden_fields: { afdeling: 'verkoop', bron: 'mail' },
      language: 'nl',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = (await stored(link))?.row;
    expect(row?.hiddenFields).toEqual({ afdeling: 'ict', bron: 'mail' });
    expect(row?.language).toBe('en');
    const again = await respond(ctx, link, { final: false, answers: [], hidden_fields: { bron: 'qr' } });
    expect(again.statusCode).toBe(200);
    expect((await stored(link))?.row.hiddenFields).toEqual({ afdeling: 'ict', bron: 'mail' });
    const resumed = (await view(ctx, link)).json<RespondentView>();
    expect(resumed.survey).toMatchObject({
      hidden_values: { afdeling: 'ict', bron: 'mail' },
      language: 'en',
    });

    // Afdeling 'ict' hides q-rating: a submission that answers it is refused.
    const forged = await respond(ctx, link, { final: true, answers: onPathAnswers() });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().fields).toEqual({ 'answers.q-rating': PATH_MESSAGES.notShown });
  });

  it('should give a personal link of an anonymous survey nothing of its contact', async () => {
    const created = await createSurvey(ctx, org, { logic: everyTypeLogic() }, { open: false });
    const anonymous = await call(ctx, org, 'PUT', `/surveys/${created.id}/anonymity`, { anonymous: true });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    await call(ctx, org, 'POST', `/surveys/${created.id}/status`, { status: 'open' });
    const link = await invitedLink(created, { attributes: { afdeling: 'ict' }, language: 'en' });
    const page = (await view(ctx, link)).json<RespondentView>();
    expect(page.survey).toMatchObject({ hidden_values: {}, language: null });
    const submitted = await respond(ctx, link, { final: true, answers: onPathAnswers() });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await stored(link))?.row).toMatchObject({ hiddenFields: {}, language: null });
  });
});

describe('POST /respond/:token of a survey with logic', () => {
  it('should store only the answers on the path, with the questions it did not show', async () => {
    const key = visitorKey();
    const result = await respond(ctx, token, {
      final: true,
      respondent_key: key,
      answers: onPathAnswers(),
      hidden_fields: { bron: 'mail', onbekend: 'x'.repeat(10_000) },
      language: 'nl',
    });
    expect(result.statusCode, result.body).toBe(200);
    const saved = await stored(result.json().response_token);
    expect(saved?.questions).toEqual(['q-likert', 'q-long', 'q-multi', 'q-rating', 'q-single']);
    expect(saved?.row).toMatchObject({
      status: 'completed',
      hiddenFields: { bron: 'mail' },
      language: 'nl',
      unseenQuestionIds: ['q-short', 'q-nps'],
      endScreenId: null,
    });
  });

  it('should ask for a required question only where it is shown', async () => {
    const atOffice = onPathAnswers().map((item) =>
      item.question_id === 'q-single' ? { ...item, value: { option_id: 'o-kantoor' } } : item,
    );
    const refused = await submitPublic({ answers: atOffice });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: ANSWER_MESSAGES.required,
      fields: { 'answers.q-nps': ANSWER_MESSAGES.required },
    });
    const complete = await submitPublic({ answers: [...atOffice, answer('q-nps')] });
    expect(complete.statusCode, complete.body).toBe(200);
  });

  it('should refuse a forged submission that answers a question it was not shown, and store nothing', async () => {
    const before = await responseSnapshot(ctx);
    const forged = await submitPublic({ answers: [...onPathAnswers(), answer('q-short')] });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      detail: PATH_MESSAGES.notShown,
      fields: { 'answers.q-short': PATH_MESSAGES.notShown },
    });
    expect(await responseSnapshot(ctx)).toEqual(before);
  });

  it('should refuse answers past the end screen and store an ended response with its end screen', async () => {
    const tablet = onPathAnswers().map((item) =>
      item.question_id === 'q-multi' ? { ...item, value: { option_ids: ['o-tablet'] } } : item,
    );
    const pastEnd = await submitPublic({ answers: tablet });
    expect(pastEnd.statusCode).toBe(400);
    expect(pastEnd.json().fields).toEqual({
      'answers.q-long': PATH_MESSAGES.pastEnd,
      'answers.q-rating': PATH_MESSAGES.pastEnd,
    });
    const ended = tablet.filter((item) => ['q-likert', 'q-single', 'q-multi'].includes(item.question_id));
    const result = await submitPublic({ answers: ended });
    expect(result.statusCode, result.body).toBe(200);
    const saved = await stored(result.json().response_token);
    expect(saved?.questions).toEqual(['q-likert', 'q-multi', 'q-single']);
    expect(saved?.row).toMatchObject({
      endScreenId: 'e-klaar',
      unseenQuestionIds: ['q-short', 'q-long', 'q-nps', 'q-rating'],
    });
  });

  it('should drop answers off the path from a save, and delete saved ones the submission leaves off it', async () => {
    const [link] = await personalLinks(ctx, org, survey.id, 1);
    const office = { question_id: 'q-single', value: { option_id: 'o-kantoor' } };
    const first = await respond(ctx, link as string, { final: false, answers: [office, answer('q-short')] });
    expect(first.statusCode).toBe(200);
    expect((await stored(link as string))?.questions).toEqual(['q-short', 'q-single']);

    // At home q-short is off the path: a save drops it silently, the stored one stays for now.
    const home = await respond(ctx, link as string, {
      final: false,
      answers: [answer('q-single'), { question_id: 'q-short', value: { text: 'Thuis' } }],
    });
    expect(home.statusCode, home.body).toBe(200);
    const [kept] = await ctx.db
      .select({ text: surveyAnswers.textValue })
      .from(surveyAnswers)
      .innerJoin(surveyResponses, eq(surveyResponses.id, surveyAnswers.responseId))
      .where(
        and(
          eq(surveyAnswers.questionId, 'q-short'),
          eq(surveyResponses.tokenHash, hashToken(link as string)),
        ),
      );
    expect(kept?.text).toBe('Financiën');

    // The submission sends the rest; q-single is saved as 'thuis', so q-short goes and q-nps is not asked.
    const rest = onPathAnswers().filter((item) => item.question_id !== 'q-single');
    const submitted = await respond(ctx, link as string, { final: true, answers: rest });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const saved = await stored(link as string);
    expect(saved?.questions).toEqual(['q-likert', 'q-long', 'q-multi', 'q-rating', 'q-single']);
    expect(saved?.row.unseenQuestionIds).toEqual(['q-short', 'q-nps']);
  });

  it('should refuse a hidden field value over the limit and an unknown language, storing nothing', async () => {
    const before = await responseSnapshot(ctx);
    const long = await submitPublic({
      answers: onPathAnswers(),
      hidden_fields: { afdeling: 'x'.repeat(10_240) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      detail: LOGIC_INPUT_MESSAGES.hiddenValueTooLong,
      fields: { 'hidden_fields.afdeling': LOGIC_INPUT_MESSAGES.hiddenValueTooLong },
    });
    expect(HIDDEN_FIELD_VALUE_MAX_LENGTH).toBeLessThan(10_240);
    const notText = await submitPublic({ answers: onPathAnswers(), hidden_fields: { bron: 5 } });
    expect(notText.json().fields).toEqual({ 'hidden_fields.bron': LOGIC_INPUT_MESSAGES.hiddenValueInvalid });
    const language = await submitPublic({ answers: onPathAnswers(), language: 'xx' });
    expect(language.statusCode).toBe(400);
    expect(language.json()).toEqual({
      detail: LOGIC_INPUT_MESSAGES.languageUnknown,
      fields: { language: LOGIC_INPUT_MESSAGES.languageUnknown },
    });
    expect(await responseSnapshot(ctx)).toEqual(before);
  });

  it('should follow hidden fields and the language sent on the public link', async () => {
    const withRating = await submitPublic({ answers: onPathAnswers(), hidden_fields: { afdeling: 'ict' } });
    expect(withRating.statusCode).toBe(400);
    expect(withRating.json().fields).toEqual({ 'answers.q-rating': PATH_MESSAGES.notShown });
    const english = onPathAnswers().filter((item) => item.question_id !== 'q-rating');
    const result = await submitPublic({ answers: english, language: 'en' });
    expect(result.statusCode, result.body).toBe(200);
    expect((await stored(result.json().response_token))?.row).toMatchObject({
      language: 'en',
      unseenQuestionIds: ['q-short', 'q-nps', 'q-rating'],
    });
  });
});
