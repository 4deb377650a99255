import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, users } from '../db/schema';
import { api, createTestContext, createUser, type TestContext, uniqueEmail } from '../testing/testApp';
import { AUTH_MESSAGES } from './authRoutes';
import { hashToken } from './secureToken';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const register = (payload: unknown) => api(ctx.app, 'POST', '/auth/register', { payload });
const verify = (token: string, browserKey?: string) =>
  api(ctx.app, 'POST', '/auth/verify-email', {
    payload: browserKey === undefined ? { token } : { token, browser_key: browserKey },
  });
const userCount = async () => ctx.db.$count(users);

describe('POST /auth/register', () => {
  it('should create an unverified account, answer 201 and mail a verification link', async () => {
    const email = uniqueEmail('nieuw');
    const response = await register({
      name: '  Noor Nieuw ',
      email: email.toUpperCase(),
      password: 'Wachtwoord-1',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ detail: AUTH_MESSAGES.registered });
    const [stored] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(stored).toMatchObject({ name: 'Noor Nieuw', email, emailVerifiedAt: null, isAdmin: false });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.passwordHash).not.toContain('Wachtwoord-1');
    const mails = ctx.mailer.to(email, 'verify');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.link).toMatch(/^http:\/\/loop\.test\/verify\/[A-Za-z0-9_-]{43}$/);
    expect(mails[0]?.text).toContain(mails[0]?.link);
    expect(mails[0]?.html).toContain(mails[0]?.link);
  });

  it('should name every invalid field in Dutch', async () => {
    const response = await register({ name: ' ', email: 'geen-adres', password: 'kort' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Vul je naam in.',
      fields: {
        name: 'Vul je naam in.',
        email: 'Vul een geldig e-mailadres in.',
        password: 'Het wachtwoord moet minstens 8 tekens lang zijn.',
      },
    });
  });

  it('should refuse a missing field and a wrong type with the field named', async () => {
    const missing = await register({ name: 'Noor', email: uniqueEmail() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      detail: 'Het veld "password": dit veld is verplicht.',
      fields: { password: 'Dit veld is verplicht.' },
    });

    const wrongType = await register({ name: 'Noor', email: uniqueEmail(), password: 12345678 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toEqual({ password: 'Dit veld moet tekst zijn.' });
  });

  it('should give an existing address the same answer, store nothing and mail its owner', async () => {
    const existing = await createUser(ctx, { name: 'Bestaande Bea' });
    const before = await userCount();

    const response = await register({
      name: 'Indringer',
      email: existing.email,
      password: 'Ander-wachtwoord-2',
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ detail: AUTH_MESSAGES.registered });
    expect(await userCount()).toBe(before);
    const [stored] = await ctx.db.select().from(users).where(eq(users.email, existing.email));
    expect(stored?.name).toBe('Bestaande Bea');
    expect(ctx.mailer.to(existing.email, 'verify')).toHaveLength(0);
    const notice = ctx.mailer.to(existing.email, 'account-exists');
    expect(notice).toHaveLength(1);
    expect(notice[0]?.text).toContain('http://loop.test/login');
    expect(notice[0]?.text).toContain('http://loop.test/forgot-password');
  });
});

describe('POST /auth/verify-email', () => {
  it('should confirm the address once and refuse the same link again', async () => {
    const email = uniqueEmail('bevestig');
    await register({ name: 'Bram', email, password: 'Wachtwoord-1' });
    const token = ctx.mailer.lastToken(email, 'verify');

    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ detail: AUTH_MESSAGES.verified, email });
    const [stored] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(stored?.emailVerifiedAt).toEqual(ctx.clock.now());

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: AUTH_MESSAGES.verifyInvalid });
  });

  it('should sign in the browser that registered, and only that one', async () => {
    const email = uniqueEmail('zelfde');
    const browserKey = 'k'.repeat(43);
    await register({ name: 'Sam', email, password: 'Wachtwoord-1', browser_key: browserKey });
    const token = ctx.mailer.lastToken(email, 'verify');

    const response = await verify(token, browserKey);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ detail: AUTH_MESSAGES.verifiedSignedIn, email });
    expect(body.session).toMatchObject({ token_type: 'bearer' });
    // The session is a real one: its access token opens /users/me for this user.
    const me = await api(ctx.app, 'GET', '/users/me', { token: body.session.access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
    // The key's hash is stored, never the key.
    const dump = JSON.stringify(await ctx.db.execute(sql`select * from email_tokens`));
    expect(dump).not.toContain(browserKey);
  });

  it('should only confirm, without a session, a link opened elsewhere or with another key', async () => {
    const email = uniqueEmail('elders');
    await register({ name: 'Eva', email, password: 'Wachtwoord-1', browser_key: 'a'.repeat(43) });
    const token = ctx.mailer.lastToken(email, 'verify');
    const other = await verify(token, 'b'.repeat(43));
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ detail: AUTH_MESSAGES.verified, email });
    // Used up: the registering browser cannot sign in with it afterwards either.
    expect((await verify(token, 'a'.repeat(43))).statusCode).toBe(400);

    const plain = uniqueEmail('zonder-sleutel');
    await register({ name: 'Piet', email: plain, password: 'Wachtwoord-1', browser_key: 'c'.repeat(43) });
    const second = await verify(ctx.mailer.lastToken(plain, 'verify'));
    expect(second.json()).toEqual({ detail: AUTH_MESSAGES.verified, email: plain });
  });

  it('should not sign in through a link sent again, nor with a key sent for an unkeyed link', async () => {
    const email = uniqueEmail('opnieuw');
    await register({ name: 'Ria', email, password: 'Wachtwoord-1' });
    await api(ctx.app, 'POST', '/auth/resend-verification', { payload: { email } });
    const response = await verify(ctx.mailer.lastToken(email, 'verify'), 'd'.repeat(43));
    expect(response.json()).toEqual({ detail: AUTH_MESSAGES.verified, email });
  });

  it('should store only the hash of the token', async () => {
    const email = uniqueEmail('hash');
    await register({ name: 'Hanna', email, password: 'Wachtwoord-1' });
    const token = ctx.mailer.lastToken(email, 'verify');

    const dump = await ctx.db.execute(sql`select token_hash from email_tokens`);
    const text = JSON.stringify(dump);
    expect(text).not.toContain(token);
    const [row] = await ctx.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    expect(row?.kind).toBe('verify');
  });

  it('should refuse a link older than 48 hours', async () => {
    const email = uniqueEmail('oud');
    await register({ name: 'Olga', email, password: 'Wachtwoord-1' });
    const token = ctx.mailer.lastToken(email, 'verify');

    ctx.clock.advance(48 * 60 * 60 * 1000 + 1000);
    const response = await verify(token);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: AUTH_MESSAGES.verifyInvalid });
    const [stored] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(stored?.emailVerifiedAt).toBeNull();
  });

  it('should refuse an unknown token and a token of another kind', async () => {
    expect((await verify('bestaat-niet')).statusCode).toBe(400);

    const user = await createUser(ctx);
    await api(ctx.app, 'POST', '/auth/forgot-password', { payload: { email: user.email } });
    await ctx.app.mail.drain();
    const resetToken = ctx.mailer.lastToken(user.email, 'reset');
    const response = await verify(resetToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: AUTH_MESSAGES.verifyInvalid });
  });
});

describe('POST /auth/resend-verification', () => {
  it('should answer the same for unknown, unconfirmed and confirmed addresses, mailing only the unconfirmed', async () => {
    const unconfirmed = uniqueEmail('wacht');
    await register({ name: 'Wim', email: unconfirmed, password: 'Wachtwoord-1' });
    const confirmed = await createUser(ctx);
    const answers = await Promise.all(
      [unconfirmed, confirmed.email, uniqueEmail('onbekend')].map((email) =>
        api(ctx.app, 'POST', '/auth/resend-verification', { payload: { email } }),
      ),
    );

    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ detail: AUTH_MESSAGES.verificationResent });
    }
    expect(ctx.mailer.to(unconfirmed, 'verify')).toHaveLength(2);
    expect(ctx.mailer.to(confirmed.email, 'verify')).toHaveLength(0);
  });

  it('should let the older link work too until one of them is used', async () => {
    const email = uniqueEmail('twee');
    await register({ name: 'Tess', email, password: 'Wachtwoord-1' });
    const first = ctx.mailer.lastToken(email, 'verify');
    await api(ctx.app, 'POST', '/auth/resend-verification', { payload: { email } });
    const second = ctx.mailer.lastToken(email, 'verify');
    expect(second).not.toBe(first);

    expect((await verify(first)).statusCode).toBe(200);
    expect((await verify(second)).statusCode).toBe(400);
  });
});
