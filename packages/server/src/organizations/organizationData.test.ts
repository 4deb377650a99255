import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Survey } from '@loop/core';
import { eq, getTableColumns } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, processedWebhookEvents } from '../db/schema';
import { checkoutRequestFor, type TestOrganization } from '../testing/billing';
import { everyTypeAnswers, everyTypeQuestions } from '../testing/everyTypeQuestions';
import { bankFixture, multipartForm, postImport, sampleRecord } from '../testing/finance';
import { multipartFile, TINY_PNG } from '../testing/images';
import { kpiInput } from '../testing/kpiTesting';
import { SCHEMA_TABLES } from '../testing/schemaTables';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext, uniqueEmail } from '../testing/testApp';
import { ORGANIZATION_DATA_MESSAGES } from './organizationDataRoutes';

let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await ctx.buildApp({ config: { onlineCheckout: true, paymentProvider: 'simulated' } });
});

afterAll(async () => {
  await ctx?.close();
});

const as = (team: TestTeam, token = team.owner.token) => ({ token, headers: team.headers });
const asOrganization = (team: TestTeam): TestOrganization => ({
  organization: team.organization,
  ownerToken: team.owner.token,
  memberToken: team.member.token,
  headers: team.headers,
});

/** An organisation with rows in every table that can hold its data, made through the API. */
async function populatedTeam(name: string) {
  const team = await createTeam(ctx, name);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    api(app, method, path, { ...as(team), ...(payload === undefined ? {} : { payload }) });
  expect(
    (await call('POST', '/organization/invitations', { email: uniqueEmail('uitgenodigd'), role: 'member' }))
      .statusCode,
  ).toBe(201);
  await api(app, 'POST', '/auth/forgot-password', { payload: { email: team.viewer.email } });
  await api(app, 'POST', '/users/me/email', {
    token: team.viewer.token,
    payload: { new_email: uniqueEmail('nieuw'), current_password: team.viewer.password },
  });
  await app.mail.drain();
  const upload = multipartFile('file', 'logo.png', 'image/png', TINY_PNG);
  const logo = await app.inject({
    method: 'POST',
    url: '/api/v1/branding/logo',
    headers: { authorization: `Bearer ${team.owner.token}`, ...team.headers, ...upload.headers },
    payload: upload.payload,
  });
  expect(logo.statusCode, logo.body).toBe(200);

  // A business analysis while the organisation is on proloop (the checkout below moves it to smartloop).
  expect((await call('POST', '/kpis', kpiInput({ name: 'Geanalyseerd' }))).statusCode).toBe(201);
  const analysis = await call('POST', '/organization/business-analysis');
  expect(analysis.statusCode, analysis.body).toBe(200);
  const checkout = await call(
    'POST',
    '/payments/checkout',
    await checkoutRequestFor(ctx, app, asOrganization(team), 'simulated', 'smartloop'),
  );
  expect(checkout.statusCode, checkout.body).toBe(201);
  const ref = new URL(checkout.json<{ checkout_url: string }>().checkout_url).pathname.split('/').at(-1)!;
  await app.inject({
    method: 'POST',
    url: `/api/v1/payments/simulated/${ref}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(eq(payments.organizationId, team.organization.id));
  await ctx.db.insert(processedWebhookEvents).values({
    provider: 'stripe',
    eventId: `evt_${name}_${Math.random().toString(36).slice(2)}`,
    type: 'checkout.session.completed',
    paymentId: payment!.id,
  });

  const created = await call('POST', '/surveys', {
    title: `Peiling van ${name}`,
    description_html: '',
    introduction_html: '',
    thank_you_text: '',
    close_at: null,
    questions: everyTypeQuestions(),
  });
  expect(created.statusCode, created.body).toBe(201);
  const survey = created.json<Survey>();
  await call('POST', `/surveys/${survey.id}/status`, { status: 'open' });
  const template = await call('POST', '/survey-templates', {
    name: `Sjabloon ${name}`,
    description: '',
    title: 'Sjabloontitel',
    description_html: '',
    introduction_html: '',
    thank_you_text: '',
    questions: everyTypeQuestions(),
  });
  expect(template.statusCode, template.body).toBe(201);
  const link = (await call('GET', `/surveys/${survey.id}/links`)).json<{ public_token: string }>();
  const answered = await api(app, 'POST', `/respond/${link.public_token}`, {
    payload: {
      final: true,
      respondent_key: `bezoeker-sleutel-${team.organization.id}-0001`,
      answers: everyTypeAnswers(),
    },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  const record = await call('POST', '/finance/records', sampleRecord({ description: `Boeking van ${name}` }));
  expect(record.statusCode, record.body).toBe(201);
  const imported = await postImport(app, as(team), {
    name: 'afschrift.sta',
    bytes: bankFixture('rabobank-mt940.sta'),
  });
  expect(imported.statusCode, imported.body).toBe(201);
  const contact = await call('POST', '/contacts', {
    name: `Contact van ${name}`,
    email: `contact@${name.length}.example.nl`,
  });
  expect(contact.statusCode, contact.body).toBe(201);
  const segment = await call('POST', '/contacts/segments', { name: 'Iedereen', filter: {} });
  expect(segment.statusCode, segment.body).toBe(201);
  const contactForm = multipartForm(
    {},
    { name: 'contacten.csv', bytes: Buffer.from('Naam;E-mail\nAnna;anna@example.nl\n') },
  );
  const contactImport = await app.inject({
    method: 'POST',
    url: '/api/v1/contacts/imports',
    headers: { authorization: `Bearer ${team.owner.token}`, ...team.headers, ...contactForm.headers },
    payload: contactForm.payload,
  });
  expect(contactImport.statusCode, contactImport.body).toBe(202);
  for (let tries = 0; tries < 200; tries++) {
    const state = (await call('GET', `/contacts/imports/${contactImport.json<{ id: number }>().id}`)).json<{
      state: string;
    }>();
    if (state.state !== 'running') break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const kpi = await call('POST', '/kpis', kpiInput({ owner_id: team.member.id }));
  expect(kpi.statusCode, kpi.body).toBe(201);
  const kpiId = kpi.json<{ id: number }>().id;
  expect(
    (await call('PUT', `/kpis/${kpiId}/values/2026-02`, { value: 100, note: 'Notitie' })).statusCode,
  ).toBe(200);
  expect((await call('PUT', '/kpis/board', { kpi_ids: [kpiId] })).statusCode).toBe(200);
  expect((await call('PUT', '/kpis/board/default', { kpi_ids: [kpiId] })).statusCode).toBe(200);
  // Both apps write the log in batches: nothing of the set-up may arrive after a snapshot.
  await app.appLog.flush();
  await ctx.app.appLog.flush();
  return { team, survey };
}

type Row = Record<string, unknown>;
type Snapshot = Map<string, Row[]>;

const TABLES = SCHEMA_TABLES;

async function snapshot(): Promise<Snapshot> {
  const all: Snapshot = new Map();
  for (const table of TABLES)
    all.set(getTableConfig(table).name, (await ctx.db.select().from(table)) as Row[]);
  return all;
}

/**
 * Which rows of the snapshot belong to the organisation: its own row, every row whose foreign key
 * leads to a row of it, and the columns that refer to it without a key (the log's org_id, the
 * responses' organization_id, the answers' survey_id).
 */
function belonging(before: Snapshot, organizationId: number): Map<string, Set<Row>> {
  const owned = new Map<string, Set<Row>>(
    TABLES.map((table) => [getTableConfig(table).name, new Set<Row>()]),
  );
  owned.get('organizations')!.add(before.get('organizations')!.find((row) => row.id === organizationId)!);
  const links: Array<{ table: string; column: string; target: string; targetColumn: string }> = [];
  for (const table of TABLES) {
    const config = getTableConfig(table);
    const keyOf = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]));
    for (const foreignKey of config.foreignKeys) {
      const reference = foreignKey.reference();
      const target = reference.foreignTable;
      const targetKeys = new Map(
        Object.entries(getTableColumns(target)).map(([key, column]) => [column.name, key]),
      );
      links.push({
        table: config.name,
        column: keyOf.get(reference.columns[0]!.name)!,
        target: getTableConfig(target).name,
        targetColumn: targetKeys.get(reference.foreignColumns[0]!.name)!,
      });
    }
  }
  links.push(
    { table: 'app_logs', column: 'orgId', target: 'organizations', targetColumn: 'id' },
    { table: 'survey_responses', column: 'organizationId', target: 'organizations', targetColumn: 'id' },
    { table: 'survey_answers', column: 'surveyId', target: 'surveys', targetColumn: 'id' },
  );
  for (let changed = true; changed; ) {
    changed = false;
    for (const link of links) {
      const targets = new Set([...owned.get(link.target)!].map((row) => row[link.targetColumn]));
      for (const row of before.get(link.table)!) {
        if (!owned.get(link.table)!.has(row) && row[link.column] !== null && targets.has(row[link.column])) {
          owned.get(link.table)!.add(row);
          changed = true;
        }
      }
    }
  }
  return owned;
}

const sorted = (rows: readonly Row[]) => rows.map((row) => JSON.stringify(row)).sort();

describe('DELETE /organization', () => {
  it('should remove every row of the organisation from every table and touch nothing of another', async () => {
    const doomed = await populatedTeam('Weg BV');
    const kept = await populatedTeam('Blijft BV');
    const uploadsOf = (team: TestTeam) => join(ctx.dataDir, 'uploads', String(team.organization.id));
    expect(existsSync(uploadsOf(doomed.team))).toBe(true);
    const before = await snapshot();
    const owned = belonging(before, doomed.team.organization.id);
    const keptRows = belonging(before, kept.team.organization.id);
    // Data in every table an organisation's data lives in, for both organisations.
    for (const [table, rows] of owned) {
      if (keptRows.get(table)!.size === 0) continue;
      expect(rows.size, `${table} has no rows of the deleted organisation`).toBeGreaterThan(0);
    }
    expect(
      [...owned]
        .filter(([, rows]) => rows.size > 0)
        .map(([table]) => table)
        .sort(),
    ).toEqual([
      'app_logs',
      'branding',
      'business_analyses',
      'contact_imports',
      'contact_segments',
      'contact_stats',
      'contacts',
      'finance_day_totals',
      'finance_imports',
      'finance_month_totals',
      'finance_records',
      'invitations',
      'invoices',
      'kpi_boards',
      'kpi_values',
      'kpis',
      'memberships',
      'organizations',
      'payment_events',
      'payments',
      'processed_webhook_events',
      'simulated_checkouts',
      'subscriptions',
      'survey_answer_counts',
      'survey_answers',
      'survey_response_counts',
      'survey_responses',
      'survey_templates',
      'surveys',
    ]);

    const refused = await api(app, 'DELETE', '/organization', {
      ...as(doomed.team),
      payload: { confirm_name: 'weg bv' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ confirm_name: ORGANIZATION_DATA_MESSAGES.wrongName });
    const byManager = await api(app, 'DELETE', '/organization', {
      ...as(doomed.team, doomed.team.manager.token),
      payload: { confirm_name: 'Weg BV' },
    });
    expect(byManager.statusCode).toBe(403);

    const deleted = await api(app, 'DELETE', '/organization', {
      ...as(doomed.team),
      payload: { confirm_name: 'Weg BV' },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    await app.appLog.flush();
    const after = await snapshot();
    for (const table of TABLES) {
      const name = getTableConfig(table).name;
      // Invoices stay (Loop keeps the invoices it issued), no longer linked to what was deleted.
      const kept = (row: Row) =>
        name === 'invoices' && owned.get(name)!.has(row)
          ? { ...row, organizationId: null, paymentId: null }
          : row;
      const expected = before
        .get(name)!
        .filter((row) => name === 'invoices' || !owned.get(name)!.has(row))
        .map(kept);
      const now = after.get(name)!;
      // The deletion's own audit row is new and names no organisation.
      const fresh =
        name === 'app_logs' ? now.filter((row) => !before.get(name)!.some((old) => old.id === row.id)) : [];
      for (const row of fresh) expect(row.orgId, JSON.stringify(row)).toBeNull();
      if (name === 'app_logs') expect(fresh.map((row) => row.action)).toContain('organization.deleted');
      expect(sorted(now.filter((row) => !fresh.includes(row))), name).toEqual(sorted(expected));
    }
    expect(existsSync(uploadsOf(doomed.team))).toBe(false);
    expect(existsSync(uploadsOf(kept.team))).toBe(true);
    // Its members keep their accounts; the organisation's id is unknown to them now.
    const gone = await api(app, 'GET', '/surveys', as(doomed.team, doomed.team.member.token));
    expect(gone.statusCode).toBe(404);
    expect((await api(app, 'GET', '/users/me', { token: doomed.team.member.token })).statusCode).toBe(200);
  });
});

describe('GET /organization/export', () => {
  it("should give the owner a ZIP with a file per table and a CSV per survey, without another's rows", async () => {
    const mine = await populatedTeam('Export BV');
    const other = await populatedTeam('Ander BV');
    const byMember = await api(app, 'GET', '/organization/export', as(mine.team, mine.team.member.token));
    expect(byMember.statusCode).toBe(403);

    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/organization/export',
      headers: { authorization: `Bearer ${mine.team.owner.token}`, ...mine.team.headers },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="loop-export-bv-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const text = (name: string) => new TextDecoder().decode(files[name]!);
    const json = (name: string) => JSON.parse(text(name)) as Row[];
    const names = Object.keys(files).sort();
    expect(names.filter((name) => !name.startsWith('huisstijl/'))).toEqual([
      'abonnementen.json',
      'antwoorden/antwoorden.json',
      'antwoorden/reacties.json',
      'bedrijfsanalyses.json',
      'betaalgebeurtenissen.json',
      'betalingen.json',
      'contacten/contacten.json',
      'contacten/imports.json',
      'contacten/segmenten.json',
      'contacten/survey-uitnodigingen.json',
      'facturen.json',
      'financien/boekingen.json',
      'financien/imports.json',
      'huisstijl.json',
      'kpi-borden.json',
      'kpi-waarden.json',
      'kpis.json',
      'leden.json',
      'organisatie.json',
      'sjablonen.json',
      'surveys.json',
      `surveys/${mine.survey.id}-peiling-van-export-bv.csv`,
      'uitnodigingen.json',
    ]);
    expect(names.filter((name) => name.startsWith('huisstijl/'))).toEqual([expect.stringMatching(/\.png$/)]);
    expect(
      json('leden.json')
        .map((row) => row.role)
        .sort(),
    ).toEqual(['manager', 'member', 'owner', 'viewer']);
    expect(json('surveys.json').map((row) => row.id)).toEqual([mine.survey.id]);
    expect(json('facturen.json')).toEqual([
      expect.objectContaining({
        customerName: 'Export BV',
        totalCents: 2900,
        number: expect.stringMatching(/^LOOP-/),
      }),
    ]);
    expect(json('organisatie.json')).toEqual([expect.objectContaining({ vatNumber: '', invoiceStreet: '' })]);
    expect(json('bedrijfsanalyses.json')).toEqual([
      expect.objectContaining({ organizationId: mine.team.organization.id, analyst: 'builtin' }),
    ]);
    expect(JSON.stringify(json('surveys.json'))).not.toContain('publicToken');
    expect(json('antwoorden/reacties.json')).toHaveLength(1);
    expect(JSON.stringify(json('antwoorden/reacties.json'))).not.toMatch(/token|respondent_key/);
    expect(json('antwoorden/antwoorden.json').length).toBeGreaterThan(5);
    expect(json('financien/boekingen.json').map((row) => row.description)).toEqual(
      expect.arrayContaining(['Boeking van Export BV', 'Kosten betaalrekening januari']),
    );
    expect(json('financien/boekingen.json')).toHaveLength(4);
    expect(json('financien/imports.json')).toEqual([
      expect.objectContaining({ file_name: 'afschrift.sta', imported: 3 }),
    ]);
    expect(json('contacten/contacten.json').map((row) => row.name)).toEqual([
      'Contact van Export BV',
      'Anna',
    ]);
    expect(json('contacten/segmenten.json')).toEqual([
      expect.objectContaining({ name: 'Iedereen', filter: {} }),
    ]);
    expect(json('contacten/imports.json')).toEqual([
      expect.objectContaining({ state: 'done', createdCount: 1 }),
    ]);
    expect(text(`surveys/${mine.survey.id}-peiling-van-export-bv.csv`)).toContain(
      'Meer overleg met andere teams.',
    );
    const everything = Object.keys(files)
      .map((name) => new TextDecoder().decode(files[name]!))
      .join('\n');
    expect(everything).not.toContain('Ander BV');
    expect(everything).not.toContain(other.team.owner.email);
    const [logo] = Object.keys(files).filter((name) => name.startsWith('huisstijl/'));
    expect(Buffer.from(files[logo!]!)).toEqual(TINY_PNG);
  });
});
