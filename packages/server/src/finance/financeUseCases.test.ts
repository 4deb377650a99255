import { FINANCE_MESSAGES } from '@loop/core/finance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankFixture, dayTotalsAgainstRecords, financeCounts, sampleRecord } from '../testing/finance';
import { createTeam, type TestTeam } from '../testing/teams';
import { createTestContext, type TestContext } from '../testing/testApp';
import { IMPORT_FORM_MESSAGES, importBankStatement, undoFinanceImport } from './financeImportUseCases';
import { FINANCE_ERRORS } from './financeRecords';
import {
  createFinanceRecord,
  deleteFinanceRecord,
  type FinanceDeps,
  getFinanceRecord,
  updateFinanceRecord,
} from './financeUseCases';

// The finance use-cases called directly, without HTTP, on the test database (the team is made
// through the app only to have an organisation and its members).

let ctx: TestContext;
let team: TestTeam;
let other: TestTeam;
let deps: FinanceDeps;

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Boekhouding BV');
  other = await createTeam(ctx, 'Buren BV');
  deps = { db: ctx.db, clock: ctx.clock };
});

afterAll(async () => {
  await ctx?.close();
});

const created = async (organizationId = team.organization.id) => {
  const result = await createFinanceRecord(deps, organizationId, team.owner.id, sampleRecord());
  if (!result.ok) throw new Error(result.detail);
  return result.value;
};

describe('the finance record use-cases', () => {
  it('should add a checked record with its BTW part and refuse an invalid one, storing nothing', async () => {
    const before = await financeCounts(ctx, team.organization.id);
    const record = await created();
    expect(record).toMatchObject({
      amount_cents: 121_000,
      btw_cents: 21_000,
      net_cents: 100_000,
      source: 'manual',
    });
    const refused = await createFinanceRecord(
      deps,
      team.organization.id,
      team.owner.id,
      sampleRecord({ amount_cents: 0 }),
    );
    expect(refused).toMatchObject({ ok: false, code: 'invalid' });
    expect(refused.ok === false && refused.fields?.amount_cents).toBeTruthy();
    expect((await financeCounts(ctx, team.organization.id)).records).toBe(before.records + 1);
  });

  it('should change a record in one transaction and derive its BTW part again', async () => {
    const record = await created();
    ctx.clock.advance(60_000);
    const changed = await updateFinanceRecord(deps, team.organization.id, record.id, { btw_rate: '9' });
    expect(changed).toMatchObject({ ok: true, value: { id: record.id, btw_rate: '9', btw_cents: 9_991 } });
    expect(changed.ok && changed.value.updated_at > record.updated_at).toBe(true);
    const { kept, expected } = await dayTotalsAgainstRecords(ctx, team.organization.id);
    expect(kept).toEqual(expected);
  });

  it('should leave a record as it was when the merged record is invalid', async () => {
    const record = await created();
    const refused = await updateFinanceRecord(deps, team.organization.id, record.id, { date: '2026-02-30' });
    expect(refused).toMatchObject({
      ok: false,
      code: 'invalid',
      fields: { date: FINANCE_MESSAGES.dateInvalid },
    });
    expect(await getFinanceRecord(deps, team.organization.id, record.id)).toEqual({
      ok: true,
      value: record,
    });
  });

  it("should answer not found for an unknown id or another organisation's record", async () => {
    const theirs = await created(other.organization.id);
    const notFound = { ok: false, code: 'not_found', detail: FINANCE_ERRORS.notFound };
    expect(await updateFinanceRecord(deps, team.organization.id, theirs.id, { category: 'X' })).toEqual(
      notFound,
    );
    expect(await updateFinanceRecord(deps, team.organization.id, null, {})).toEqual(notFound);
    expect(await getFinanceRecord(deps, team.organization.id, theirs.id)).toEqual(notFound);
    expect(await deleteFinanceRecord(deps, team.organization.id, theirs.id)).toEqual(notFound);
    expect(await getFinanceRecord(deps, other.organization.id, theirs.id)).toEqual({
      ok: true,
      value: theirs,
    });
  });

  it('should serialise changes of one record that arrive together', async () => {
    const record = await created();
    const results = await Promise.all(
      ['Reiskosten', 'Kantoor', 'Software'].map((category) =>
        updateFinanceRecord(deps, team.organization.id, record.id, { category }),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const last = await getFinanceRecord(deps, team.organization.id, record.id);
    expect(['Reiskosten', 'Kantoor', 'Software']).toContain(last.ok && last.value.category);
    const { kept, expected } = await dayTotalsAgainstRecords(ctx, team.organization.id);
    expect(kept).toEqual(expected);
  });

  it('should delete a record once', async () => {
    const record = await created();
    expect(await deleteFinanceRecord(deps, team.organization.id, record.id)).toEqual({
      ok: true,
      value: null,
    });
    expect(await deleteFinanceRecord(deps, team.organization.id, record.id)).toMatchObject({
      code: 'not_found',
    });
  });
});

describe('the bank statement import use-cases', () => {
  const upload = (fields: Record<string, string> = {}) => ({
    organizationId: other.organization.id,
    userId: other.owner.id,
    fileName: 'januari.xml',
    bytes: bankFixture('ing-camt053.xml'),
    fields,
  });

  it('should refuse wrong form fields before reading the file', async () => {
    const refused = await importBankStatement(deps, upload({ format: 'pdf', dry_run: 'ja' }));
    expect(refused).toEqual({
      ok: false,
      code: 'invalid',
      detail: IMPORT_FORM_MESSAGES.format,
      fields: { format: IMPORT_FORM_MESSAGES.format, dry_run: IMPORT_FORM_MESSAGES.flag },
    });
  });

  it('should import a statement, then undo it with all its records in one transaction', async () => {
    const before = await financeCounts(ctx, other.organization.id);
    const imported = await importBankStatement(deps, upload());
    if (!imported.ok) throw new Error(imported.detail);
    expect(imported.value.status).toBe(201);
    const { import_id: importId, imported: count } = imported.value.report;
    expect(count).toBeGreaterThan(0);
    const undone = await undoFinanceImport(deps, other.organization.id, importId);
    expect(undone).toEqual({ ok: true, value: { removedRecords: count } });
    expect(await financeCounts(ctx, other.organization.id)).toEqual(before);
    expect(await undoFinanceImport(deps, other.organization.id, importId)).toEqual({
      ok: false,
      code: 'not_found',
      detail: FINANCE_ERRORS.importNotFound,
    });
  });

  it("should not undo another organisation's import", async () => {
    const imported = await importBankStatement(deps, upload());
    if (!imported.ok) throw new Error(imported.detail);
    const importId = imported.value.report.import_id;
    expect(await undoFinanceImport(deps, team.organization.id, importId)).toMatchObject({
      code: 'not_found',
    });
    expect(await undoFinanceImport(deps, team.organization.id, null)).toMatchObject({ code: 'not_found' });
    expect(await undoFinanceImport(deps, other.organization.id, importId)).toMatchObject({ ok: true });
  });
});
