import { readFileSync } from 'node:fs';
import { isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyTemplates } from '../db/schema';
import { createTestContext, type TestContext } from '../testing/testApp';
import { BUILT_IN_TEMPLATES } from './builtInTemplates';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

/** The statements of migration 0029 that rewrite the built-in templates. */
const templateStatements = (): string[] =>
  readFileSync(new URL('../../drizzle/0029_one_language.sql', import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .filter((statement) => statement.includes('"survey_templates"'));

describe('the built-in templates in one language (docs/glossary.md)', () => {
  it('should write the ASCII apostrophe in the code and in a database seeded before (migration 0029)', async () => {
    expect(JSON.stringify(BUILT_IN_TEMPLATES)).not.toMatch(/[\u2018\u2019]/);
    // A database seeded before the change: the curly apostrophe in the stored texts.
    await ctx.db.execute(
      sql`update survey_templates set questions = replace(questions::text, 'collega''s', 'collega’s')::jsonb,
          name = name || '’' where organization_id is null`,
    );
    const curly = async () =>
      (await ctx.db.select().from(surveyTemplates).where(isNull(surveyTemplates.organizationId))).filter(
        (row) => /[\u2018\u2019]/.test(JSON.stringify(row)),
      ).length;
    expect(await curly()).toBeGreaterThan(0);
    const statements = templateStatements();
    expect(statements).toHaveLength(1);
    for (const statement of statements) await ctx.db.execute(sql.raw(statement));
    expect(await curly()).toBe(0);
  });
});
