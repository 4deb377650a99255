import type { MemberRole, Organization } from '@loop/core';
import { memberships } from '../db/schema';
import { putOnPlan } from './billing';
import { api, createUser, login, type TestContext, type TestUser } from './testApp';

/** A signed-in member of a test organisation. */
export interface TeamMember extends TestUser {
  readonly role: MemberRole;
  readonly token: string;
}

/** An organisation with one member in every role, on a plan (proloop: every feature unlocked). */
export interface TestTeam {
  readonly organization: Organization;
  readonly headers: Record<string, string>;
  readonly owner: TeamMember;
  readonly manager: TeamMember;
  readonly member: TeamMember;
  readonly viewer: TeamMember;
  /** The four members, owner first. */
  readonly all: readonly TeamMember[];
}

/** Creates the organisation through the API (as its owner) and adds the other roles directly. */
export async function createTeam(
  ctx: Pick<TestContext, 'app' | 'db' | 'clock'>,
  name = 'Team BV',
  plan = 'proloop',
): Promise<TestTeam> {
  const ownerUser = await createUser(ctx, { name: 'Olga Eigenaar' });
  const ownerToken = (await login(ctx.app, ownerUser)).access_token;
  const created = await api(ctx.app, 'POST', '/organizations', { token: ownerToken, payload: { name } });
  if (created.statusCode !== 201) throw new Error(`organisation not created: ${created.body}`);
  const organization = created.json<Organization>();
  await putOnPlan(ctx, organization.id, plan);
  const add = async (role: MemberRole, personName: string): Promise<TeamMember> => {
    const user = await createUser(ctx, { name: personName });
    await ctx.db
      .insert(memberships)
      .values({ userId: user.id, organizationId: organization.id, role, joinedAt: ctx.clock.now() });
    return { ...user, role, token: (await login(ctx.app, user)).access_token };
  };
  const owner: TeamMember = { ...ownerUser, role: 'owner', token: ownerToken };
  const manager = await add('manager', 'Bram Beheerder');
  const member = await add('member', 'Lotte Lid');
  const viewer = await add('viewer', 'Lars Lezer');
  return {
    organization,
    headers: { 'x-organization-id': String(organization.id) },
    owner,
    manager,
    member,
    viewer,
    all: [owner, manager, member, viewer],
  };
}
