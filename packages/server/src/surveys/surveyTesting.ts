import type { Organization, Question, SurveyInput } from '@loop/core';
import { eq } from 'drizzle-orm';
import { memberships, surveys, surveyTemplates, users } from '../db/schema';
import { api, createUser, login, type TestContext } from '../testing/testApp';

/** An organisation with an owner who may manage templates and a member who may not. */
export interface SurveyOrganization {
  readonly organization: Organization;
  readonly managerToken: string;
  readonly memberToken: string;
  readonly headers: Record<string, string>;
}

export async function surveyOrganization(
  ctx: Pick<TestContext, 'app' | 'db' | 'clock'>,
  name: string,
): Promise<SurveyOrganization> {
  const manager = await createUser(ctx);
  await ctx.db.update(users).set({ canManageTemplates: true }).where(eq(users.id, manager.id));
  const managerToken = (await login(ctx.app, manager)).access_token;
  const created = await api(ctx.app, 'POST', '/organizations', { token: managerToken, payload: { name } });
  if (created.statusCode !== 201) throw new Error(`organisation not created: ${created.body}`);
  const organization = created.json<Organization>();
  const member = await createUser(ctx);
  await ctx.db
    .insert(memberships)
    .values({ userId: member.id, organizationId: organization.id, role: 'member' });
  const memberToken = (await login(ctx.app, member)).access_token;
  return {
    organization,
    managerToken,
    memberToken,
    headers: { 'x-organization-id': String(organization.id) },
  };
}

export const sampleQuestions = (): Question[] => [
  {
    id: 'q-nps',
    type: 'nps',
    title: 'Hoe waarschijnlijk is het dat je ons aanbeveelt?',
    required: true,
    position: 0,
    settings: {},
  },
  {
    id: 'q-open',
    type: 'open_long',
    title: 'Wat kan beter?',
    required: false,
    position: 1,
    settings: { max_length: 2000 },
  },
];

export const sampleInput = (overrides: Partial<SurveyInput> = {}): SurveyInput => ({
  title: 'Klantpeiling voorjaar',
  description_html: '<p>Korte peiling</p>',
  introduction_html: '',
  thank_you_text: 'Bedankt!',
  close_at: null,
  questions: sampleQuestions(),
  ...overrides,
});

/** Row counts and the full survey and template tables: "nothing changed" in one value. */
export async function surveySnapshot(ctx: Pick<TestContext, 'db'>) {
  return {
    surveys: await ctx.db.select().from(surveys).orderBy(surveys.id),
    templates: await ctx.db.select().from(surveyTemplates).orderBy(surveyTemplates.id),
  };
}
