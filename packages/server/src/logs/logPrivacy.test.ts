import type { Organization, TokenPair } from '@loop/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogs } from '../db/schema';
import { checkoutRequestFor, planNamed, putOnPlan } from '../testing/billing';
import { api, createTestContext, createUser, login, type TestContext } from '../testing/testApp';
import { UNMATCHED_ROUTE } from './requestLog';

// Distinctive personal data: none of it (in any letter case) may ever reach the log table.
const PERSON = {
  name: 'Zwanhilde Krabbendijke',
  renamed: 'Zwanhilde Oosterwoldhuizen',
  email: 'zwanhilde.krabbendijke@geheimdomein-loop.nl',
  newEmail: 'z.oosterwoldhuizen@anderdomein-loop.nl',
  password: 'Krokodil-Wachtwoord-77',
  newPassword: 'Nijlpaard-Wachtwoord-88',
  resetPassword: 'Flamingo-Wachtwoord-99',
  organisation: 'Krabbendijke Tulpenkwekerij',
  typedSearch: 'Oosterwoldhuizen',
};
const STRANGER = { email: 'onbekende.bezoeker@nergensland-loop.nl', password: 'Gokje-Wachtwoord-11' };
const ADMIN = { name: 'Beheerder Wilhelmina Vlieghuis', email: 'w.vlieghuis@beheer-loop.nl' };
const IP_ADDRESSES = ['127.0.0.1', '203.0.113.77', '::1'];

let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await ctx.buildApp({
    config: { onlineCheckout: true, paymentProvider: 'simulated', trustProxy: true },
  });
});

afterAll(async () => {
  await ctx?.close();
});

const headers = { 'x-forwarded-for': '203.0.113.77', 'user-agent': 'Zwanhilde-Browser/1.0' };
const call = (method: 'GET' | 'POST' | 'PATCH', path: string, options: Parameters<typeof api>[3] = {}) =>
  api(app, method, path, { ...options, headers: { ...headers, ...options.headers } });

describe('the application log and personal data', () => {
  it('should hold none of the names, addresses, passwords, tokens, IP addresses or typed texts of any flow', async () => {
    const secrets: string[] = [...Object.values(PERSON), ...Object.values(STRANGER), ...Object.values(ADMIN)];
    const keep = (value: string) => {
      secrets.push(value);
      return value;
    };

    // Registration and verification.
    expect(
      (
        await call('POST', '/auth/register', {
          payload: { name: PERSON.name, email: PERSON.email, password: PERSON.password },
        })
      ).statusCode,
    ).toBe(201);
    const verifyToken = keep(ctx.mailer.lastToken(PERSON.email, 'verify'));
    expect((await call('POST', '/auth/verify-email', { payload: { token: verifyToken } })).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/auth/verify-email', { payload: { token: verifyToken } })).statusCode).toBe(
      400,
    );

    // Failed logins (wrong password, unknown address), then a good one.
    await call('POST', '/auth/login', { payload: { email: PERSON.email, password: STRANGER.password } });
    await call('POST', '/auth/login', { payload: STRANGER });
    const session = (
      await call('POST', '/auth/login', { payload: { email: PERSON.email, password: PERSON.password } })
    ).json<TokenPair>();
    keep(session.access_token);
    keep(session.refresh_token);
    const token = session.access_token;

    // Organisation, profile, password.
    const organization = (
      await call('POST', '/organizations', { token, payload: { name: PERSON.organisation } })
    ).json<Organization>();
    const orgHeaders = { 'x-organization-id': String(organization.id) };
    await call('PATCH', '/users/me', { token, payload: { name: PERSON.renamed } });
    // The address changes by a confirmed link (a wrong password first), the password twice.
    await call('POST', '/users/me/email', {
      token,
      payload: { new_email: PERSON.newEmail, current_password: 'Helemaal-Fout-12' },
    });
    await call('POST', '/users/me/email', {
      token,
      payload: { new_email: PERSON.newEmail, current_password: PERSON.password },
    });
    await app.mail.drain();
    await call('POST', '/auth/confirm-email-change', {
      payload: { token: keep(ctx.mailer.lastToken(PERSON.newEmail, 'email-change-confirm')) },
    });
    keep(ctx.mailer.lastToken(PERSON.email, 'email-changed'));
    await call('POST', '/users/me/password', {
      token,
      payload: { current_password: 'Helemaal-Fout-12', new_password: PERSON.newPassword },
    });
    await call('POST', '/users/me/password', {
      token,
      payload: { current_password: PERSON.password, new_password: PERSON.newPassword },
    });

    // Branding and billing: a plan change, a paid checkout through the simulated provider.
    await putOnPlan(ctx, organization.id, 'proloop');
    await call('PATCH', '/branding/mine', {
      token,
      headers: orgHeaders,
      payload: { primary_color: '#123456' },
    });
    await putOnPlan(ctx, organization.id, 'smartloop');
    const basicloop = await planNamed(ctx, 'basicloop');
    const basic = await call('POST', '/user-subscriptions', {
      token,
      headers: orgHeaders,
      payload: { plan_id: basicloop.id },
    });
    expect(basic.statusCode).toBe(201);
    const checkout = await call('POST', '/payments/checkout', {
      token,
      headers: orgHeaders,
      payload: await checkoutRequestFor(
        ctx,
        app,
        { organization, ownerToken: token, memberToken: token, headers: orgHeaders },
        'simulated',
        'proloop',
      ),
    });
    expect(checkout.statusCode).toBe(201);
    const checkoutPath = new URL(checkout.json<{ checkout_url: string }>().checkout_url).pathname;
    const ref = keep(checkoutPath.split('/').at(-1) ?? '');
    await app.inject({ method: 'GET', url: checkoutPath, headers: { accept: 'text/html', ...headers } });
    const paid = await app.inject({
      method: 'POST',
      url: `/api/v1/payments/simulated/${ref}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    await call('GET', `/payments?page=1&page_size=10&zoek=${PERSON.typedSearch}`, {
      token,
      headers: orgHeaders,
    });

    // A survey answered through a personal link and the public link: tokens and typed answers.
    const survey = (
      await call('POST', '/surveys', {
        token,
        headers: orgHeaders,
        payload: {
          title: 'Peiling',
          questions: [
            {
              id: 'q1',
              type: 'open_long',
              title: 'Opmerking?',
              required: false,
              position: 0,
              settings: { max_length: 500 },
            },
          ],
        },
      })
    ).json<{ id: number }>();
    await call('POST', `/surveys/${survey.id}/status`, {
      token,
      headers: orgHeaders,
      payload: { status: 'open' },
    });
    const personal = await call('POST', `/surveys/${survey.id}/personal-links`, {
      token,
      headers: orgHeaders,
      payload: { count: 1, label: PERSON.typedSearch },
    });
    expect(personal.statusCode, personal.body).toBe(201);
    const responseToken = keep(personal.json<{ tokens: string[] }>().tokens[0] ?? '');
    const publicToken = keep(
      (await call('GET', `/surveys/${survey.id}/links`, { token, headers: orgHeaders })).json<{
        public_token: string;
      }>().public_token,
    );
    await call('GET', `/respond/${responseToken}`);
    const answer = { question_id: 'q1', value: { text: PERSON.renamed } };
    expect(
      (await call('POST', `/respond/${responseToken}`, { payload: { final: true, answers: [answer] } }))
        .statusCode,
    ).toBe(200);
    const started = await call('POST', `/respond/${publicToken}`, {
      payload: { final: false, respondent_key: keep('bezoeker-sleutel-zwanhilde'), answers: [answer] },
    });
    keep(started.json<{ response_token: string }>().response_token);

    // Token refresh, password reset by mail, logout.
    const refreshed = (
      await call('POST', '/auth/refresh', { payload: { refresh_token: session.refresh_token } })
    ).json<TokenPair>();
    keep(refreshed.access_token);
    keep(refreshed.refresh_token);
    ctx.clock.advance(11_000); // past the two-tab grace: the old token again is theft
    await call('POST', '/auth/refresh', { payload: { refresh_token: session.refresh_token } });
    await call('POST', '/auth/forgot-password', { payload: { email: PERSON.newEmail } });
    await call('POST', '/auth/forgot-password', { payload: { email: STRANGER.email } });
    await app.mail.drain();
    const resetToken = keep(ctx.mailer.lastToken(PERSON.newEmail, 'reset'));
    expect(
      (
        await call('POST', '/auth/reset-password', {
          payload: { token: resetToken, password: PERSON.resetPassword },
        })
      ).statusCode,
    ).toBe(200);
    const last = (
      await call('POST', '/auth/login', {
        payload: { email: PERSON.newEmail, password: PERSON.resetPassword },
      })
    ).json<TokenPair>();
    keep(last.refresh_token);
    await call('POST', '/auth/logout', { payload: { refresh_token: last.refresh_token } });

    // An admin searches users by name (the search term travels in the query string).
    const admin = await createUser(ctx, { ...ADMIN, isAdmin: true });
    const adminToken = keep((await login(app, admin)).access_token);
    await call('GET', `/admin/users?q=${PERSON.typedSearch}`, { token: adminToken });
    await call('GET', `/admin/users?q=${encodeURIComponent(PERSON.newEmail)}`, { token: adminToken });
    // Paths with ids and tokens in them, matched or not.
    await call('GET', `/payments/${ref}`, { token, headers: orgHeaders });
    await call('GET', `/onbekend/${PERSON.newEmail}`);

    await app.appLog.flush();
    await ctx.app.appLog.flush();
    const rows = await ctx.db.select().from(appLogs);
    const text = rows
      .map((row) =>
        [row.level, row.category, row.orgId, row.action, row.route, row.httpStatus, row.message].join(
          '\u0001',
        ),
      )
      .join('\n')
      .toLowerCase();

    // The flows did get logged …
    const actions = new Set(rows.map((row) => row.action));
    for (const action of [
      'auth.register',
      'auth.verify_email',
      'auth.verify_email.failed',
      'auth.login',
      'auth.login.failed',
      'auth.password_reset.requested',
      'auth.password_reset',
      'auth.refresh.reused',
      'auth.logout',
      'user.profile_updated',
      'user.password_change.failed',
      'user.password_changed',
      'organization.created',
      'organization.branding_updated',
      'subscription.plan_changed',
      'payment.checkout_started',
      'payment.paid',
      'survey.published',
      'survey.personal_links_created',
    ]) {
      expect(actions, action).toContain(action);
    }
    expect(rows.length).toBeGreaterThan(40);
    // … and none of the personal data did, in any column, in any letter case.
    for (const secret of [...secrets, ...IP_ADDRESSES]) {
      expect(text.includes(secret.toLowerCase()), `found "${secret}" in the log`).toBe(false);
    }
    expect(text).not.toContain('zwanhilde');
    expect(text).not.toContain('?');
    expect(text).not.toContain('@');
    // Routes are patterns the server registered (or the placeholder for no route), never real paths.
    for (const row of rows) {
      expect(
        row.route === '' ||
          row.route === UNMATCHED_ROUTE ||
          /^\/api\/v1(\/(:[a-zA-Z]+|[a-z-]+))+$/.test(row.route),
        row.route,
      ).toBe(true);
    }
  });
});
