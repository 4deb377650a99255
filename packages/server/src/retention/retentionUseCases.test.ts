import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { organizations, type SurveyRow, surveys, users } from '../db/schema';
import { createSurvey } from '../surveys/surveyUseCases';
import { FakeClock } from '../testing/fakeClock';
import { sampleInput } from '../testing/surveyTesting';
import { openTestDatabase } from '../testing/testDatabase';
import { setSurveyRetention } from './retentionUseCases';

let handle: DatabaseHandle;
let clock: FakeClock;
let survey: SurveyRow;

const deps = () => ({ db: handle.db, clock });

beforeAll(async () => {
  handle = await openTestDatabase();
  clock = new FakeClock(new Date('2026-03-02T09:00:00.000Z'));
  const [organization] = await handle.db
    .insert(organizations)
    .values({ name: 'Bewaar BV' })
    .returning({ id: organizations.id });
  const [user] = await handle.db
    .insert(users)
    .values({ name: 'Bea Bewaar', email: 'bea@bewaar.example', passwordHash: 'x' })
    .returning({ id: users.id });
  survey = await createSurvey(deps(), {
    organizationId: organization!.id,
    createdBy: user!.id,
    now: clock.now(),
    input: sampleInput(),
  });
});
afterAll(() => handle.close());

const stored = async () => (await handle.db.select().from(surveys).where(eq(surveys.id, survey.id)))[0];

describe('setSurveyRetention, called without HTTP', () => {
  it('should store a number of months and answer the stored row', async () => {
    const result = await setSurveyRetention(deps(), survey, { retention_until: null, retention_months: 6 });
    expect(result).toMatchObject({
      ok: true,
      value: { row: { retentionMonths: 6, retentionUntil: null }, retention: { retention_months: 6 } },
    });
    expect(await stored()).toMatchObject({ retentionMonths: 6, retentionUntil: null });
  });

  it('should refuse a day in the past and change nothing', async () => {
    const result = await setSurveyRetention(deps(), survey, {
      retention_until: '2020-01-01',
      retention_months: null,
    });
    expect(result).toMatchObject({
      ok: false,
      code: 'invalid',
      fields: { retention_until: expect.any(String) },
    });
    expect(await stored()).toMatchObject({ retentionMonths: 6 });
  });

  it("should answer not_found for another organisation's survey", async () => {
    const result = await setSurveyRetention(
      deps(),
      { ...survey, organizationId: survey.organizationId + 1000 },
      {
        retention_until: null,
        retention_months: null,
      },
    );
    expect(result).toEqual({ ok: false, code: 'not_found' });
    expect(await stored()).toMatchObject({ retentionMonths: 6 });
  });
});
