import type { AcceptedInvitation, Invitation, InvitationLinkPreview, Member } from '@loop/core';
import { MEMBERSHIP_MESSAGES, PERMISSION_DENIED } from '@loop/core/organisation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, memberships, users } from '../db/schema';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, createTestContext, createUser, login, type TestContext, uniqueEmail } from '../testing/testApp';
import { INVITATION_LIFETIME_MS, INVITATION_MESSAGES } from './invitations';
import { ORGANIZATION_NOT_FOUND } from './memberships';
import { TEAM_MESSAGES } from './teams';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const as = (team: TestTeam, token: string) => ({ token, headers: team.headers });

const invite = (team: TestTeam, token: string, email: string, role = 'member') =>
  api(ctx.app, 'POST', '/organization/invitations', { ...as(team, token), payload: { email, role } });

const membershipOf = async (organizationId: number, userId: number) =>
  (
    await ctx.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
  )[0]?.role ?? null;

describe('members', () => {
  it('should list owners first, then managers, members and viewers, and mark the caller', async () => {
    const team = await createTeam(ctx);
    const response = await api(ctx.app, 'GET', '/organization/members', as(team, team.viewer.token));
    expect(response.statusCode).toBe(200);
    const members = response.json<Member[]>();
    expect(members.map((m) => [m.name, m.role, m.is_you])).toEqual([
      ['Olga Eigenaar', 'owner', false],
      ['Bram Beheerder', 'manager', false],
      ['Lotte Lid', 'member', false],
      ['Lars Lezer', 'viewer', true],
    ]);
    expect(members[0]!.joined_at).toBe(ctx.clock.now().toISOString());
  });

  it('should let the owner change a role, and refuse others and the owner themself', async () => {
    const team = await createTeam(ctx);
    const path = `/organization/members/${team.member.id}`;
    const changed = await api(ctx.app, 'PATCH', path, {
      ...as(team, team.owner.token),
      payload: { role: 'manager' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Member[]>().find((m) => m.user_id === team.member.id)?.role).toBe('manager');

    const byManager = await api(ctx.app, 'PATCH', `/organization/members/${team.viewer.id}`, {
      ...as(team, team.manager.token),
      payload: { role: 'member' },
    });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toEqual({ detail: PERMISSION_DENIED['members.manage'] });

    const self = await api(ctx.app, 'PATCH', `/organization/members/${team.owner.id}`, {
      ...as(team, team.owner.token),
      payload: { role: 'member' },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: MEMBERSHIP_MESSAGES.selfRole });
    expect(await membershipOf(team.organization.id, team.owner.id)).toBe('owner');

    const unknown = await api(ctx.app, 'PATCH', '/organization/members/999999', {
      ...as(team, team.owner.token),
      payload: { role: 'member' },
    });
    expect(unknown.statusCode).toBe(404);
    const badRole = await api(ctx.app, 'PATCH', path, {
      ...as(team, team.owner.token),
      payload: { role: 'baas' },
    });
    expect(badRole.statusCode).toBe(400);
  });

  it('should cut a removed member off at once: the next request with the organisation gets 404, no data', async () => {
    const team = await createTeam(ctx);
    const before = await api(ctx.app, 'GET', '/surveys', as(team, team.member.token));
    expect(before.statusCode).toBe(200);

    const removed = await api(
      ctx.app,
      'DELETE',
      `/organization/members/${team.member.id}`,
      as(team, team.owner.token),
    );
    expect(removed.statusCode).toBe(204);

    for (const path of ['/surveys', '/organization/members', '/branding/mine', '/user-subscriptions/me']) {
      const after = await api(ctx.app, 'GET', path, as(team, team.member.token));
      expect(after.statusCode, path).toBe(404);
      expect(after.json(), path).toEqual({ detail: ORGANIZATION_NOT_FOUND });
    }
    const me = await api(ctx.app, 'GET', '/users/me', { token: team.member.token });
    expect(me.json().organizations).toEqual([]);
  });

  it('should never let the last owner leave or be removed, and let others leave', async () => {
    const team = await createTeam(ctx);
    const ownerLeaves = await api(ctx.app, 'POST', '/organization/leave', as(team, team.owner.token));
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json()).toEqual({ detail: MEMBERSHIP_MESSAGES.lastOwnerLeave });

    const viewerLeaves = await api(ctx.app, 'POST', '/organization/leave', as(team, team.viewer.token));
    expect(viewerLeaves.statusCode).toBe(204);
    expect(await membershipOf(team.organization.id, team.viewer.id)).toBeNull();

    // With a second owner, either may go.
    await api(ctx.app, 'PATCH', `/organization/members/${team.manager.id}`, {
      ...as(team, team.owner.token),
      payload: { role: 'owner' },
    });
    const removeOwner = await api(
      ctx.app,
      'DELETE',
      `/organization/members/${team.owner.id}`,
      as(team, team.manager.token),
    );
    expect(removeOwner.statusCode).toBe(204);
    const lastOwner = await api(ctx.app, 'POST', '/organization/leave', as(team, team.manager.token));
    expect(lastOwner.statusCode).toBe(409);
  });

  it('should hand ownership to another member and make the owner a manager', async () => {
    const team = await createTeam(ctx);
    const byManager = await api(ctx.app, 'POST', '/organization/transfer', {
      ...as(team, team.manager.token),
      payload: { user_id: team.member.id },
    });
    expect(byManager.statusCode).toBe(403);

    const transferred = await api(ctx.app, 'POST', '/organization/transfer', {
      ...as(team, team.owner.token),
      payload: { user_id: team.member.id },
    });
    expect(transferred.statusCode, transferred.body).toBe(200);
    expect(await membershipOf(team.organization.id, team.member.id)).toBe('owner');
    expect(await membershipOf(team.organization.id, team.owner.id)).toBe('manager');
    // The former owner is a manager now: the plan is no longer theirs to change.
    const plan = await api(ctx.app, 'POST', '/user-subscriptions', {
      ...as(team, team.owner.token),
      payload: { plan_id: 1 },
    });
    expect(plan.statusCode).toBe(403);
  });

  it('should let only the owner rename the organisation, with the Dutch rules for a name', async () => {
    const team = await createTeam(ctx);
    const renamed = await api(ctx.app, 'PATCH', '/organization', {
      ...as(team, team.owner.token),
      payload: { name: '  Nieuwe Naam BV ' },
    });
    expect(renamed.json()).toEqual({ id: team.organization.id, name: 'Nieuwe Naam BV', role: 'owner' });
    const empty = await api(ctx.app, 'PATCH', '/organization', {
      ...as(team, team.owner.token),
      payload: { name: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    const byManager = await api(ctx.app, 'PATCH', '/organization', {
      ...as(team, team.manager.token),
      payload: { name: 'Overgenomen' },
    });
    expect(byManager.statusCode).toBe(403);
  });
});

describe('invitations', () => {
  it('should mail a single-use link, list the invitation and let the invitee accept while signed in', async () => {
    const team = await createTeam(ctx);
    const invitee = await createUser(ctx, { name: 'Ingrid Invité' });
    const created = await invite(team, team.manager.token, ` ${invitee.email.toUpperCase()} `, 'member');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Invitation>()).toMatchObject({
      email: invitee.email,
      role: 'member',
      invited_by: 'Bram Beheerder',
      state: 'pending',
    });
    const mail = ctx.mailer.to(invitee.email, 'invitation').at(-1)!;
    expect(mail.subject).toBe('Uitnodiging voor Team BV op Loop');
    expect(mail.text).toContain('Bram Beheerder nodigt je uit om als lid mee te werken in Team BV');
    const token = ctx.mailer.lastToken(invitee.email, 'invitation');
    expect(mail.link).toBe(`http://loop.test/uitnodiging/${token}`);
    const [stored] = await ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, created.json<Invitation>().id));
    expect(stored?.tokenHash).not.toContain(token);

    const listed = await api(ctx.app, 'GET', '/organization/invitations', as(team, team.owner.token));
    expect(listed.json<Invitation[]>().map((i) => i.email)).toEqual([invitee.email]);

    const preview = await api(ctx.app, 'GET', `/invitations/${token}`);
    expect(preview.json<InvitationLinkPreview>()).toEqual({
      organization_name: 'Team BV',
      email: invitee.email,
      role: 'member',
      invited_by: 'Bram Beheerder',
      state: 'valid',
      has_account: true,
    });

    const inviteeToken = (await login(ctx.app, invitee)).access_token;
    const accepted = await api(ctx.app, 'POST', '/invitations/accept', {
      token: inviteeToken,
      payload: { token },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<AcceptedInvitation>()).toEqual({
      organization_id: team.organization.id,
      organization_name: 'Team BV',
      role: 'member',
    });
    expect(await membershipOf(team.organization.id, invitee.id)).toBe('member');
    const again = await api(ctx.app, 'POST', '/invitations/accept', {
      token: inviteeToken,
      payload: { token },
    });
    expect(again.statusCode).toBe(404);
    expect((await api(ctx.app, 'GET', `/invitations/${token}`)).statusCode).toBe(404);
    expect(
      (await api(ctx.app, 'GET', '/organization/invitations', as(team, team.owner.token))).json(),
    ).toEqual([]);

    await ctx.app.appLog.flush();
    const logs = await ctx.db.query.appLogs.findMany();
    const invitationLogs = logs.filter((row) => row.action.startsWith('organization.invitation'));
    expect(invitationLogs.map((row) => row.action)).toEqual([
      'organization.invitation_created',
      'organization.invitation_accepted',
    ]);
    for (const row of logs) expect(row.message).not.toContain(invitee.email);
  });

  it('should refuse the link to someone signed in with another address', async () => {
    const team = await createTeam(ctx);
    const email = uniqueEmail('uitgenodigd');
    await invite(team, team.owner.token, email);
    const token = ctx.mailer.lastToken(email, 'invitation');
    const stranger = await createUser(ctx);
    const strangerToken = (await login(ctx.app, stranger)).access_token;
    const refused = await api(ctx.app, 'POST', '/invitations/accept', {
      token: strangerToken,
      payload: { token },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: INVITATION_MESSAGES.otherAddress });
    expect(await membershipOf(team.organization.id, stranger.id)).toBeNull();
  });

  it('should let an invitee without an account register with the link and log in at once as a member', async () => {
    const team = await createTeam(ctx);
    const email = uniqueEmail('nieuw');
    await invite(team, team.owner.token, email, 'viewer');
    const token = ctx.mailer.lastToken(email, 'invitation');
    expect((await api(ctx.app, 'GET', `/invitations/${token}`)).json().has_account).toBe(false);

    const otherAddress = await api(ctx.app, 'POST', '/auth/register', {
      payload: {
        name: 'Nina Nieuw',
        email: uniqueEmail('ander'),
        password: 'Een-goed-wachtwoord',
        invitation_token: token,
      },
    });
    expect(otherAddress.statusCode).toBe(400);
    expect(otherAddress.json().fields).toEqual({ email: INVITATION_MESSAGES.otherAddress });

    const registered = await api(ctx.app, 'POST', '/auth/register', {
      payload: { name: 'Nina Nieuw', email, password: 'Een-goed-wachtwoord', invitation_token: token },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().detail).toBe(
      'Je account is aangemaakt en je bent lid van Team BV. Je kunt nu inloggen.',
    );
    expect(ctx.mailer.to(email, 'verify')).toEqual([]);
    const tokens = await login(ctx.app, { email, password: 'Een-goed-wachtwoord' });
    const me = await api(ctx.app, 'GET', '/users/me', { token: tokens.access_token });
    expect(me.json()).toMatchObject({
      onboarding_completed: true,
      email_verified: true,
      organizations: [{ id: team.organization.id, name: 'Team BV' }],
    });
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(await membershipOf(team.organization.id, user!.id)).toBe('viewer');

    const twice = await api(ctx.app, 'POST', '/auth/register', {
      payload: { name: 'Nina', email, password: 'Een-goed-wachtwoord', invitation_token: token },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('should leave no account behind when the invitation has expired', async () => {
    const team = await createTeam(ctx);
    const email = uniqueEmail('laat');
    await invite(team, team.owner.token, email);
    const token = ctx.mailer.lastToken(email, 'invitation');
    ctx.clock.advance(INVITATION_LIFETIME_MS + 1000);
    expect((await api(ctx.app, 'GET', `/invitations/${token}`)).json().state).toBe('expired');
    const ownerToken = (await login(ctx.app, team.owner)).access_token;
    const listed = await api(ctx.app, 'GET', '/organization/invitations', as(team, ownerToken));
    expect(listed.json<Invitation[]>()[0]?.state).toBe('expired');

    const registered = await api(ctx.app, 'POST', '/auth/register', {
      payload: { name: 'Te Laat', email, password: 'Een-goed-wachtwoord', invitation_token: token },
    });
    expect(registered.statusCode).toBe(410);
    expect(registered.json()).toEqual({ detail: INVITATION_MESSAGES.expired });
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('should re-send with a new link (the old one stops working) and withdraw', async () => {
    const team = await createTeam(ctx);
    const email = uniqueEmail('opnieuw');
    const created = (await invite(team, team.owner.token, email)).json<Invitation>();
    const first = ctx.mailer.lastToken(email, 'invitation');
    ctx.clock.advance(INVITATION_LIFETIME_MS + 1000);
    const managerToken = (await login(ctx.app, team.manager)).access_token;
    const ownerToken = (await login(ctx.app, team.owner)).access_token;

    const resent = await api(
      ctx.app,
      'POST',
      `/organization/invitations/${created.id}/resend`,
      as(team, managerToken),
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<Invitation>().state).toBe('pending');
    const second = ctx.mailer.lastToken(email, 'invitation');
    expect(second).not.toBe(first);
    expect((await api(ctx.app, 'GET', `/invitations/${first}`)).statusCode).toBe(404);
    expect((await api(ctx.app, 'GET', `/invitations/${second}`)).json().state).toBe('valid');

    const withdrawn = await api(
      ctx.app,
      'DELETE',
      `/organization/invitations/${created.id}`,
      as(team, ownerToken),
    );
    expect(withdrawn.statusCode).toBe(204);
    expect((await api(ctx.app, 'GET', `/invitations/${second}`)).statusCode).toBe(404);
    expect(await ctx.db.select().from(invitations).where(eq(invitations.id, created.id))).toEqual([]);
  });

  it('should refuse members, roles above the inviter, existing members and a second open invitation', async () => {
    const team = await createTeam(ctx);
    const email = uniqueEmail('dubbel');
    const byMember = await invite(team, team.member.token, email);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ detail: PERMISSION_DENIED['members.invite'] });
    const ownerByManager = await invite(team, team.manager.token, email, 'owner');
    expect(ownerByManager.statusCode).toBe(400);
    expect(ownerByManager.json().fields).toEqual({ role: MEMBERSHIP_MESSAGES.notAssignable });
    const existing = await invite(team, team.owner.token, team.viewer.email);
    expect(existing.statusCode).toBe(409);
    expect(existing.json()).toEqual({ detail: INVITATION_MESSAGES.alreadyMember });
    const badAddress = await invite(team, team.owner.token, 'geen-adres');
    expect(badAddress.statusCode).toBe(400);
    expect(Object.keys(badAddress.json().fields)).toEqual(['email']);

    expect((await invite(team, team.owner.token, email)).statusCode).toBe(201);
    const twice = await invite(team, team.owner.token, email);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: INVITATION_MESSAGES.alreadyInvited });
    expect(ctx.mailer.to(email, 'invitation')).toHaveLength(1);
  });

  it('should answer 404 with the reason for an invitation or member id that is not one', async () => {
    const team = await createTeam(ctx);
    for (const [method, path, detail] of [
      ['DELETE', '/organization/invitations/abc', INVITATION_MESSAGES.notFound],
      ['POST', '/organization/invitations/abc/resend', INVITATION_MESSAGES.notFound],
      ['DELETE', '/organization/invitations/999999999', INVITATION_MESSAGES.notFound],
      ['POST', '/organization/invitations/999999999/resend', INVITATION_MESSAGES.notFound],
      ['DELETE', '/organization/members/abc', TEAM_MESSAGES.memberNotFound],
      ['DELETE', '/organization/members/999999999', TEAM_MESSAGES.memberNotFound],
    ] as const) {
      const response = await api(ctx.app, method, path, as(team, team.owner.token));
      expect([path, response.statusCode, response.json()]).toEqual([path, 404, { detail }]);
    }
    const role = await api(ctx.app, 'PATCH', '/organization/members/abc', {
      ...as(team, team.owner.token),
      payload: { role: 'viewer' },
    });
    expect([role.statusCode, role.json()]).toEqual([404, { detail: TEAM_MESSAGES.memberNotFound }]);
  });

  it('should keep invitations of one organisation away from another', async () => {
    const team = await createTeam(ctx);
    const other = await createTeam(ctx, 'Ander BV');
    const created = (await invite(team, team.owner.token, uniqueEmail('eigen'))).json<Invitation>();
    const foreign = await api(
      ctx.app,
      'DELETE',
      `/organization/invitations/${created.id}`,
      as(other, other.owner.token),
    );
    expect(foreign.statusCode).toBe(404);
    const resend = await api(
      ctx.app,
      'POST',
      `/organization/invitations/${created.id}/resend`,
      as(other, other.owner.token),
    );
    expect(resend.statusCode).toBe(404);
    expect(
      (await api(ctx.app, 'GET', '/organization/invitations', as(other, other.owner.token))).json(),
    ).toEqual([]);
  });
});
