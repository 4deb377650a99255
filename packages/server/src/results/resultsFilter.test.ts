import type { Crosstab, ErrorBody, QuestionDetail, QuestionResult, Survey, SurveyResults } from '@loop/core';
import { serialiseResultsFilter } from '@loop/core/surveys/results';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAnswerTexts } from '../analysis/openAnswerSummary';
import { contactSegments, contacts, surveyInvitations, surveys } from '../db/schema';
import { putOnPlan } from '../testing/billing';
import { resultQuestions, storeLogic, storeResponse } from '../testing/resultsTesting';
import { type SurveyOrganization, sampleInput, surveyOrganization } from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { matching, parseResultsQuery } from './resultsFilterSql';

let ctx: TestContext;
let org: SurveyOrganization;
let other: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Filter BV');
  other = await surveyOrganization(ctx, 'Ander Filter BV');
  await putOnPlan(ctx, org.organization.id, 'proloop');
});

afterAll(async () => {
  await ctx?.close();
});

const get = (who: SurveyOrganization, path: string) =>
  api(ctx.app, 'GET', path, { token: who.managerToken, headers: who.headers });

async function newSurvey(who: SurveyOrganization = org): Promise<Survey> {
  const created = await api(ctx.app, 'POST', '/surveys', {
    token: who.managerToken,
    headers: who.headers,
    payload: sampleInput({ title: 'Gesneden resultaten', questions: resultQuestions() }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const survey = created.json<Survey>();
  await storeLogic(ctx.db, survey, { rules: [], end_screens: [], hidden_fields: ['bron'] });
  return survey;
}

let contactCount = 0;
async function contactWith(organizationId: number, attributes: Record<string, string>): Promise<number> {
  contactCount += 1;
  const [row] = await ctx.db
    .insert(contacts)
    .values({
      organizationId,
      name: `Contact ${contactCount}`,
      email: `contact${contactCount}@example.nl`,
      attributes,
      searchText: `contact ${contactCount}`,
      nameKey: `contact ${contactCount}`,
      emailKey: `contact${contactCount}@example.nl`,
      companyKey: '',
      cityKey: '',
    })
    .returning({ id: contacts.id });
  return row?.id ?? 0;
}

async function invite(survey: Survey, contactId: number, responseId: number): Promise<void> {
  await ctx.db.insert(surveyInvitations).values({
    organizationId: survey.organization_id,
    surveyId: survey.id,
    contactId,
    responseId,
    plannedAt: new Date('2026-02-01T09:00:00Z'),
  });
}

async function segment(
  organizationId: number,
  name: string,
  attributes: Record<string, string>,
): Promise<number> {
  const [row] = await ctx.db
    .insert(contactSegments)
    .values({ organizationId, name, filter: { attributes } })
    .returning({ id: contactSegments.id });
  return row?.id ?? 0;
}

const filterParam = (filter: Parameters<typeof serialiseResultsFilter>[0]) =>
  `filter=${encodeURIComponent(serialiseResultsFilter(filter))}`;

const completed = (results: SurveyResults) => results.responses.completed;
const npsOf = (results: SurveyResults) =>
  results.questions.find((question) => question.question_id === 'nps') as QuestionResult & { type: 'nps' };

describe('result routes with a filter', () => {
  let survey: Survey;
  let sales: number;

  beforeAll(async () => {
    survey = await newSurvey();
    const day = (d: number) => new Date(`2026-03-${String(d).padStart(2, '0')}T10:00:00Z`);
    const verkoop = await contactWith(org.organization.id, { Afdeling: 'Verkoop' });
    const service = await contactWith(org.organization.id, { Afdeling: 'Service' });
    const a = await storeResponse(ctx.db, survey, {
      submittedAt: day(2),
      kind: 'personal',
      hiddenFields: { bron: 'mail' },
      language: 'nl',
      answers: {
        nps: { score: 10 },
        one: { option_id: 'fiets' },
        many: { option_ids: ['lunch', 'thuis'] },
        lik: { 'st-a': 5 },
      },
    });
    await invite(survey, verkoop, a);
    const b = await storeResponse(ctx.db, survey, {
      submittedAt: day(3),
      kind: 'personal',
      hiddenFields: { bron: 'qr' },
      language: 'en',
      answers: {
        nps: { score: 6 },
        one: { option_id: 'auto' },
        many: { option_ids: ['lunch'] },
        lik: { 'st-a': 2 },
      },
    });
    await invite(survey, service, b);
    await storeResponse(ctx.db, survey, {
      submittedAt: day(4),
      hiddenFields: { bron: 'mail' },
      language: 'nl',
      answers: { nps: { score: 8 }, one: { option_id: 'fiets' }, lang: { text: 'Prima' } },
    });
    sales = await segment(org.organization.id, 'Verkopers', { Afdeling: 'verkoop' });
  });

  const results = async (query: string) => {
    const response = await get(org, `/surveys/${survey.id}/results?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SurveyResults>();
  };

  it('should count every response without a filter', async () => {
    expect(completed(await results(''))).toBe(3);
  });

  it('should filter by a choice, a score range, a Likert point, a hidden field and the language', async () => {
    const byChoice = await results(
      filterParam([{ source: 'question', question_id: 'one', operator: 'one_of', values: ['fiets'] }]),
    );
    expect(completed(byChoice)).toBe(2);
    expect(npsOf(byChoice).by_score).toMatchObject({ '10': 1, '8': 1, '6': 0 });
    const byRange = await results(
      filterParam([{ source: 'question', question_id: 'nps', operator: 'between', min: 7, max: 10 }]),
    );
    expect(completed(byRange)).toBe(2);
    const byMultiple = await results(
      filterParam([{ source: 'question', question_id: 'many', operator: 'one_of', values: ['thuis'] }]),
    );
    expect(completed(byMultiple)).toBe(1);
    const byStatement = await results(
      filterParam([
        { source: 'question', question_id: 'lik', statement_id: 'st-a', operator: 'one_of', values: [1, 2] },
      ]),
    );
    expect(npsOf(byStatement).by_score['6']).toBe(1);
    expect(completed(byStatement)).toBe(1);
    const byHidden = await results(
      filterParam([{ source: 'hidden_field', name: 'bron', operator: 'one_of', values: ['mail'] }]),
    );
    expect(completed(byHidden)).toBe(2);
    const both = await results(
      filterParam([
        { source: 'question', question_id: 'one', operator: 'one_of', values: ['fiets'] },
        { source: 'hidden_field', name: 'bron', operator: 'one_of', values: ['mail'] },
        { source: 'language', operator: 'one_of', values: ['nl'] },
      ]),
    );
    expect(completed(both)).toBe(2);
    const english = await results(filterParam([{ source: 'language', operator: 'one_of', values: ['en'] }]));
    expect(completed(english)).toBe(1);
  });

  it("should filter by the contact's attribute and segment, case aside", async () => {
    const byAttribute = await results(
      filterParam([{ source: 'contact_attribute', name: 'Afdeling', values: ['verkoop'] }]),
    );
    expect(completed(byAttribute)).toBe(1);
    expect(npsOf(byAttribute).by_score['10']).toBe(1);
    const bySegment = await results(filterParam([{ source: 'segment', segment_id: sales }]));
    expect(completed(bySegment)).toBe(1);
    expect(npsOf(bySegment).by_score['10']).toBe(1);
  });

  it("should refuse another organisation's segment with 404 and tell nothing", async () => {
    const theirs = await segment(other.organization.id, 'Van de buren', { Afdeling: 'Verkoop' });
    const response = await get(
      org,
      `/surveys/${survey.id}/results?${filterParam([{ source: 'segment', segment_id: theirs }])}`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().detail).toBe('Segment niet gevonden.');
    // And another organisation cannot filter this survey at all.
    const intruder = await get(
      other,
      `/surveys/${survey.id}/results?${filterParam([{ source: 'segment', segment_id: theirs }])}`,
    );
    expect(intruder.statusCode).toBe(404);
  });

  it('should answer a bad filter with a Dutch 400', async () => {
    for (const [raw, message] of [
      ['q:one:onbekend', 'Het filter noemt een keuze die niet bij de vraag hoort.'],
      ['kapot', 'Het filter is niet leesbaar. Stel het opnieuw samen.'],
      ['h:geheim:x', 'Het filter noemt een verborgen veld dat niet bij deze survey hoort.'],
    ] as const) {
      const response = await get(org, `/surveys/${survey.id}/results?filter=${encodeURIComponent(raw)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().detail).toBe(message);
    }
  });

  it('should filter the question detail, the export and the summary alike', async () => {
    const filter = filterParam([
      { source: 'hidden_field', name: 'bron', operator: 'one_of', values: ['mail'] },
    ]);
    const detail = await get(org, `/surveys/${survey.id}/questions/nps?${filter}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json<QuestionDetail>();
    expect(body.respondents).toBe(2);
    expect(body.answers.items.map((item) => item.text).sort()).toEqual(['10', '8']);
    expect(body.trend.reduce((sum, point) => sum + point.answered, 0)).toBe(2);
    const csv = await get(org, `/surveys/${survey.id}/export?format=csv&${filter}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);
  });

  it('should give the open-answer summary only the kept answers, and add no SQL without a filter', async () => {
    const [row] = await ctx.db.select().from(surveys).where(eq(surveys.id, survey.id));
    if (row === undefined) throw new Error('no survey');
    const kept = await parseResultsQuery(ctx.db, row, { filter: 'lang:en' });
    expect(await openAnswerTexts(ctx.db, survey.id, 'lang', kept)).toEqual({ texts: [], total: 0 });
    const mail = await parseResultsQuery(ctx.db, row, { filter: 'h:bron:mail' });
    expect(await openAnswerTexts(ctx.db, survey.id, 'lang', mail)).toEqual({ texts: ['Prima'], total: 1 });
    const plain = await parseResultsQuery(ctx.db, row, {});
    expect(plain).toEqual({ from: null, to: null });
    expect(new PgDialect().sqlToQuery(matching(sql`response_id`, plain)).sql).toBe('');
  });

  it('should cross-tab two questions with row totals counting a respondent once', async () => {
    const response = await get(org, `/surveys/${survey.id}/results/crosstab?row=one&col=q:many`);
    expect(response.statusCode, response.body).toBe(200);
    const table = response.json<Crosstab>();
    expect(table.row.values.map((value) => value.value)).toEqual(['auto', 'fiets', 'ov', '_other']);
    expect(table.col.values.map((value) => value.value)).toEqual(['lunch', 'uitjes', 'thuis', '_other']);
    expect(table.counts[1]).toEqual([1, 0, 1, 0]);
    expect(table.counts[0]).toEqual([1, 0, 0, 0]);
    expect(table.row_totals).toEqual([1, 1, 0, 0]);
    expect(table.col_totals).toEqual([2, 0, 1, 0]);
    expect(table.total).toBe(2);
    expect(table.small_counts_hidden).toBe(false);
  });

  it('should cross-tab by hidden field and language with the filter, and export it', async () => {
    const response = await get(org, `/surveys/${survey.id}/results/crosstab?row=h:bron&col=lang`);
    const table = response.json<Crosstab>();
    expect(table.row.values).toEqual([
      { value: 'mail', label: 'mail' },
      { value: 'qr', label: 'qr' },
    ]);
    expect(table.col.values).toEqual([
      { value: 'nl', label: 'Nederlands' },
      { value: 'en', label: 'Engels' },
    ]);
    expect(table.counts).toEqual([
      [2, 0],
      [0, 1],
    ]);
    const filtered = await get(
      org,
      `/surveys/${survey.id}/results/crosstab?row=h:bron&col=lang&${filterParam([{ source: 'language', operator: 'one_of', values: ['en'] }])}`,
    );
    expect(filtered.json<Crosstab>().total).toBe(1);
    const csv = await get(
      org,
      `/surveys/${survey.id}/results/crosstab/export?row=h:bron&col=lang&format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`survey-${survey.id}-kruistabel-`);
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFbron \\ Taal;Nederlands;Nederlands (% van rij);Engels;Engels (% van rij);Totaal',
    );
    expect(csv.body.split('\r\n')[1]).toBe('mail;2;100%;0;0%;2');
    const xlsx = await get(
      org,
      `/surveys/${survey.id}/results/crosstab/export?row=h:bron&col=lang&format=xlsx`,
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('should refuse a dimension that cannot be counted', async () => {
    for (const query of ['row=lang&col=lang', 'row=q:lang&col=nps', 'row=nps', 'row=q:lik&col=nps']) {
      const response = await get(org, `/surveys/${survey.id}/results/crosstab?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    const intruder = await get(other, `/surveys/${survey.id}/results/crosstab?row=nps&col=one`);
    expect(intruder.statusCode).toBe(404);
  });
});

describe('an anonymous survey', () => {
  let survey: Survey;

  beforeAll(async () => {
    survey = await newSurvey();
    await ctx.db.update(surveys).set({ anonymous: true }).where(eq(surveys.id, survey.id));
    const at = new Date('2026-03-10T10:00:00Z');
    // 'fiets' × 10 seven times, 'auto' × 6 twice: the 2 must not be sent.
    for (let i = 0; i < 7; i += 1)
      await storeResponse(ctx.db, survey, {
        submittedAt: at,
        answers: { one: { option_id: 'fiets' }, nps: { score: 10 } },
      });
    for (let i = 0; i < 2; i += 1)
      await storeResponse(ctx.db, survey, {
        submittedAt: at,
        answers: { one: { option_id: 'auto' }, nps: { score: 6 } },
      });
    for (let i = 0; i < 6; i += 1)
      await storeResponse(ctx.db, survey, {
        submittedAt: at,
        answers: { one: { option_id: 'auto' }, nps: { score: 9 } },
      });
    // Hidden fields without answers to `one` or `nps`: only in the cross-tab by hidden field.
    for (let i = 0; i < 6; i += 1)
      await storeResponse(ctx.db, survey, {
        submittedAt: at,
        hiddenFields: { bron: 'mail' },
        language: 'nl',
      });
    await storeResponse(ctx.db, survey, {
      submittedAt: at,
      hiddenFields: { bron: 'medewerker-1234' },
      language: 'nl',
    });
  });

  it('should count rare hidden-field values together, without their names', async () => {
    const response = await get(org, `/surveys/${survey.id}/results/crosstab?row=h:bron&col=lang`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain('medewerker-1234');
    const table = response.json<Crosstab>();
    expect(table.row.values).toEqual([
      { value: 'mail', label: 'mail' },
      { value: '_rare', label: 'Overige waarden (elk minder dan 5 keer)' },
    ]);
    expect(table.counts[1]).toEqual([null]);
    expect(table.counts[0]).toEqual([null]);
  });

  it('should offer no contact filters', async () => {
    for (const filter of [
      [{ source: 'segment' as const, segment_id: 1 }],
      [{ source: 'contact_attribute' as const, name: 'Afdeling', values: ['Verkoop'] }],
    ]) {
      const response = await get(org, `/surveys/${survey.id}/results?${filterParam(filter)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().detail).toBe(
        'Bij een anonieme survey kan niet worden gefilterd op contactgegevens of segmenten.',
      );
    }
  });

  it('should send no count under 5 in the cross-tab, nor one that gives it away', async () => {
    const response = await get(org, `/surveys/${survey.id}/results/crosstab?row=one&col=nps`);
    const table = response.json<Crosstab>();
    expect(table.small_counts_hidden).toBe(true);
    expect(JSON.stringify(table.counts)).not.toContain(':2');
    const auto = table.counts[0] ?? [];
    expect(auto[6]).toBeNull();
    // Its row would give the 2 away by subtraction: another count of the row is hidden too.
    expect(auto.filter((count) => count === null).length).toBeGreaterThanOrEqual(2);
    for (const line of [
      ...table.counts,
      ...table.col.values.map((_, c) => table.counts.map((row) => row[c])),
    ]) {
      for (const count of line)
        expect(count === null || count === undefined || count === 0 || count >= 5).toBe(true);
    }
    const csv = await get(org, `/surveys/${survey.id}/results/crosstab/export?row=one&col=nps&format=csv`);
    expect(csv.body).toContain('< 5');
  });
});
