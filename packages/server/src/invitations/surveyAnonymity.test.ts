import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { organizations, type SurveyRow, surveys, users } from '../db/schema';
import { createSurvey } from '../surveys/surveyUseCases';
import { FakeClock } from '../testing/fakeClock';
import { sampleInput } from '../testing/surveyTesting';
import { openTestDatabase } from '../testing/testDatabase';
import { setSurveyAnonymity } from './surveyAnonymity';

let handle: DatabaseHandle;
let survey: SurveyRow;

beforeAll(async () => {
  handle = await openTestDatabase();
  const clock = new FakeClock();
  const [organization] = await handle.db
    .insert(organizations)
    .values({ name: 'Anoniem BV' })
    .returning({ id: organizations.id });
  const [user] = await handle.db
    .insert(users)
    .values({ name: 'Ada Anoniem', email: 'ada@anoniem.example', passwordHash: 'x' })
    .returning({ id: users.id });
  survey = await createSurvey(
    { db: handle.db },
    { organizationId: organization!.id, createdBy: user!.id, now: clock.now(), input: sampleInput() },
  );
});
afterAll(() => handle.close());

const stored = async () => (await handle.db.select().from(surveys).where(eq(surveys.id, survey.id)))[0];

describe('setSurveyAnonymity, called without HTTP', () => {
  it('should switch a survey without invitations either way', async () => {
    const on = await setSurveyAnonymity({ db: handle.db }, survey, !survey.anonymous);
    expect(on).toMatchObject({ ok: true, value: { id: survey.id, anonymous: !survey.anonymous } });
    expect((await stored())?.anonymous).toBe(!survey.anonymous);
    const off = await setSurveyAnonymity(
      { db: handle.db },
      { ...survey, anonymous: !survey.anonymous },
      survey.anonymous,
    );
    expect(off).toMatchObject({ ok: true, value: { anonymous: survey.anonymous } });
  });

  it("should answer not_found for another organisation's survey and change nothing", async () => {
    const result = await setSurveyAnonymity(
      { db: handle.db },
      { ...survey, organizationId: survey.organizationId + 1000 },
      !survey.anonymous,
    );
    expect(result).toEqual({ ok: false, code: 'not_found' });
    expect((await stored())?.anonymous).toBe(survey.anonymous);
  });
});
