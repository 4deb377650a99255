import type { Survey } from '@loop/core';
import { eq } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizations, surveys, users } from '../db/schema';
import { makeApiKey } from '../testing/apiKeyTesting';
import { everyTypeQuestions } from '../testing/everyTypeQuestions';
import { bankFixture, multipartForm, postImport, sampleRecord } from '../testing/finance';
import { createKpi, teamCall } from '../testing/kpiTesting';
import { SCHEMA_TABLES } from '../testing/schemaTables';
import { createTeam } from '../testing/teams';
import { api, createTestContext, createUser, login, type TestContext, uniqueEmail } from '../testing/testApp';
import { ACCOUNT_MESSAGES } from './accountData';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const TABLES = SCHEMA_TABLES;

/** Where each table that refers to a user (directly, or through its sessions) appears in the export. */
const EXPORTED_AS: Readonly<Record<string, string>> = {
  memberships: 'memberships',
  sessions: 'sessions',
  refresh_tokens: 'refresh_tokens',
  email_tokens: 'email_links',
  email_changes: 'email_changes',
  invitations: 'invitations_sent',
  surveys: 'surveys_created',
  finance_records: 'finance_records_entered',
  finance_imports: 'finance_imports_made',
  kpis: 'kpis_owned',
  kpi_values: 'kpi_values_entered',
  business_analyses: 'business_analyses_made',
  contact_imports: 'contact_imports_made',
  survey_alert_members: 'survey_alert_choices',
  api_keys: 'api_keys_made',
};

const referring = (targets: readonly string[]) =>
  TABLES.filter((table) =>
    getTableConfig(table).foreignKeys.some((key) =>
      targets.includes(getTableConfig(key.reference().foreignTable).name),
    ),
  ).map((table) => getTableConfig(table).name);

const download = async (token: string) => {
  const response = await api(ctx.app, 'GET', '/users/me/export', { token });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="loop-account-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  return response.json<Record<string, unknown[]> & { account: Record<string, unknown> }>();
};

describe('GET /users/me/export', () => {
  it('should hold every row about the user, from every table that refers to users', async () => {
    const team = await createTeam(ctx, 'Export Persoon BV');
    const owner = team.owner;
    await api(ctx.app, 'POST', '/organization/invitations', {
      token: owner.token,
      headers: team.headers,
      payload: { email: uniqueEmail('collega'), role: 'viewer' },
    });
    const created = await api(ctx.app, 'POST', '/surveys', {
      token: owner.token,
      headers: team.headers,
      payload: {
        title: 'Mijn peiling',
        description_html: '',
        introduction_html: '',
        thank_you_text: '',
        close_at: null,
        questions: everyTypeQuestions(),
      },
    });
    const alerts = await api(ctx.app, 'PUT', `/surveys/${created.json<Survey>().id}/alerts/mine`, {
      token: owner.token,
      headers: team.headers,
      payload: { mode: 'digest', conditions: true },
    });
    expect(alerts.statusCode, alerts.body).toBe(200);
    const record = await api(ctx.app, 'POST', '/finance/records', {
      token: owner.token,
      headers: team.headers,
      payload: sampleRecord(),
    });
    expect(record.statusCode, record.body).toBe(201);
    const imported = await postImport(
      ctx.app,
      { token: owner.token, headers: team.headers },
      {
        name: 'afschrift.sta',
        bytes: bankFixture('ing-mt940.sta'),
      },
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const form = multipartForm(
      {},
      { name: 'klanten.csv', bytes: Buffer.from('Naam;E-mailadres\nAn de Wit;an@voorbeeld.nl\n', 'utf8') },
    );
    const contactImport = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contacts/imports',
      headers: { authorization: `Bearer ${owner.token}`, ...team.headers, ...form.headers },
      payload: form.payload,
    });
    expect(contactImport.statusCode, contactImport.body).toBe(202);
    const kpi = await createKpi(ctx, team, { owner_id: owner.id });
    await teamCall(ctx, team, 'PUT', `/kpis/${kpi.id}/values/2026-02`, { value: 5, note: 'Mijn notitie' });
    await teamCall(ctx, team, 'PUT', '/kpis/board', { kpi_ids: [kpi.id] });
    const analysis = await teamCall(ctx, team, 'POST', '/organization/business-analysis');
    expect(analysis.statusCode, analysis.body).toBe(200);
    await api(ctx.app, 'POST', '/auth/forgot-password', { payload: { email: owner.email } });
    await api(ctx.app, 'POST', '/users/me/email', {
      token: owner.token,
      payload: { new_email: uniqueEmail('elders'), current_password: owner.password },
    });
    await makeApiKey(ctx, { token: owner.token, headers: team.headers }, ['surveys:read']);
    await ctx.app.mail.drain();

    const exported = await download(owner.token);

    const sessionTables = referring(['sessions']);
    for (const table of [...referring(['users']), ...sessionTables]) {
      const key = EXPORTED_AS[table];
      expect(key, `table ${table} refers to users but is not in the account export`).toBeDefined();
      expect(exported[key!]?.length, `${table} → ${key}`).toBeGreaterThan(0);
    }
    expect(exported.account).toMatchObject({ id: owner.id, name: owner.name, email: owner.email });
    expect(exported.kpi_boards).toEqual([expect.objectContaining({ kpi_ids: [kpi.id] })]);
    expect(exported.surveys_created).toEqual([expect.objectContaining({ id: created.json<Survey>().id })]);
    const text = JSON.stringify(exported);
    expect(text).not.toMatch(/password|token_hash|tokenHash|argon/);
    const [stored] = await ctx.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, owner.id));
    expect(text).not.toContain(stored!.hash);
  });
});

describe('DELETE /users/me', () => {
  const remove = (token: string, payload: unknown) => api(ctx.app, 'DELETE', '/users/me', { token, payload });

  it('should need the password and the typed address, and change nothing without them', async () => {
    const user = await createUser(ctx);
    const { access_token } = await login(ctx.app, user);
    const wrong = await remove(access_token, { current_password: 'fout', confirm_email: user.email });
    expect(wrong.json().fields).toEqual({ current_password: ACCOUNT_MESSAGES.wrongPassword });
    const typo = await remove(access_token, {
      current_password: user.password,
      confirm_email: 'iemand@anders.nl',
    });
    expect(typo.json().fields).toEqual({ confirm_email: ACCOUNT_MESSAGES.wrongConfirmation });
    expect((await api(ctx.app, 'GET', '/users/me', { token: access_token })).statusCode).toBe(200);
  });

  it('should refuse the last owner of an organisation that has other members, naming it', async () => {
    const team = await createTeam(ctx, 'Niet Zonder Eigenaar BV');
    const refused = await remove(team.owner.token, {
      current_password: team.owner.password,
      confirm_email: team.owner.email,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: ACCOUNT_MESSAGES.lastOwner('Niet Zonder Eigenaar BV') });
  });

  it('should delete the account with its solo organisations, and leave shared ones with their surveys', async () => {
    const user = await createUser(ctx, { name: 'Vertrekker' });
    const { access_token } = await login(ctx.app, user);
    const solo = (
      await api(ctx.app, 'POST', '/organizations', { token: access_token, payload: { name: 'Alleen Ik BV' } })
    ).json<{ id: number }>();
    const shared = await createTeam(ctx, 'Gedeeld BV');
    await ctx.db
      .insert(memberships)
      .values({ userId: user.id, organizationId: shared.organization.id, role: 'member' });
    const survey = (
      await api(ctx.app, 'POST', '/surveys', {
        token: access_token,
        headers: shared.headers,
        payload: {
          title: 'Blijft bestaan',
          description_html: '',
          introduction_html: '',
          thank_you_text: '',
          close_at: null,
          questions: everyTypeQuestions(),
        },
      })
    ).json<Survey>();

    const deleted = await remove(access_token, {
      current_password: user.password,
      confirm_email: ` ${user.email.toUpperCase()} `,
    });

    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await ctx.db.select().from(organizations).where(eq(organizations.id, solo.id))).toEqual([]);
    const [kept] = await ctx.db.select().from(surveys).where(eq(surveys.id, survey.id));
    expect(kept).toMatchObject({ title: 'Blijft bestaan', createdBy: null });
    expect((await api(ctx.app, 'GET', '/users/me', { token: access_token })).statusCode).toBe(401);
    const again = await api(ctx.app, 'POST', '/auth/login', {
      payload: { email: user.email, password: user.password },
    });
    expect(again.statusCode).toBe(401);
    expect(
      (await api(ctx.app, 'GET', '/surveys', { token: shared.owner.token, headers: shared.headers }))
        .statusCode,
    ).toBe(200);
  });
});
