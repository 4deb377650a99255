import type { ContactImportPreview } from '@loop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_IMPORT_MAX_ROWS, CONTACT_IMPORT_MESSAGES } from '../contacts/contactImportFile';
import { IMPORT_MAX_LINES, IMPORT_MESSAGES } from '../finance/financeImportUseCases';
import { financeCounts, multipartForm, postImport } from '../testing/finance';
import { holdHeavyJobs, otherInstance } from '../testing/heavyJobsTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { HEAVY_JOB_MESSAGES, HEAVY_JOBS_PER_ORGANIZATION } from './heavyJobs';

// The import routes' limits: a file over its row limit refused (nothing stored), and an
// organisation's import over its concurrent heavy jobs answered 429 (R-HEAVY-2, R-HEAVY-5).

let ctx: TestContext;
let team: TestTeam;

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Zwaar BV');
});

afterAll(async () => {
  await ctx?.close();
});

const owner = () => ({ token: team.owner.token, headers: team.headers });

function postContacts(bytes: Uint8Array, fields: Record<string, string> = {}) {
  const form = multipartForm(fields, { name: 'contacten.csv', bytes });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/contacts/imports',
    headers: { authorization: `Bearer ${team.owner.token}`, ...team.headers, ...form.headers },
    payload: form.payload,
  });
}

const contactImports = async () =>
  (await api(ctx.app, 'GET', '/contacts/imports', { token: team.owner.token, headers: team.headers })).json<
    unknown[]
  >();

describe('import row limits (R-HEAVY-2)', () => {
  it('should refuse a contacts file with one row over the limit and store nothing', async () => {
    const rows = Array.from({ length: CONTACT_IMPORT_MAX_ROWS + 1 }, (_, i) => `P${i};p${i}@example.nl`);
    const file = Buffer.from(`Naam;E-mail\n${rows.join('\n')}\n`);
    const response = await postContacts(file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: CONTACT_IMPORT_MESSAGES.tooManyRows });
    expect(CONTACT_IMPORT_MESSAGES.tooManyRows).toContain('200.000');
    expect(await contactImports()).toEqual([]);
    // At the limit the same file is read.
    const atLimit = Buffer.from(`Naam;E-mail\n${rows.slice(1).join('\n')}\n`);
    const preview = await postContacts(atLimit, { dry_run: 'true' });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<ContactImportPreview>().rows).toBe(CONTACT_IMPORT_MAX_ROWS);
    // Two 200,000-row files read on a worker at low priority: slow on a busy machine.
  }, 90_000);

  it('should refuse a bank CSV with one line over the limit and store nothing', async () => {
    const lines = Array.from(
      { length: IMPORT_MAX_LINES + 1 },
      (_, i) => `20260105;Klant ${i};NL20INGB0001234567;;OV;Bij;${i + 1},00;Overschrijving;Factuur ${i}`,
    );
    const header =
      'Datum;Naam / Omschrijving;Rekening;Tegenrekening;Code;Af Bij;Bedrag (EUR);Mutatiesoort;Mededelingen';
    const file = Buffer.from(`${header}\n${lines.join('\n')}\n`);
    const response = await postImport(ctx.app, owner(), { name: 'ing.csv', bytes: file });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: IMPORT_MESSAGES.tooManyLines });
    expect(IMPORT_MESSAGES.tooManyLines).toContain('50.000');
    expect(await financeCounts(ctx, team.organization.id)).toMatchObject({ records: 0, imports: 0 });
  });
});

describe('heavy jobs per organisation (R-HEAVY-5)', () => {
  it('should answer 429 to an import while the organisation runs two heavy jobs, and read it after', async () => {
    const file = Buffer.from('Naam;E-mail\nAnna;anna@example.nl\n');
    // Two jobs of this organisation on another instance, running until released (R-HEAVY-10).
    const release = await holdHeavyJobs(
      otherInstance(ctx.db).jobs,
      team.organization.id,
      HEAVY_JOBS_PER_ORGANIZATION,
    );
    try {
      const busy = await postContacts(file, { dry_run: 'true' });
      expect(busy.statusCode).toBe(429);
      expect(busy.json()).toEqual({ detail: HEAVY_JOB_MESSAGES.busy(HEAVY_JOBS_PER_ORGANIZATION) });
      const bank = await postImport(ctx.app, owner(), { name: 'ing.csv', bytes: file });
      expect(bank.statusCode).toBe(429);
      expect(await financeCounts(ctx, team.organization.id)).toMatchObject({ records: 0, imports: 0 });
    } finally {
      await release();
    }
    const after = await postContacts(file, { dry_run: 'true' });
    expect(after.statusCode).toBe(200);
  });
});
