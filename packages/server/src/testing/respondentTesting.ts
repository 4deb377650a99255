import type { Organization } from '@loop/core';
import { MEMBER_ROLES, type MemberRole } from '@loop/core';
import type { LightMyRequestResponse } from 'fastify';
import { memberships } from '../db/schema';
import type { SurveyOrganization } from './surveyTesting';
import { api, createUser, login, type TestContext, type TestUser } from './testApp';

/** An organisation with one member of every role, and the access token of each. */
export interface RolesOrganization extends SurveyOrganization {
  readonly tokens: Readonly<Record<MemberRole, string>>;
  /** The same organisation with tokens issued now (the fake clock may have passed their expiry). */
  relogin(): Promise<RolesOrganization>;
}

type Context = Pick<TestContext, 'app' | 'db' | 'clock'>;

async function withTokens(
  ctx: Context,
  organization: Organization,
  users: Readonly<Record<MemberRole, TestUser>>,
): Promise<RolesOrganization> {
  const tokens = {} as Record<MemberRole, string>;
  for (const role of MEMBER_ROLES) tokens[role] = (await login(ctx.app, users[role])).access_token;
  return {
    organization,
    managerToken: tokens.owner,
    memberToken: tokens.member,
    headers: { 'x-organization-id': String(organization.id) },
    tokens,
    relogin: () => withTokens(ctx, organization, users),
  };
}

/** An organisation made through the API by its owner, with a manager, a member and a viewer. */
export async function organizationWithRoles(ctx: Context, name: string): Promise<RolesOrganization> {
  const owner = await createUser(ctx);
  const ownerToken = (await login(ctx.app, owner)).access_token;
  const created = await api(ctx.app, 'POST', '/organizations', { token: ownerToken, payload: { name } });
  if (created.statusCode !== 201) throw new Error(`organisation not created: ${created.body}`);
  const organization = created.json<Organization>();
  const others = {} as Record<Exclude<MemberRole, 'owner'>, TestUser>;
  for (const role of ['manager', 'member', 'viewer'] as const) {
    others[role] = await createUser(ctx);
    await ctx.db
      .insert(memberships)
      .values({ userId: others[role].id, organizationId: organization.id, role });
  }
  return withTokens(ctx, organization, { owner, ...others });
}

/** A call as the member of `role` in the organisation. */
export const callAs = (
  ctx: Pick<TestContext, 'app'>,
  org: RolesOrganization,
  role: MemberRole,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  api(ctx.app, method, path, {
    token: org.tokens[role],
    headers: org.headers,
    ...(payload === undefined ? {} : { payload }),
  });
