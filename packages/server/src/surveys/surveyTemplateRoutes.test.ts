import type { SurveyTemplate } from '@loop/core';
import { validateCompleteSurvey } from '@loop/core/surveys/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyTemplates } from '../db/schema';
import {
  type SurveyOrganization,
  sampleInput,
  surveyOrganization,
  surveySnapshot,
} from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { BUILT_IN_TEMPLATES, seedBuiltInTemplates } from './builtInTemplates';
import { TEMPLATE_ERRORS } from './surveyTemplates';

let ctx: TestContext;
let org: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Sjablonen BV');
});

afterAll(async () => {
  await ctx?.close();
});

const templateBody = (overrides = {}) => ({
  ...sampleInput(),
  name: 'Ons sjabloon',
  description: 'Voor de kwartaalpeiling',
  ...overrides,
});

const list = async (token: string) =>
  (await api(ctx.app, 'GET', '/survey-templates', { token, headers: org.headers })).json<SurveyTemplate[]>();

describe('built-in templates', () => {
  it('should seed the three built-in templates once, each valid for core', async () => {
    await seedBuiltInTemplates({ db: ctx.db, clock: ctx.clock });
    const rows = await ctx.db.select().from(surveyTemplates);
    expect(rows.map((row) => row.key).sort()).toEqual(BUILT_IN_TEMPLATES.map((each) => each.key).sort());
    for (const template of BUILT_IN_TEMPLATES)
      expect(validateCompleteSurvey({ ...template.input, close_at: null }).ok, template.key).toBe(true);
  });

  it('should show the built-in templates to every member', async () => {
    const templates = await list(org.memberToken);
    expect(templates.map((each) => each.name)).toEqual([
      'Evenementevaluatie',
      'Klanttevredenheid met NPS',
      'Medewerkerstevredenheid',
    ]);
    for (const template of templates) {
      expect(template).toMatchObject({ built_in: true, organization_id: null });
      expect(template.estimated_seconds).toBeGreaterThan(0);
    }
    const employees = templates.find((each) => each.name === 'Medewerkerstevredenheid');
    expect(employees?.questions.map((question) => question.type)).toEqual(['likert', 'nps', 'open_long']);
  });
});

describe('template writes', () => {
  it('should let a template manager create, change and delete the organisation’s template', async () => {
    const created = await api(ctx.app, 'POST', '/survey-templates', {
      token: org.managerToken,
      headers: org.headers,
      payload: templateBody(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<SurveyTemplate>();
    expect(template).toMatchObject({
      organization_id: org.organization.id,
      built_in: false,
      name: 'Ons sjabloon',
    });
    expect((await list(org.memberToken)).map((each) => each.id)).toContain(template.id);

    const changed = await api(ctx.app, 'PUT', `/survey-templates/${template.id}`, {
      token: org.managerToken,
      headers: org.headers,
      payload: templateBody({ name: 'Hernoemd' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<SurveyTemplate>().name).toBe('Hernoemd');

    const deleted = await api(ctx.app, 'DELETE', `/survey-templates/${template.id}`, {
      token: org.managerToken,
      headers: org.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await list(org.memberToken)).map((each) => each.id)).not.toContain(template.id);
  });

  it('should refuse template writes to users who may not manage templates', async () => {
    const own = (
      await api(ctx.app, 'POST', '/survey-templates', {
        token: org.managerToken,
        headers: org.headers,
        payload: templateBody({ name: 'Blijft staan' }),
      })
    ).json<SurveyTemplate>();
    const before = await surveySnapshot(ctx);
    for (const [method, path] of [
      ['POST', '/survey-templates'],
      ['PUT', `/survey-templates/${own.id}`],
      ['DELETE', `/survey-templates/${own.id}`],
    ] as const) {
      const response = await api(ctx.app, method, path, {
        token: org.memberToken,
        headers: org.headers,
        ...(method === 'DELETE' ? {} : { payload: templateBody() }),
      });
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json()).toEqual({ detail: TEMPLATE_ERRORS.notAllowed });
    }
    expect(await surveySnapshot(ctx)).toEqual(before);
  });

  it('should refuse changes to built-in templates with 403', async () => {
    const builtIn = (await list(org.managerToken)).find((each) => each.built_in);
    const before = await surveySnapshot(ctx);
    const put = await api(ctx.app, 'PUT', `/survey-templates/${builtIn?.id}`, {
      token: org.managerToken,
      headers: org.headers,
      payload: templateBody(),
    });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toEqual({ detail: TEMPLATE_ERRORS.builtIn });
    const del = await api(ctx.app, 'DELETE', `/survey-templates/${builtIn?.id}`, {
      token: org.managerToken,
      headers: org.headers,
    });
    expect(del.statusCode).toBe(403);
    expect(await surveySnapshot(ctx)).toEqual(before);
  });

  it('should refuse invalid template bodies with Dutch fields and store nothing', async () => {
    const before = await surveySnapshot(ctx);
    const response = await api(ctx.app, 'POST', '/survey-templates', {
      token: org.managerToken,
      headers: org.headers,
      payload: templateBody({ name: ' ', title: '', questions: [{ id: '__bad id', type: 'nps' }] }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      name: TEMPLATE_ERRORS.nameMissing,
      title: 'Geef de survey een titel.',
      'questions.0.id': 'Deze vraag heeft geen geldig id.',
    });
    const missing = await api(ctx.app, 'POST', '/survey-templates', {
      token: org.managerToken,
      headers: org.headers,
      payload: { title: 'Zonder naam' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ name: 'Dit veld is verplicht.' });
    expect(await surveySnapshot(ctx)).toEqual(before);
  });

  it('should answer 404 for an unknown template id', async () => {
    const response = await api(ctx.app, 'PUT', '/survey-templates/999999', {
      token: org.managerToken,
      headers: org.headers,
      payload: templateBody(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: TEMPLATE_ERRORS.notFound });
  });
});
