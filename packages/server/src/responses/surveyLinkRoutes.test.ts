import type { InvitationPreview, PersonalLinksCreated, Survey, SurveyLinks } from '@loop/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogs, branding, surveyResponses, surveys } from '../db/schema';
import { SURVEY_ERRORS } from '../surveys/surveys';
import {
  call,
  createSurvey,
  everyTypeAnswers,
  personalLinks,
  respond,
  responseSnapshot,
} from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization, surveySnapshot } from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { INVITATION_TEXTS } from './invitationMail';
import { hashToken } from './responseTokens';
import { LINK_ERRORS } from './surveyLinkRoutes';

let ctx: TestContext;
let first: SurveyOrganization;
let second: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext({ config: { mailFrom: 'Loop <uitnodiging@loop.test>' } });
  first = await surveyOrganization(ctx, 'Eerste & Zonen');
  second = await surveyOrganization(ctx, 'Tweede BV');
});

afterAll(async () => {
  await ctx?.close();
});

describe('public links', () => {
  it('should give every new survey a public token of 24 random bytes: created, from a template and copied', async () => {
    const blank = await createSurvey(ctx, first, {}, { open: false });
    const templates = (await call(ctx, first, 'GET', '/survey-templates')).json<Array<{ id: number }>>();
    const fromTemplate = await call(ctx, first, 'POST', '/surveys', { template_id: templates[0]?.id });
    const copy = await call(ctx, first, 'POST', `/surveys/${blank.id}/duplicate`);
    const ids = [blank.id, fromTemplate.json<Survey>().id, copy.json<Survey>().id];
    const rows = await Promise.all(
      ids.map(async (id) => (await ctx.db.select().from(surveys).where(eq(surveys.id, id)))[0]),
    );
    const tokens = rows.map((row) => row?.publicToken);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(tokens).size).toBe(3);
    const links = (await call(ctx, first, 'GET', `/surveys/${blank.id}/links`)).json<SurveyLinks>();
    expect(links).toEqual({ public_token: tokens[0], personal: { total: 0, started: 0, completed: 0 } });
  });

  it('should fill the public token of an older survey on first read and keep it', async () => {
    const survey = await createSurvey(ctx, first, {}, { open: false });
    await ctx.db.update(surveys).set({ publicToken: null }).where(eq(surveys.id, survey.id));
    const once = (await call(ctx, first, 'GET', `/surveys/${survey.id}/links`)).json<SurveyLinks>();
    const twice = (await call(ctx, first, 'GET', `/surveys/${survey.id}/links`)).json<SurveyLinks>();
    expect(once.public_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(twice.public_token).toBe(once.public_token);
  });
});

describe('personal links', () => {
  it('should make personal links, keep only their hashes and count how they are used', async () => {
    const survey = await createSurvey(ctx, first);
    const response = await call(ctx, first, 'POST', `/surveys/${survey.id}/personal-links`, {
      count: 3,
      label: '  Team Noord  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { tokens } = response.json<PersonalLinksCreated>();
    expect(tokens).toHaveLength(3);
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const rows = await ctx.db.select().from(surveyResponses).where(eq(surveyResponses.surveyId, survey.id));
    expect(rows.map((row) => row.tokenHash).sort()).toEqual(tokens.map(hashToken).sort());
    expect(
      rows.every((row) => row.kind === 'personal' && row.status === 'pending' && row.label === 'Team Noord'),
    ).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(tokens[0]);

    await respond(ctx, tokens[0] as string, { final: false, answers: [] });
    await respond(ctx, tokens[1] as string, { final: true, answers: everyTypeAnswers() });
    const links = (await call(ctx, first, 'GET', `/surveys/${survey.id}/links`)).json<SurveyLinks>();
    expect(links.personal).toEqual({ total: 3, started: 1, completed: 1 });

    await ctx.app.appLog.flush();
    const audit = (await ctx.db.select().from(appLogs)).find(
      (row) => row.action === 'survey.personal_links_created',
    );
    expect(audit?.message).toBe(`3 persoonlijke links gemaakt voor survey ${survey.id}`);
  });

  it('should make links for a draft, refuse them for a closed survey and refuse bad counts and labels', async () => {
    const draft = await createSurvey(ctx, first, {}, { open: false });
    expect(await personalLinks(ctx, first, draft.id, 1)).toHaveLength(1);
    const survey = await createSurvey(ctx, first);
    await call(ctx, first, 'POST', `/surveys/${survey.id}/status`, { status: 'closed' });
    const before = await responseSnapshot(ctx);
    const closed = await call(ctx, first, 'POST', `/surveys/${survey.id}/personal-links`, { count: 1 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ detail: LINK_ERRORS.closed });
    for (const body of [
      { count: 0 },
      { count: 501 },
      { count: 1.5 },
      { count: '2' },
      {},
      { count: 1, label: 'x'.repeat(101) },
    ]) {
      const refused = await call(ctx, first, 'POST', `/surveys/${draft.id}/personal-links`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json().fields ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect(await responseSnapshot(ctx)).toEqual(before);
  });
});

describe('GET /surveys/:id/invitation-preview', () => {
  it('should render the invitation as it will be sent, with branding, introduction, estimate and example link', async () => {
    await ctx.db.insert(branding).values({
      organizationId: first.organization.id,
      primaryColor: '#7c3aed',
      logoPath: `${first.organization.id}/logo.png`,
      version: '1',
    });
    const survey = await createSurvey(
      ctx,
      first,
      {
        title: 'Tevredenheid <script>alert(1)</script> & meer',
        introduction_html: '<p>Welkom <strong>allemaal</strong><img src=x onerror=alert(1)></p>',
      },
      { open: false },
    );
    const response = await call(ctx, first, 'GET', `/surveys/${survey.id}/invitation-preview`);
    expect(response.statusCode, response.body).toBe(200);
    const mail = response.json<InvitationPreview>();
    expect(mail.subject).toBe('Uitnodiging: Tevredenheid <script>alert(1)</script> & meer');
    expect(mail.from).toBe('Eerste & Zonen via Loop <uitnodiging@loop.test>');
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Tevredenheid &lt;script&gt;alert(1)&lt;/script&gt; &amp; meer');
    expect(mail.html).toContain(`src="http://loop.test/uploads/${first.organization.id}/logo.png"`);
    expect(mail.html).toContain('background:#7c3aed');
    expect(mail.html).toContain('<p>Welkom <strong>allemaal</strong></p>');
    expect(mail.html).not.toContain('onerror');
    const duration = INVITATION_TEXTS.duration(survey.estimated_seconds);
    expect(duration).toMatch(/^Invullen duurt ± \d+ minuten?\.$/);
    expect(mail.html).toContain(duration);
    expect(mail.html).toContain('href="http://loop.test/respond/voorbeeld"');
    expect(mail.html).toContain('>Survey invullen</a>');
    expect(mail.text).toContain('Welkom allemaal');
    expect(mail.text).toContain(duration);
    expect(mail.text).toContain('Survey invullen:\nhttp://loop.test/respond/voorbeeld');
    // Plain text: the title as typed, the introduction without its markup.
    expect(mail.text).toContain("'Tevredenheid <script>alert(1)</script> & meer'");
    expect(mail.text).not.toMatch(/<(p|strong|img)\b/);
  });
});

describe('another organisation', () => {
  it('should get 404 on the link and invitation routes with the first organisation’s ids and change nothing', async () => {
    const open = await createSurvey(ctx, first, { title: 'Van de eerste' });
    const draft = await createSurvey(ctx, first, { title: 'Concept van de eerste' }, { open: false });
    await personalLinks(ctx, first, open.id, 2);
    const before = { surveys: await surveySnapshot(ctx), responses: await responseSnapshot(ctx) };
    for (const token of [second.memberToken, second.managerToken]) {
      for (const id of [open.id, draft.id]) {
        const calls: Array<['GET' | 'POST', string, unknown?]> = [
          ['GET', `/surveys/${id}/links`],
          ['POST', `/surveys/${id}/personal-links`, { count: 5 }],
          ['GET', `/surveys/${id}/invitation-preview`],
        ];
        for (const [method, path, payload] of calls) {
          const response = await api(ctx.app, method, path, {
            token,
            headers: second.headers,
            ...(payload === undefined ? {} : { payload }),
          });
          expect(response.statusCode, `${method} ${path}`).toBe(404);
          expect(response.json(), `${method} ${path}`).toEqual({ detail: SURVEY_ERRORS.notFound });
        }
      }
    }
    expect({ surveys: await surveySnapshot(ctx), responses: await responseSnapshot(ctx) }).toEqual(before);
  });

  it('should refuse the routes without login', async () => {
    const survey = await createSurvey(ctx, first, {}, { open: false });
    for (const [method, path] of [
      ['GET', `/surveys/${survey.id}/links`],
      ['POST', `/surveys/${survey.id}/personal-links`],
      ['GET', `/surveys/${survey.id}/invitation-preview`],
    ] as const) {
      const response = await api(ctx.app, method, path, {
        payload: method === 'POST' ? { count: 1 } : undefined,
      });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
    }
  });
});
