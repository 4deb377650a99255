import type { ErrorBody, Survey } from '@loop/core';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { RETENTION_MESSAGES } from '@loop/core/surveys/data';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogs } from '../db/schema';
import { SURVEY_ERRORS } from '../surveys/surveys';
import { callAs, organizationWithRoles, type RolesOrganization } from '../testing/respondentTesting';
import { createSurvey } from '../testing/responseTesting';
import { surveySnapshot } from '../testing/surveyTesting';
import { createTestContext, type TestContext } from '../testing/testApp';

let ctx: TestContext;
let org: RolesOrganization;
let other: RolesOrganization;
let survey: Survey;

beforeAll(async () => {
  // The fake clock starts on 2026-03-02 (Europe/Amsterdam).
  ctx = await createTestContext();
  org = await organizationWithRoles(ctx, 'Bewaar BV');
  other = await organizationWithRoles(ctx, 'Ander BV');
  survey = await createSurvey(ctx, org);
});

afterAll(async () => {
  await ctx?.close();
});

const put = (role: 'owner' | 'manager' | 'member' | 'viewer', body: unknown, as = org) =>
  callAs(ctx, as, role, 'PUT', `/surveys/${survey.id}/retention`, body);

const read = async () => (await callAs(ctx, org, 'viewer', 'GET', `/surveys/${survey.id}`)).json<Survey>();

describe('PUT /surveys/:id/retention', () => {
  it('should start without retention and return it on GET /surveys/:id', async () => {
    expect(await read()).toMatchObject({ retention_until: null, retention_months: null });
  });

  it('should set a last day (owner) or a number of months (manager), and clear it', async () => {
    const byDay = await put('owner', { retention_until: '2026-12-31', retention_months: null });
    expect(byDay.statusCode, byDay.body).toBe(200);
    expect(byDay.json<Survey>()).toMatchObject({ retention_until: '2026-12-31', retention_months: null });
    expect(await read()).toMatchObject({ retention_until: '2026-12-31', retention_months: null });

    const byMonths = await put('manager', { retention_until: null, retention_months: 12 });
    expect(byMonths.statusCode, byMonths.body).toBe(200);
    expect(await read()).toMatchObject({ retention_until: null, retention_months: 12 });

    // Today is not in the past.
    expect((await put('owner', { retention_until: '2026-03-02', retention_months: null })).statusCode).toBe(
      200,
    );
    const cleared = await put('owner', { retention_until: null, retention_months: null });
    expect(cleared.json<Survey>()).toMatchObject({ retention_until: null, retention_months: null });

    await ctx.app.appLog.flush();
    const audits = await ctx.db.select().from(appLogs).where(eq(appLogs.action, 'survey.retention_set'));
    expect(audits.map((row) => row.message)).toEqual([
      `Bewaartermijn van survey ${survey.id}: tot en met 2026-12-31`,
      `Bewaartermijn van survey ${survey.id}: 12 maanden`,
      `Bewaartermijn van survey ${survey.id}: tot en met 2026-03-02`,
      `Bewaartermijn van survey ${survey.id} verwijderd`,
    ]);
  });

  it('should keep the retention when the editor saves the content', async () => {
    await put('owner', { retention_until: null, retention_months: 6 });
    const current = await read();
    const saved = await callAs(ctx, org, 'member', 'PUT', `/surveys/${survey.id}`, {
      title: 'Nieuwe titel',
      description_html: current.description_html,
      introduction_html: current.introduction_html,
      thank_you_text: current.thank_you_text,
      close_at: null,
      questions: current.questions,
      version: current.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Survey>()).toMatchObject({ title: 'Nieuwe titel', retention_months: 6 });
  });

  it('should refuse members and viewers with a 403 and change nothing', async () => {
    const before = await surveySnapshot(ctx);
    for (const role of ['member', 'viewer'] as const) {
      const response = await put(role, { retention_until: null, retention_months: 24 });
      expect(response.statusCode, role).toBe(403);
      expect(response.json<ErrorBody>().detail).toBe(PERMISSION_DENIED['surveys.manage']);
    }
    expect(await surveySnapshot(ctx)).toEqual(before);
  });

  it('should refuse bad input with a 400 naming the field and change nothing', async () => {
    const before = await surveySnapshot(ctx);
    const cases: [unknown, Record<string, string>][] = [
      [
        { retention_until: '2026-03-01', retention_months: null },
        { retention_until: RETENTION_MESSAGES.past },
      ],
      [
        { retention_until: '2026-12-31', retention_months: 12 },
        { retention_until: RETENTION_MESSAGES.both, retention_months: RETENTION_MESSAGES.both },
      ],
      [
        { retention_until: '2026-02-30', retention_months: null },
        { retention_until: RETENTION_MESSAGES.day },
      ],
      [{ retention_until: 'morgen', retention_months: null }, { retention_until: RETENTION_MESSAGES.day }],
      [{ retention_until: null, retention_months: 0 }, { retention_months: RETENTION_MESSAGES.months }],
      [{ retention_until: null, retention_months: 121 }, { retention_months: RETENTION_MESSAGES.months }],
      [
        { retention_until: null, retention_months: 1.5 },
        { retention_months: 'Dit veld moet een geheel getal of null zijn.' },
      ],
      [
        { retention_until: null, retention_months: '12' },
        { retention_months: 'Dit veld moet een geheel getal of null zijn.' },
      ],
      [{ retention_until: null }, { retention_months: 'Dit veld is verplicht.' }],
    ];
    for (const [body, fields] of cases) {
      const response = await put('owner', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ErrorBody>().fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await surveySnapshot(ctx)).toEqual(before);
  });

  it("should answer 404 for another organisation's survey and change nothing", async () => {
    const before = await surveySnapshot(ctx);
    const response = await put('owner', { retention_until: null, retention_months: 1 }, other);
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().detail).toBe(SURVEY_ERRORS.notFound);
    expect(await surveySnapshot(ctx)).toEqual(before);
  });
});
