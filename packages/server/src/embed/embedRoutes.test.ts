import type { SurveyEmbed } from '@loop/core';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { EMBED_ORIGIN_MESSAGES, EMBED_ORIGINS_MAX } from '@loop/core/surveys/embed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveys } from '../db/schema';
import { SURVEY_ERRORS } from '../surveys/surveys';
import { call, createSurvey } from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization } from '../testing/surveyTesting';
import { createTeam } from '../testing/teams';
import { api, createTestContext, type TestContext } from '../testing/testApp';

let ctx: TestContext;
let first: SurveyOrganization;
let second: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  first = await surveyOrganization(ctx, 'Eerste BV');
  second = await surveyOrganization(ctx, 'Tweede BV');
});

afterAll(async () => {
  await ctx?.close();
});

const stored = async (id: number) =>
  (await ctx.db.select({ origins: surveys.embedOrigins }).from(surveys).where(eq(surveys.id, id)))[0]
    ?.origins;

describe('a survey’s embedding origins (R-EMBED-1)', () => {
  it('should start with none, and store the list normalised', async () => {
    const survey = await createSurvey(ctx, first);
    expect((await call(ctx, first, 'GET', `/surveys/${survey.id}/embed`)).json<SurveyEmbed>()).toEqual({
      origins: [],
    });
    const put = await call(ctx, first, 'PUT', `/surveys/${survey.id}/embed`, {
      origins: ['https://WWW.Klant.nl/', 'https://shop.klant.nl:8443'],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<SurveyEmbed>()).toEqual({
      origins: ['https://www.klant.nl', 'https://shop.klant.nl:8443'],
    });
    expect(await stored(survey.id)).toEqual(['https://www.klant.nl', 'https://shop.klant.nl:8443']);
    expect((await call(ctx, first, 'GET', `/surveys/${survey.id}/embed`)).json<SurveyEmbed>()).toEqual({
      origins: ['https://www.klant.nl', 'https://shop.klant.nl:8443'],
    });
    // An empty list takes every website off again.
    await call(ctx, first, 'PUT', `/surveys/${survey.id}/embed`, { origins: [] });
    expect(await stored(survey.id)).toEqual([]);
  });

  it('should refuse a path, a wildcard, http, a duplicate and too many with Dutch texts, changing nothing', async () => {
    const survey = await createSurvey(ctx, first);
    await call(ctx, first, 'PUT', `/surveys/${survey.id}/embed`, { origins: ['https://www.klant.nl'] });
    const wrong = await call(ctx, first, 'PUT', `/surveys/${survey.id}/embed`, {
      origins: [
        'https://klant.nl/contact',
        'https://*.klant.nl',
        'http://klant.nl',
        'https://a.nl',
        'https://A.nl',
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      detail: EMBED_ORIGIN_MESSAGES.path,
      fields: {
        'origins.0': EMBED_ORIGIN_MESSAGES.path,
        'origins.1': EMBED_ORIGIN_MESSAGES.wildcard,
        'origins.2': EMBED_ORIGIN_MESSAGES.http,
        'origins.4': EMBED_ORIGIN_MESSAGES.duplicate,
      },
    });
    const many = Array.from({ length: EMBED_ORIGINS_MAX + 1 }, (_, i) => `https://site${i}.nl`);
    const tooMany = await call(ctx, first, 'PUT', `/surveys/${survey.id}/embed`, { origins: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ detail: EMBED_ORIGIN_MESSAGES.tooMany });
    const notAList = await call(ctx, first, 'PUT', `/surveys/${survey.id}/embed`, {
      origins: 'https://a.nl',
    });
    expect(notAList.statusCode).toBe(400);
    expect(notAList.json<{ detail: string }>().detail).toMatch(/[a-z]/);
    expect(await stored(survey.id)).toEqual(['https://www.klant.nl']);
  });

  it("should answer another organisation's survey 404 and refuse a reader (Lezer) the change", async () => {
    const survey = await createSurvey(ctx, first);
    for (const method of ['GET', 'PUT'] as const) {
      const foreign = await call(ctx, second, method, `/surveys/${survey.id}/embed`, {
        origins: ['https://kwaad.nl'],
      });
      expect(foreign.statusCode, method).toBe(404);
      expect(foreign.json(), method).toEqual({ detail: SURVEY_ERRORS.notFound });
    }
    const team = await createTeam(ctx, 'Lezers BV');
    const created = await api(ctx.app, 'POST', '/surveys', {
      token: team.owner.token,
      headers: team.headers,
      payload: {
        title: 'Van het team',
        description_html: '',
        introduction_html: '',
        thank_you_text: '',
        close_at: null,
        questions: [],
      },
    });
    const teamSurvey = created.json<{ id: number }>().id;
    const asViewer = await api(ctx.app, 'PUT', `/surveys/${teamSurvey}/embed`, {
      token: team.viewer.token,
      headers: team.headers,
      payload: { origins: ['https://kwaad.nl'] },
    });
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json()).toEqual({ detail: PERMISSION_DENIED['surveys.build'] });
    const read = await api(ctx.app, 'GET', `/surveys/${teamSurvey}/embed`, {
      token: team.viewer.token,
      headers: team.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(await stored(teamSurvey)).toEqual([]);
    // A member may: embedding is sharing, like the public link (docs/decisions/embedding.md).
    const asMember = await api(ctx.app, 'PUT', `/surveys/${teamSurvey}/embed`, {
      token: team.member.token,
      headers: team.headers,
      payload: { origins: ['https://www.klant.nl'] },
    });
    expect(asMember.statusCode).toBe(200);
    expect(await stored(teamSurvey)).toEqual(['https://www.klant.nl']);
  });
});
