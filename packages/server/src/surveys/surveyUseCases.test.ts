import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { organizations, surveys, users } from '../db/schema';
import { FakeClock } from '../testing/fakeClock';
import { sampleInput } from '../testing/surveyTesting';
import { openTestDatabase } from '../testing/testDatabase';
import { SURVEY_ERRORS } from './surveys';
import {
  changeSurveyStatus,
  createDraft,
  createSurvey,
  duplicateSurvey,
  removeSurvey,
  saveSurveyContent,
} from './surveyUseCases';

let handle: DatabaseHandle;
let clock: FakeClock;
let organizationId: number;
let userId: number;

const deps = () => ({ db: handle.db, clock });

beforeAll(async () => {
  handle = await openTestDatabase();
  clock = new FakeClock();
  const [organization] = await handle.db
    .insert(organizations)
    .values({ name: 'Bakkerij Bol' })
    .returning({ id: organizations.id });
  const [user] = await handle.db
    .insert(users)
    .values({ name: 'Bo Bol', email: 'bo@bakkerij.example', passwordHash: 'x' })
    .returning({ id: users.id });
  organizationId = organization!.id;
  userId = user!.id;
});
afterAll(() => handle.close());

const newDraft = () =>
  createSurvey(deps(), { organizationId, createdBy: userId, now: clock.now(), input: sampleInput() });

describe('survey use-cases, called without HTTP', () => {
  it('should create a draft with its public link token in one transaction', async () => {
    const row = await newDraft();
    expect(row).toMatchObject({ organizationId, createdBy: userId, status: 'draft', version: 1 });
    expect(row.publicToken).toEqual(expect.any(String));
    const [stored] = await handle.db.select().from(surveys).where(eq(surveys.id, row.id));
    expect(stored?.publicToken).toBe(row.publicToken);
  });

  it('should refuse a draft from an unknown template and write nothing', async () => {
    const before = await handle.db.select().from(surveys);
    const result = await createDraft(deps(), {
      organizationId,
      createdBy: userId,
      body: { template_id: 987_654 },
    });
    expect(result).toMatchObject({ ok: false, code: 'not_found' });
    expect(await handle.db.select().from(surveys)).toHaveLength(before.length);
  });

  it('should save content at the loaded version and refuse a stale one', async () => {
    const row = await newDraft();
    const saved = await saveSurveyContent(deps(), row, sampleInput({ title: 'Nieuwe titel' }), row.version);
    expect(saved).toMatchObject({ ok: true, value: { title: 'Nieuwe titel', version: row.version + 1 } });
    const stale = await saveSurveyContent(deps(), row, sampleInput({ title: 'Te laat' }), row.version);
    expect(stale).toEqual({ ok: false, code: 'conflict', detail: SURVEY_ERRORS.staleVersion });
  });

  it('should open a complete draft once and tell when nothing changed', async () => {
    const row = await newDraft();
    const opened = await changeSurveyStatus(deps(), row, 'open');
    expect(opened).toMatchObject({ ok: true, value: { changed: true, row: { status: 'open' } } });
    if (!opened.ok) return;
    const again = await changeSurveyStatus(deps(), opened.value.row, 'open');
    expect(again).toMatchObject({ ok: true, value: { changed: false } });
  });

  it('should refuse to open a draft that still lacks something, naming the field', async () => {
    const row = await createSurvey(deps(), {
      organizationId,
      createdBy: userId,
      now: clock.now(),
      input: sampleInput({ title: '' }),
    });
    const result = await changeSurveyStatus(deps(), row, 'open');
    expect(result).toMatchObject({ ok: false, code: 'conflict', fields: { title: expect.any(String) } });
  });

  it('should copy a survey as a new draft and delete one, answering its response count', async () => {
    const row = await newDraft();
    const copy = await duplicateSurvey(deps(), row, userId);
    expect(copy.id).not.toBe(row.id);
    expect(copy.title).toBe(`${row.title} (kopie)`);
    expect(await removeSurvey(deps(), copy)).toBe(0);
    expect(await removeSurvey(deps(), copy)).toBeNull();
  });
});
