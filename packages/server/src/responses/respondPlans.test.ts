import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/testApp';
import { respondSqlForTests } from './respondStatements';

/**
 * The answering statements are prepared, and PostgreSQL keeps a prepared statement's generic plan
 * until the next ANALYZE: made while the tables are nearly empty (a new installation, the start of
 * a benchmark), a join against them becomes a sequential scan of every answer once they have grown
 * (17 ms per batch at 77,000 rows in bench/respond before this was fixed). This builds each
 * statement's generic plan on this test's fresh, nearly empty database and wants index scans only
 * on the tables that grow with every respondent.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const GROWING_TABLES = ['survey_answers', 'survey_responses', 'survey_invitations'];

/** The generic plan of `text` as EXPLAIN prints it (the parameters' values do not enter it). */
async function genericPlan(text: string): Promise<string> {
  const parameters = Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
  const values = Array.from({ length: parameters }, () => 'null').join(', ');
  let lines: unknown[] = [];
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
    await tx.execute(sql.raw(`prepare plan_check as ${text}`));
    const result = await tx.execute(
      sql.raw(`explain execute plan_check${parameters === 0 ? '' : `(${values})`}`),
    );
    lines = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    await tx.execute(sql.raw('deallocate plan_check'));
  });
  return lines.map((line) => Object.values(line as Record<string, string>)[0]).join('\n');
}

describe('the answering statements under a cached generic plan', () => {
  it('should reach the growing tables only through their indexes', async () => {
    const statements = Object.entries(respondSqlForTests(ctx.db));
    expect(statements.map(([name]) => name).sort()).toEqual(
      [
        'alertedHookedWrite',
        'alertedWrite',
        'hookedWrite',
        'page',
        'saved',
        'seconds',
        'targets',
        'visitors',
        'write',
      ].sort(),
    );
    for (const [name, text] of statements) {
      const plan = await genericPlan(text);
      for (const table of GROWING_TABLES)
        expect(plan, `${name}:\n${plan}`).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
    }
  });
});
