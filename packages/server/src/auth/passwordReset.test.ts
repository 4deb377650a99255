import { FORGOT_PASSWORD_MESSAGE, LOGIN_FAILED_MESSAGE } from '@loop/core/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, users } from '../db/schema';
import { api, createTestContext, createUser, login, type TestContext, uniqueEmail } from '../testing/testApp';
import { AUTH_MESSAGES } from './authRoutes';
import { hashToken } from './secureToken';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

/** Asks for a reset link and waits for the work done after the answer (the lookup and the mail). */
async function forgot(email: string) {
  const response = await api(ctx.app, 'POST', '/auth/forgot-password', { payload: { email } });
  await ctx.app.mail.drain();
  return response;
}
const reset = (token: string, password: string) =>
  api(ctx.app, 'POST', '/auth/reset-password', { payload: { token, password } });

describe('POST /auth/forgot-password', () => {
  it('should look up a known address and write its link only after answering (security finding L3)', async () => {
    const held = await ctx.buildApp({ holdBackgroundWork: true });
    const user = await createUser(ctx);
    const tokensOf = () => ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));

    const known = await api(held, 'POST', '/auth/forgot-password', { payload: { email: user.email } });
    const unknown = await api(held, 'POST', '/auth/forgot-password', {
      payload: { email: uniqueEmail('nooit') },
    });

    expect(known.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    // Answered: nothing was written for the known address yet, so the answer took as long for both.
    expect(await tokensOf()).toEqual([]);
    await held.mail.drain();
    expect(await tokensOf()).toHaveLength(1);
    expect(ctx.mailer.to(user.email, 'reset')).toHaveLength(1);
  });

  it('should answer known and unknown addresses identically, mailing only the known one', async () => {
    const user = await createUser(ctx);
    const unknownEmail = uniqueEmail('onbekend');
    const mailsBefore = ctx.mailer.sent.length;

    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot(unknownEmail);

    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ detail: FORGOT_PASSWORD_MESSAGE });
    }
    expect(known.body).toBe(unknown.body);
    expect(ctx.mailer.sent.length).toBe(mailsBefore + 1);
    expect(ctx.mailer.lastLink(user.email, 'reset')).toMatch(
      /^http:\/\/loop\.test\/reset-password\/[A-Za-z0-9_-]{43}$/,
    );
    expect(ctx.mailer.to(unknownEmail)).toHaveLength(0);
  });

  it('should refuse a malformed address with a field message', async () => {
    const response = await forgot('geen-adres');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ email: 'Vul een geldig e-mailadres in.' });
  });
});

describe('POST /auth/reset-password', () => {
  it('should set the new password, end every session with 419 and work only once', async () => {
    const user = await createUser(ctx);
    const sessionA = await login(ctx.app, user);
    const sessionB = await login(ctx.app, user);
    await forgot(user.email);
    const token = ctx.mailer.lastToken(user.email, 'reset');

    const response = await reset(token, 'Nieuw-wachtwoord-9');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: AUTH_MESSAGES.passwordReset });
    for (const session of [sessionA, sessionB]) {
      expect((await api(ctx.app, 'GET', '/users/me', { token: session.access_token })).statusCode).toBe(419);
      const refreshed = await api(ctx.app, 'POST', '/auth/refresh', {
        payload: { refresh_token: session.refresh_token },
      });
      expect(refreshed.statusCode).toBe(419);
    }
    const oldPassword = await api(ctx.app, 'POST', '/auth/login', {
      payload: { email: user.email, password: user.password },
    });
    expect(oldPassword.json()).toEqual({ detail: LOGIN_FAILED_MESSAGE });
    await login(ctx.app, { email: user.email, password: 'Nieuw-wachtwoord-9' });

    const again = await reset(token, 'Nog-een-wachtwoord-1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: AUTH_MESSAGES.resetInvalid });
  });

  it('should refuse a link older than one hour', async () => {
    const user = await createUser(ctx);
    await forgot(user.email);
    const token = ctx.mailer.lastToken(user.email, 'reset');

    ctx.clock.advance(60 * 60 * 1000 + 1000);
    const response = await reset(token, 'Nieuw-wachtwoord-9');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: AUTH_MESSAGES.resetInvalid });
    await login(ctx.app, user);
  });

  it('should invalidate the other reset links of the user', async () => {
    const user = await createUser(ctx);
    await forgot(user.email);
    const first = ctx.mailer.lastToken(user.email, 'reset');
    await forgot(user.email);
    const second = ctx.mailer.lastToken(user.email, 'reset');

    expect((await reset(second, 'Nieuw-wachtwoord-9')).statusCode).toBe(200);
    expect((await reset(first, 'Ander-wachtwoord-9')).statusCode).toBe(400);
  });

  it('should count the address as confirmed: the link proved it', async () => {
    const user = await createUser(ctx, { verified: false });
    await forgot(user.email);

    expect((await reset(ctx.mailer.lastToken(user.email, 'reset'), 'Nieuw-wachtwoord-9')).statusCode).toBe(
      200,
    );

    const [stored] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.emailVerifiedAt).toEqual(ctx.clock.now());
    await login(ctx.app, { email: user.email, password: 'Nieuw-wachtwoord-9' });
  });

  it('should check the new password with the shared rules, keeping the link usable', async () => {
    const user = await createUser(ctx);
    await forgot(user.email);
    const token = ctx.mailer.lastToken(user.email, 'reset');

    const tooShort = await reset(token, 'kort');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().fields).toEqual({ password: 'Het wachtwoord moet minstens 8 tekens lang zijn.' });
    expect((await reset(token, 'Lang-genoeg-1')).statusCode).toBe(200);
  });

  it('should keep only hashes of reset tokens in the database', async () => {
    const user = await createUser(ctx);
    await forgot(user.email);
    const token = ctx.mailer.lastToken(user.email, 'reset');

    const rows = await ctx.db.execute(sql`select * from email_tokens`);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await ctx.db.$count(emailTokens, eq(emailTokens.tokenHash, hashToken(token)))).toBe(1);
  });

  it('should refuse an unknown token', async () => {
    const response = await reset('x'.repeat(43), 'Nieuw-wachtwoord-9');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: AUTH_MESSAGES.resetInvalid });
  });
});
