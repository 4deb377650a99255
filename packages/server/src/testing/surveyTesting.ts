import type { Organization, Question, SurveyInput } from '@loop/core';
import { and, eq, inArray } from 'drizzle-orm';
import { memberships, surveys, surveyTemplates, users } from '../db/schema';
import { createOrganizationWithMember } from './billing';
import type { TestContext } from './testApp';

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
  const org = await createOrganizationWithMember(ctx, name);
  // The owner also manages templates; the right is read from the database on every request.
  const owners = ctx.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, org.organization.id), eq(memberships.role, 'owner')));
  await ctx.db.update(users).set({ canManageTemplates: true }).where(inArray(users.id, owners));
  return {
    organization: org.organization,
    managerToken: org.ownerToken,
    memberToken: org.memberToken,
    headers: org.headers,
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
