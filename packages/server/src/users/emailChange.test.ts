import type { CurrentUser } from '@loop/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChanges, users } from '../db/schema';
import { MESSAGES } from '../http/apiError';
import { api, createTestContext, createUser, login, type TestContext, uniqueEmail } from '../testing/testApp';
import { EMAIL_CHANGE_CONFIRM_MS, EMAIL_CHANGE_MESSAGES, EMAIL_CHANGE_UNDO_MS } from './emailChange';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

/** Asks for a new address and waits for the work done after the answer (the lookup and the mail). */
async function requestChange(token: string, newEmail: string, currentPassword: string) {
  const response = await api(ctx.app, 'POST', '/users/me/email', {
    token,
    payload: { new_email: newEmail, current_password: currentPassword },
  });
  await ctx.app.mail.drain();
  return response;
}

const me = async (token: string) => (await api(ctx.app, 'GET', '/users/me', { token })).json<CurrentUser>();
const emailOf = async (userId: number) =>
  (await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;

describe('the e-mail address through PATCH /users/me (security finding M1)', () => {
  it('should change nothing about the address, whatever an access token alone sends', async () => {
    const user = await createUser(ctx);
    const { access_token } = await login(ctx.app, user);
    const attacker = uniqueEmail('aanvaller');

    const response = await api(ctx.app, 'PATCH', '/users/me', {
      token: access_token,
      payload: { name: 'Nieuwe Naam', email: attacker },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json<CurrentUser>()).toMatchObject({ name: 'Nieuwe Naam', email: user.email });
    expect(await emailOf(user.id)).toBe(user.email);
    expect(ctx.mailer.to(attacker)).toEqual([]);
    // The password can still only be reset through the real owner's mailbox.
    await api(ctx.app, 'POST', '/auth/forgot-password', { payload: { email: attacker } });
    await ctx.app.mail.drain();
    expect(ctx.mailer.to(attacker, 'reset')).toEqual([]);
  });
});

describe('POST /users/me/email', () => {
  it('should need the current password, and store or mail nothing without it', async () => {
    const user = await createUser(ctx);
    const { access_token } = await login(ctx.app, user);
    const wanted = uniqueEmail('nieuw');

    const wrong = await requestChange(access_token, wanted, 'niet-mijn-wachtwoord');

    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      detail: EMAIL_CHANGE_MESSAGES.wrongPassword,
      fields: { current_password: EMAIL_CHANGE_MESSAGES.wrongPassword },
    });
    expect(ctx.mailer.to(wanted)).toEqual([]);
    expect(await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id))).toEqual([]);
    const same = await requestChange(access_token, user.email.toUpperCase(), user.password);
    expect(same.json().fields).toEqual({ new_email: EMAIL_CHANGE_MESSAGES.sameAddress });
  });

  it('should answer a taken and a free address alike, mailing the owner of the taken one (M2)', async () => {
    const owner = await createUser(ctx, { name: 'Eigenaar Adres' });
    const user = await createUser(ctx);
    const { access_token } = await login(ctx.app, user);
    const free = uniqueEmail('vrij');

    const taken = await requestChange(access_token, owner.email, user.password);
    const available = await requestChange(access_token, free, user.password);

    expect(taken.statusCode).toBe(202);
    expect(available.statusCode).toBe(202);
    expect(taken.body).toBe(available.body);
    expect(taken.json()).toEqual({ detail: EMAIL_CHANGE_MESSAGES.requested });
    expect(ctx.mailer.to(owner.email).map((mail) => mail.kind)).toEqual(['email-taken']);
    expect(ctx.mailer.to(free).map((mail) => mail.kind)).toEqual(['email-change-confirm']);
    expect((await me(access_token)).pending_email).toBe(free);
    // Until the link is followed, the old address stays the login and the reset address.
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await login(ctx.app, user)).access_token).toBeTruthy();
  });

  it('should make the new address the login once confirmed, and let the old address undo it for 7 days', async () => {
    const user = await createUser(ctx, { name: 'Verhuizer' });
    const first = await login(ctx.app, user);
    const second = await login(ctx.app, user);
    const newEmail = uniqueEmail('verhuisd');
    await requestChange(first.access_token, newEmail, user.password);
    const confirmToken = ctx.mailer.lastToken(newEmail, 'email-change-confirm');

    const confirmed = await api(ctx.app, 'POST', '/auth/confirm-email-change', {
      payload: { token: confirmToken },
    });

    expect(confirmed.json()).toEqual({ detail: EMAIL_CHANGE_MESSAGES.confirmed });
    expect(await me(first.access_token)).toMatchObject({
      email: newEmail,
      email_verified: true,
      pending_email: null,
    });
    expect((await login(ctx.app, { email: newEmail, password: user.password })).access_token).toBeTruthy();
    const oldLogin = await api(ctx.app, 'POST', '/auth/login', {
      payload: { email: user.email, password: user.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const notice = ctx.mailer.to(user.email, 'email-changed').at(-1)!;
    expect(notice.text).toContain(newEmail);
    expect(notice.link).toMatch(/^http:\/\/loop\.test\/email-herstellen\//);
    const again = await api(ctx.app, 'POST', '/auth/confirm-email-change', {
      payload: { token: confirmToken },
    });
    expect(again.statusCode).toBe(400);

    const undone = await api(ctx.app, 'POST', '/auth/undo-email-change', {
      payload: { token: ctx.mailer.lastToken(user.email, 'email-changed') },
    });

    expect(undone.json()).toEqual({ detail: EMAIL_CHANGE_MESSAGES.undone });
    expect(await emailOf(user.id)).toBe(user.email);
    for (const session of [first, second]) {
      const revoked = await api(ctx.app, 'GET', '/users/me', { token: session.access_token });
      expect(revoked.statusCode).toBe(419);
      expect(revoked.json()).toEqual({ detail: MESSAGES.sessionRevoked });
    }
    expect((await login(ctx.app, user)).access_token).toBeTruthy();
  });

  it('should refuse expired links and withdraw a pending address', async () => {
    const user = await createUser(ctx);
    const { access_token } = await login(ctx.app, user);
    const late = uniqueEmail('te-laat');
    await requestChange(access_token, late, user.password);
    const token = ctx.mailer.lastToken(late, 'email-change-confirm');
    ctx.clock.advance(EMAIL_CHANGE_CONFIRM_MS + 1000);
    const expired = await api(ctx.app, 'POST', '/auth/confirm-email-change', { payload: { token } });
    expect(expired.json()).toEqual({ detail: EMAIL_CHANGE_MESSAGES.confirmInvalid });

    const fresh = (await login(ctx.app, user)).access_token;
    const withdrawnEmail = uniqueEmail('ingetrokken');
    await requestChange(fresh, withdrawnEmail, user.password);
    expect((await me(fresh)).pending_email).toBe(withdrawnEmail);
    expect((await api(ctx.app, 'DELETE', '/users/me/email', { token: fresh })).statusCode).toBe(204);
    expect((await me(fresh)).pending_email).toBeNull();
    const withdrawnLink = await api(ctx.app, 'POST', '/auth/confirm-email-change', {
      payload: { token: ctx.mailer.lastToken(withdrawnEmail, 'email-change-confirm') },
    });
    expect(withdrawnLink.statusCode).toBe(400);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('should stop undoing after 7 days', async () => {
    const user = await createUser(ctx);
    const { access_token } = await login(ctx.app, user);
    const newEmail = uniqueEmail('blijvend');
    await requestChange(access_token, newEmail, user.password);
    await api(ctx.app, 'POST', '/auth/confirm-email-change', {
      payload: { token: ctx.mailer.lastToken(newEmail, 'email-change-confirm') },
    });
    ctx.clock.advance(EMAIL_CHANGE_UNDO_MS + 1000);
    const undo = await api(ctx.app, 'POST', '/auth/undo-email-change', {
      payload: { token: ctx.mailer.lastToken(user.email, 'email-changed') },
    });
    expect(undo.json()).toEqual({ detail: EMAIL_CHANGE_MESSAGES.undoInvalid });
    expect(await emailOf(user.id)).toBe(newEmail);
  });
});

describe('limits on the e-mail change (M2)', () => {
  it('should bound the mails one account can send to an address', async () => {
    const limited = await ctx.buildApp({ rateLimits: {} });
    const user = await createUser(ctx);
    const { access_token } = await login(limited, user);
    const target = uniqueEmail('doelwit');
    const answers: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const response = await limited.inject({
        method: 'POST',
        url: '/api/v1/users/me/email',
        remoteAddress: `198.51.100.${attempt + 1}`,
        headers: { authorization: `Bearer ${access_token}` },
        payload: { new_email: target, current_password: user.password },
      });
      answers.push(response.statusCode);
    }
    await limited.mail.drain();
    expect(answers.filter((status) => status === 202)).toHaveLength(3);
    expect(answers.slice(3).every((status) => status === 429)).toBe(true);
    expect(ctx.mailer.to(target).length).toBeLessThanOrEqual(3);
  });
});
