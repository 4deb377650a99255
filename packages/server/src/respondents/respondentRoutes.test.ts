import type {
  ErrorBody,
  Page,
  PersonalLinksCreated,
  ResponseDetail,
  ResponseExport,
  ResponseListItem,
  Survey,
  SurveyResults,
} from '@loop/core';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogs, surveyAnswers, surveyResponses } from '../db/schema';
import { hashToken } from '../responses/responseTokens';
import { SURVEY_ERRORS } from '../surveys/surveys';
import { callAs, organizationWithRoles, type RolesOrganization } from '../testing/respondentTesting';
import { createSurvey, everyTypeAnswers, respond, responseSnapshot } from '../testing/responseTesting';
import { storeLogic, storeResponse } from '../testing/resultsTesting';
import { createTestContext, type TestContext } from '../testing/testApp';
import { RESPONSE_ERRORS } from './individualResponses';
import { RESPONDENT_MESSAGES } from './respondentRoutes';

let ctx: TestContext;
let org: RolesOrganization;
let other: RolesOrganization;
let survey: Survey;
let secondSurvey: Survey;
/** Response ids by who answered. */
const ids = { jan: 0, marie: 0, piet: 0, visitor: 0, elsewhere: 0 };

const FORMULA = '=HYPERLINK("http://kwaad.example","klik")';

async function labelledLink(label: string): Promise<string> {
  const made = await callAs(ctx, org, 'owner', 'POST', `/surveys/${survey.id}/personal-links`, {
    count: 1,
    label,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<PersonalLinksCreated>().tokens[0] as string;
}

const idOfToken = async (token: string): Promise<number> => {
  const [row] = await ctx.db
    .select({ id: surveyResponses.id })
    .from(surveyResponses)
    .where(eq(surveyResponses.tokenHash, hashToken(token)));
  if (row === undefined) throw new Error('no response for the token');
  return row.id;
};

beforeAll(async () => {
  ctx = await createTestContext();
  org = await organizationWithRoles(ctx, 'Respondent BV');
  other = await organizationWithRoles(ctx, 'Buurman BV');
  survey = await createSurvey(ctx, org);
  secondSurvey = await createSurvey(ctx, org, { title: 'Tweede peiling' });

  // Oldest first: a public visitor, Jan (submitted), Marie (halfway), Piet (link not opened).
  ids.visitor = await storeResponse(ctx.db, survey, {
    submittedAt: new Date(ctx.clock.now().getTime() - 86_400_000),
    answers: { 'q-nps': { score: 3 } },
  });
  const jan = await labelledLink('Jan de Vries');
  ctx.clock.advance(60_000);
  const answers = everyTypeAnswers().map((answer) =>
    answer.question_id === 'q-long' ? { ...answer, value: { text: FORMULA } } : answer,
  );
  expect((await respond(ctx, jan, { answers, final: true })).statusCode).toBe(200);
  ids.jan = await idOfToken(jan);
  const marie = await labelledLink('Marie 100%');
  ctx.clock.advance(60_000);
  const saved = await respond(ctx, marie, {
    answers: [{ question_id: 'q-short', value: { text: 'Inkoop' }, seconds_spent: 5 }],
    final: false,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  ids.marie = await idOfToken(marie);
  ctx.clock.advance(60_000);
  ids.piet = await idOfToken(await labelledLink('Piet'));
  ids.elsewhere = await storeResponse(ctx.db, secondSurvey, {
    submittedAt: ctx.clock.now(),
    answers: { 'q-nps': { score: 10 } },
  });
});

afterAll(async () => {
  await ctx?.close();
});

const list = (query = '', role: 'owner' | 'viewer' = 'viewer') =>
  callAs(ctx, org, role, 'GET', `/surveys/${survey.id}/responses${query}`);

const labelsOf = (page: Page<ResponseListItem>) => page.items.map((item) => item.label);

const auditRows = async (action: string) => {
  await ctx.app.appLog.flush();
  return ctx.db.select().from(appLogs).where(eq(appLogs.action, action));
};

describe('GET /surveys/:id/responses', () => {
  it('should list the responses newest first with kind, label, status and times, for every role', async () => {
    for (const role of ['owner', 'manager', 'member', 'viewer'] as const) {
      const response = await callAs(ctx, org, role, 'GET', `/surveys/${survey.id}/responses`);
      expect(response.statusCode, `${role}: ${response.body}`).toBe(200);
    }
    const page = (await list()).json<Page<ResponseListItem>>();
    expect(page).toMatchObject({ total: 4, page: 1, page_size: 25 });
    expect(page.items.map((item) => item.id)).toEqual([ids.piet, ids.marie, ids.jan, ids.visitor]);
    expect(page.items[2]).toEqual({
      id: ids.jan,
      // The survey's second submission (the visitor's was first), whatever its row id.
      ordinal: 2,
      kind: 'personal',
      label: 'Jan de Vries',
      status: 'completed',
      started_at: expect.any(String),
      saved_at: expect.any(String),
      completed_at: expect.any(String),
      anonymised: false,
      contact_name: null,
      contact_email: null,
    });
    expect(page.items[0]).toMatchObject({
      label: 'Piet',
      status: 'pending',
      started_at: null,
      ordinal: null,
    });
    expect(page.items[1]).toMatchObject({ label: 'Marie 100%', status: 'in_progress', ordinal: null });
    expect(page.items[3]).toMatchObject({ kind: 'public', label: null, status: 'completed', ordinal: 1 });
  });

  it('should find a respondent by the label, filter by status and page', async () => {
    expect(labelsOf((await list('?q=jan')).json())).toEqual(['Jan de Vries']);
    expect(labelsOf((await list('?q=%20VRIES%20')).json())).toEqual(['Jan de Vries']);
    // `%` and `_` are searched for literally.
    expect(labelsOf((await list('?q=%25')).json())).toEqual(['Marie 100%']);
    expect(labelsOf((await list('?q=_')).json())).toEqual([]);
    expect((await list('?q=%00')).statusCode).toBe(400);
    expect(labelsOf((await list('?status=pending')).json())).toEqual(['Piet']);
    expect(labelsOf((await list('?status=completed')).json())).toEqual(['Jan de Vries', null]);
    const second = (await list('?page=2&page_size=1')).json<Page<ResponseListItem>>();
    expect(second).toMatchObject({ total: 4, page: 2, page_size: 1 });
    expect(labelsOf(second)).toEqual(['Marie 100%']);
  });

  it('should refuse bad paging, status and search with a 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['?page_size=0', 'page_size'],
      ['?page_size=101', 'page_size'],
      ['?page=nul', 'page'],
      ['?status=weg', 'status'],
      [`?q=${'a'.repeat(101)}`, 'q'],
    ];
    for (const [query, field] of cases) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<ErrorBody>().fields ?? {}), query).toEqual([field]);
    }
  });
});

describe('GET /surveys/:id/responses/:responseId', () => {
  it('should give every answer as text in the order of the survey', async () => {
    const response = await callAs(ctx, org, 'viewer', 'GET', `/surveys/${survey.id}/responses/${ids.jan}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<ResponseDetail>();
    expect(detail).toMatchObject({
      id: ids.jan,
      label: 'Jan de Vries',
      status: 'completed',
      anonymised: false,
    });
    expect(detail.answers).toEqual([
      {
        question_id: 'q-likert',
        question: 'Hoe kijk je naar je werk?',
        answer: 'Ik heb plezier in mijn werk.: Eens; Mijn team helpt me.: Helemaal eens',
      },
      { question_id: 'q-single', question: 'Waar werk je meestal?', answer: 'Thuis' },
      {
        question_id: 'q-multi',
        question: 'Welke middelen gebruik je?',
        answer: 'Laptop, Telefoon, Anders: Whiteboard',
      },
      { question_id: 'q-short', question: 'Je afdeling?', answer: 'Financiën' },
      { question_id: 'q-long', question: 'Wat kan beter?', answer: FORMULA },
      { question_id: 'q-nps', question: 'Zou je ons aanbevelen?', answer: '9' },
      { question_id: 'q-rating', question: 'Hoe tevreden ben je?', answer: '4' },
    ]);
  });

  it('should show unanswered questions as null', async () => {
    const detail = (
      await callAs(ctx, org, 'member', 'GET', `/surveys/${survey.id}/responses/${ids.marie}`)
    ).json<ResponseDetail>();
    expect(detail.status).toBe('in_progress');
    expect(detail.answers.map((answer) => answer.answer)).toEqual([
      null,
      null,
      null,
      'Inkoop',
      null,
      null,
      null,
    ]);
  });
});

describe('GET /surveys/:id/responses/:responseId/export', () => {
  it("should download one respondent's answers as JSON with the seconds per question, audited by id", async () => {
    const response = await callAs(
      ctx,
      org,
      'owner',
      'GET',
      `/surveys/${survey.id}/responses/${ids.jan}/export?format=json`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="survey-${survey.id}-reactie-2-2026-03-02.json"`,
    );
    const file = JSON.parse(response.body) as ResponseExport;
    expect(file.survey).toEqual({ id: survey.id, title: 'Medewerkerspeiling' });
    expect(file.response).toMatchObject({ id: ids.jan, ordinal: 2, label: 'Jan de Vries', kind: 'personal' });
    expect(file.answers.find((answer) => answer.question_id === 'q-long')).toEqual({
      question_id: 'q-long',
      question: 'Wat kan beter?',
      answer: FORMULA,
      seconds_spent: 41,
    });
    expect(file.exported_at).toBe(ctx.clock.now().toISOString());
    const [audit] = await auditRows('response.exported');
    expect(audit).toMatchObject({
      orgId: org.organization.id,
      route: '/api/v1/surveys/:id/responses/:responseId/export',
    });
    expect(audit?.message).toBe(`Reactie ${ids.jan} van survey ${survey.id} geëxporteerd (json)`);
  });

  it('should download CSV with a BOM, semicolons, a line per question and statement, and formulas neutralised', async () => {
    const response = await callAs(
      ctx,
      org,
      'manager',
      'GET',
      `/surveys/${survey.id}/responses/${ids.jan}/export?format=csv`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="survey-\d+-reactie-2-[\d-]+\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFOnderdeel;Antwoord');
    expect(lines).toContain('Reactie;2');
    expect(lines).toContain('Label;Jan de Vries');
    expect(lines).toContain('Status;Ingestuurd');
    expect(lines).toContain('Soort link;Persoonlijke link');
    expect(lines).toContain('Geanonimiseerd;nee');
    expect(lines).toContain('Hoe kijk je naar je werk? – Ik heb plezier in mijn werk.;Eens');
    expect(lines).toContain('Welke middelen gebruik je?;"Laptop; Telefoon; Anders: Whiteboard"');
    expect(lines).toContain('Zou je ons aanbevelen?;9');
    expect(lines).toContain(`Wat kan beter?;"'=HYPERLINK(""http://kwaad.example"",""klik"")"`);
  });

  it('should add the hidden fields, language and end screen of a survey with logic to both files (R-RES-7)', async () => {
    const adaptive = await createSurvey(ctx, org, { title: 'Met logica' });
    await storeLogic(ctx.db, adaptive, {
      rules: [
        {
          id: 'r1',
          action: 'jump',
          from_question_id: 'q-nps',
          to: { end_screen_id: 'end-1' },
          when: {
            match: 'all',
            conditions: [{ source: 'question', question_id: 'q-nps', operator: 'less', value: 5 }],
          },
        },
      ],
      end_screens: [{ id: 'end-1', text: 'Jammer, tot ziens.' }],
      hidden_fields: ['bron'],
    });
    const id = await storeResponse(ctx.db, adaptive, {
      submittedAt: ctx.clock.now(),
      hiddenFields: { bron: 'nieuwsbrief' },
      language: 'de',
      endScreenId: 'end-1',
      // Jumped to the end screen after the NPS: the rating after it was not shown.
      unseen: ['q-rating'],
      answers: { 'q-long': { text: 'Niets' }, 'q-nps': { score: 2 } },
    });
    const csv = await callAs(
      ctx,
      org,
      'owner',
      'GET',
      `/surveys/${adaptive.id}/responses/${id}/export?format=csv`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.split('\r\n');
    const from = lines.indexOf('bron;nieuwsbrief');
    expect(lines.slice(from, from + 3)).toEqual([
      'bron;nieuwsbrief',
      'Taal;Duits',
      'Eindscherm;Jammer, tot ziens.',
    ]);
    // After the response's facts, before its answers; the question it did not see is empty.
    expect(lines[from - 1]).toBe('Geanonimiseerd;nee');
    expect(lines).toContain('Hoe tevreden ben je?;');
    const json = await callAs(
      ctx,
      org,
      'owner',
      'GET',
      `/surveys/${adaptive.id}/responses/${id}/export?format=json`,
    );
    expect(JSON.parse(json.body).path).toEqual({
      hidden_fields: { bron: 'nieuwsbrief' },
      language: 'de',
      end_screen_id: 'end-1',
      unseen_question_ids: ['q-rating'],
    });
    // A survey without logic keeps its files as they were.
    const plain = await callAs(
      ctx,
      org,
      'owner',
      'GET',
      `/surveys/${survey.id}/responses/${ids.jan}/export?format=json`,
    );
    expect(JSON.parse(plain.body)).not.toHaveProperty('path');
    const plainCsv = await callAs(
      ctx,
      org,
      'owner',
      'GET',
      `/surveys/${survey.id}/responses/${ids.jan}/export?format=csv`,
    );
    expect(plainCsv.body).not.toMatch(/\r\n(Taal|Eindscherm);/);
  });

  it('should refuse members and viewers (403) and a bad format (400), exporting nothing', async () => {
    const before = (await auditRows('response.exported')).length;
    for (const role of ['member', 'viewer'] as const) {
      const response = await callAs(
        ctx,
        org,
        role,
        'GET',
        `/surveys/${survey.id}/responses/${ids.jan}/export?format=json`,
      );
      expect(response.statusCode, role).toBe(403);
      expect(response.json<ErrorBody>().detail).toBe(PERMISSION_DENIED['surveys.manage']);
    }
    for (const query of ['?format=pdf', '']) {
      const response = await callAs(
        ctx,
        org,
        'owner',
        'GET',
        `/surveys/${survey.id}/responses/${ids.jan}/export${query}`,
      );
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorBody>()).toEqual({
        detail: RESPONDENT_MESSAGES.format,
        fields: { format: RESPONDENT_MESSAGES.format },
      });
    }
    expect((await auditRows('response.exported')).length).toBe(before);
  });
});

describe('another organisation, another survey, unknown ids', () => {
  it('should answer 404 on every route and change nothing', async () => {
    const before = await responseSnapshot(ctx);
    const paths: ['GET' | 'DELETE', string][] = [
      ['GET', `/surveys/${survey.id}/responses`],
      ['GET', `/surveys/${survey.id}/responses?q=jan`],
      ['GET', `/surveys/${survey.id}/responses/${ids.jan}`],
      ['GET', `/surveys/${survey.id}/responses/${ids.jan}/export?format=json`],
      ['DELETE', `/surveys/${survey.id}/responses/${ids.jan}`],
    ];
    for (const role of ['owner', 'viewer'] as const)
      for (const [method, path] of paths) {
        const response = await callAs(ctx, other, role, method, path);
        // A role without the permission is refused before anything is looked up (the same for every
        // survey, so it tells nothing); with it, another organisation's survey is unknown.
        const refused = role === 'viewer' && (method === 'DELETE' || path.includes('/export'));
        expect(response.statusCode, `${role} ${method} ${path}`).toBe(refused ? 403 : 404);
        if (!refused) expect(response.json<ErrorBody>().detail, path).toBe(SURVEY_ERRORS.notFound);
      }
    // A response of another survey of the same organisation, and ids that are no response.
    for (const id of [ids.elsewhere, 'abc', '0', '1e3', '99999999999']) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['GET', '/export?format=csv'],
        ['DELETE', ''],
      ] as const) {
        const response = await callAs(
          ctx,
          org,
          'owner',
          method,
          `/surveys/${survey.id}/responses/${id}${suffix}`,
        );
        expect(response.statusCode, `${method} ${id}${suffix}`).toBe(404);
        expect(response.json<ErrorBody>().detail).toBe(RESPONSE_ERRORS.notFound);
      }
    }
    expect(await responseSnapshot(ctx)).toEqual(before);
  });
});

describe('DELETE /surveys/:id/responses/:responseId', () => {
  const completedCount = async () =>
    (await callAs(ctx, org, 'viewer', 'GET', `/surveys/${survey.id}/results`)).json<SurveyResults>().responses
      .completed;

  it('should refuse members and viewers with a 403 and keep everything', async () => {
    const before = await responseSnapshot(ctx);
    for (const role of ['member', 'viewer'] as const) {
      const response = await callAs(ctx, org, role, 'DELETE', `/surveys/${survey.id}/responses/${ids.jan}`);
      expect(response.statusCode, role).toBe(403);
      expect(response.json<ErrorBody>().detail).toBe(PERMISSION_DENIED['surveys.manage']);
    }
    expect(await responseSnapshot(ctx)).toEqual(before);
  });

  it('should erase the response with its answers and times; the results count without it', async () => {
    expect(await completedCount()).toBe(2);
    const count = async () =>
      (await callAs(ctx, org, 'viewer', 'GET', `/surveys/${survey.id}`)).json<Survey>().response_count;
    expect(await count()).toBe(2);
    const otherRows = (await responseSnapshot(ctx)).answers.filter((row) => row.responseId !== ids.jan);

    const erased = await callAs(ctx, org, 'manager', 'DELETE', `/surveys/${survey.id}/responses/${ids.jan}`);
    expect(erased.statusCode, erased.body).toBe(204);
    expect(await ctx.db.select().from(surveyResponses).where(eq(surveyResponses.id, ids.jan))).toEqual([]);
    expect(await ctx.db.select().from(surveyAnswers).where(eq(surveyAnswers.responseId, ids.jan))).toEqual(
      [],
    );
    expect((await responseSnapshot(ctx)).answers).toEqual(otherRows);
    expect(await completedCount()).toBe(1);
    expect(await count()).toBe(1);
    const gone = await callAs(ctx, org, 'owner', 'GET', `/surveys/${survey.id}/responses/${ids.jan}`);
    expect(gone.statusCode).toBe(404);
    const again = await callAs(ctx, org, 'owner', 'DELETE', `/surveys/${survey.id}/responses/${ids.jan}`);
    expect(again.statusCode).toBe(404);

    const [audit] = await auditRows('response.erased');
    expect(audit).toMatchObject({
      orgId: org.organization.id,
      level: 'audit',
      message: `Reactie ${ids.jan} van survey ${survey.id} gewist`,
    });
    expect(JSON.stringify(audit)).not.toContain('Jan');
  });

  it('should let the owner erase too', async () => {
    const erased = await callAs(ctx, org, 'owner', 'DELETE', `/surveys/${survey.id}/responses/${ids.piet}`);
    expect(erased.statusCode).toBe(204);
    expect(labelsOf((await list()).json())).toEqual(['Marie 100%', null]);
  });
});
