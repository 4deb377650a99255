import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Page, ResponseDetail, ResponseListItem, Survey } from '@loop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, PGLITE_EXTENSIONS } from '../db/openDatabase';
import { respondSqlForTests } from '../responses/respondStatements';
import { callAs, organizationWithRoles, type RolesOrganization } from '../testing/respondentTesting';
import { createSurvey, everyTypeAnswers, personalLinks, respond } from '../testing/responseTesting';
import { createTestContext, type TestContext } from '../testing/testApp';
import { testDatabaseKind } from '../testing/testDatabase';
import { numberResponses } from './responseOrdinals';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const submit = async (token: string) => {
  const response = await respond(ctx, token, { answers: everyTypeAnswers(), final: true });
  expect(response.statusCode, response.body).toBe(200);
};

async function listed(org: RolesOrganization, surveyId: number): Promise<readonly ResponseListItem[]> {
  const response = await callAs(ctx, org, 'viewer', 'GET', `/surveys/${surveyId}/responses?page_size=100`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<ResponseListItem>>().items;
}

/** The numbers of the submitted responses, oldest submission first. */
const ordinalsOf = (items: readonly ResponseListItem[]) =>
  items
    .filter((item) => item.status === 'completed')
    .sort((a, b) => (a.completed_at ?? '').localeCompare(b.completed_at ?? '') || a.id - b.id)
    .map((item) => item.ordinal);

describe('response numbers (Reactie N)', () => {
  it("should make the first response of a new organisation's survey 'Reactie 1', whatever the row ids", async () => {
    // Another organisation answered first: the new one's row ids are far from 1.
    const earlier = await organizationWithRoles(ctx, 'Eerdere BV');
    const busy = await createSurvey(ctx, earlier);
    for (const token of await personalLinks(ctx, earlier, busy.id, 5)) await submit(token);

    const org = await organizationWithRoles(ctx, 'Nieuwe Klant BV');
    const survey = await createSurvey(ctx, org);
    const [first, second] = await personalLinks(ctx, org, survey.id, 3);
    await submit(first as string);
    ctx.clock.advance(1000);
    await submit(second as string);

    const items = await listed(org, survey.id);
    expect(items.every((item) => item.id > 5)).toBe(true);
    expect(ordinalsOf(items)).toEqual([1, 2]);
    expect(items.find((item) => item.status === 'pending')?.ordinal).toBeNull();
    const one = items.find((item) => item.ordinal === 1) as ResponseListItem;
    const detail = await callAs(ctx, org, 'viewer', 'GET', `/surveys/${survey.id}/responses/${one.id}`);
    expect(detail.json<ResponseDetail>().ordinal).toBe(1);
  });

  it('should keep every number after an erase and never give an erased number again', async () => {
    const org = await organizationWithRoles(ctx, 'Wis BV');
    const survey = await createSurvey(ctx, org);
    const tokens = await personalLinks(ctx, org, survey.id, 6);
    for (const token of tokens.slice(0, 3)) {
      await submit(token);
      ctx.clock.advance(1000);
    }
    const before = await listed(org, survey.id);
    expect(ordinalsOf(before)).toEqual([1, 2, 3]);
    const numbered = (n: number) => before.find((item) => item.ordinal === n) as ResponseListItem;

    const erase = (item: ResponseListItem) =>
      callAs(ctx, org, 'manager', 'DELETE', `/surveys/${survey.id}/responses/${item.id}`);
    expect((await erase(numbered(2))).statusCode).toBe(204);
    const after = await listed(org, survey.id);
    expect(ordinalsOf(after)).toEqual([1, 3]);
    expect(after.find((item) => item.id === numbered(3).id)?.ordinal).toBe(3);

    // The next submission is 4, not 2; an erased last number (4) is not handed out again either.
    await submit(tokens[3] as string);
    ctx.clock.advance(1000);
    const fourth = (await listed(org, survey.id)).find((item) => item.ordinal === 4) as ResponseListItem;
    expect(fourth).toBeDefined();
    expect((await erase(fourth)).statusCode).toBe(204);
    await submit(tokens[4] as string);
    expect(ordinalsOf(await listed(org, survey.id))).toEqual([1, 3, 5]);
  });

  it('should give concurrent submissions distinct numbers without gaps, while others read', async () => {
    const org = await organizationWithRoles(ctx, 'Druk BV');
    const survey: Survey = await createSurvey(ctx, org);
    const tokens = await personalLinks(ctx, org, survey.id, 24);
    // Submissions and readers (which number what they find) at the same time; on PostgreSQL these
    // run on several connections at once.
    await Promise.all([
      ...tokens.map((token) => submit(token)),
      ...Array.from({ length: 6 }, () => listed(org, survey.id)),
      ...Array.from({ length: 3 }, () => numberResponses(ctx.db, survey.id)),
    ]);
    const sorted = async () => ordinalsOf(await listed(org, survey.id)).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(await sorted()).toEqual(Array.from({ length: 24 }, (_, index) => index + 1));

    // Submissions nobody has read yet, then many readers numbering them at the very same moment.
    for (const token of await personalLinks(ctx, org, survey.id, 24)) await submit(token);
    await Promise.all(Array.from({ length: 8 }, () => numberResponses(ctx.db, survey.id)));
    expect(await sorted()).toEqual(Array.from({ length: 48 }, (_, index) => index + 1));
  });

  it('should leave the answering path as it was: its statements never read or write a number', () => {
    for (const [name, text] of Object.entries(respondSqlForTests(ctx.db)))
      expect(text, name).not.toMatch(/ordinal/);
  });
});

// Pure SQL on a bare embedded Postgres, so it runs once (in the PGlite project).
describe.runIf(testDatabaseKind() === 'pglite')('migration 0028 (response numbers)', () => {
  it('should number the existing submissions of each survey in the order they were submitted', async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const run = async (tag: string) => {
      const text = await readFile(join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) await client.exec(statement);
    };
    try {
      const at = journal.entries.findIndex((entry) => entry.tag === '0028_response_ordinals');
      expect(at).toBeGreaterThan(0);
      for (const entry of journal.entries.slice(0, at)) await run(entry.tag);
      await client.exec(`
        insert into organizations (id, name, created_at) values (1, 'Oud BV', now());
        insert into surveys (id, organization_id, title, status, public_token)
          values (1, 1, 'Eerste', 'open', 'pub-1'), (2, 1, 'Tweede', 'open', 'pub-2'), (3, 1, 'Leeg', 'draft', 'pub-3');
        insert into survey_responses (id, survey_id, organization_id, token_hash, kind, status, completed_at) values
          (10, 1, 1, 'h10', 'public', 'completed', '2026-03-02T10:00:00Z'),
          (11, 2, 1, 'h11', 'public', 'completed', '2026-03-01T09:00:00Z'),
          (12, 1, 1, 'h12', 'public', 'completed', '2026-03-01T08:00:00Z'),
          (13, 1, 1, 'h13', 'personal', 'in_progress', null),
          (14, 1, 1, 'h14', 'personal', 'completed', '2026-03-02T10:00:00Z'),
          (15, 1, 1, 'h15', 'personal', 'pending', null);`);
      for (const entry of journal.entries.slice(at)) await run(entry.tag);

      const responses = await client.query<{ id: number; ordinal: number | null }>(
        'select id::int, ordinal from survey_responses order by id',
      );
      expect(responses.rows).toEqual([
        { id: 10, ordinal: 2 },
        { id: 11, ordinal: 1 },
        { id: 12, ordinal: 1 },
        { id: 13, ordinal: null },
        // The same moment as 10: the older row first.
        { id: 14, ordinal: 3 },
        { id: 15, ordinal: null },
      ]);
      const surveys = await client.query<{ id: number; last_response_ordinal: number }>(
        'select id, last_response_ordinal from surveys order by id',
      );
      expect(surveys.rows).toEqual([
        { id: 1, last_response_ordinal: 3 },
        { id: 2, last_response_ordinal: 1 },
        { id: 3, last_response_ordinal: 0 },
      ]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
