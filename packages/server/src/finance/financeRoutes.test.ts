import type {
  FinanceCategories,
  FinanceImport,
  FinanceImportReport,
  FinanceOverview,
  FinanceRecord,
  Page,
} from '@loop/core';
import { BALANCE_MESSAGES, FINANCE_MESSAGES } from '@loop/core/finance';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_MISSING } from '../billing/requireFeature';
import { appLogs } from '../db/schema';
import {
  bankFixture,
  dayTotalsAgainstRecords,
  financeCounts,
  postImport,
  sampleRecord,
} from '../testing/finance';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { FINANCE_ERRORS } from './financeRecords';
import { CAMT_MESSAGES } from './import/camt053';
import { MT940_MESSAGES } from './import/mt940';

let ctx: TestContext;
let team: TestTeam;
let other: TestTeam;

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Financiën BV');
  other = await createTeam(ctx, 'Andere BV');
});

afterAll(async () => {
  await ctx?.close();
});

const as = (which: TestTeam, token = which.owner.token) => ({ token, headers: which.headers });

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
  caller = as(team),
) => api(ctx.app, method, `/finance${path}`, { ...caller, ...(payload === undefined ? {} : { payload }) });

async function create(
  overrides: Parameters<typeof sampleRecord>[0] = {},
  which = team,
): Promise<FinanceRecord> {
  const response = await call('POST', '/records', sampleRecord(overrides), as(which));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FinanceRecord>();
}

describe('records', () => {
  it('should add a record with the BTW derived from the amount including BTW, and who entered it', async () => {
    const record = await create({
      amount_cents: 1000,
      btw_rate: '9',
      category: '  Omzet ',
      attachment_ref: '',
    });
    expect(record).toMatchObject({
      date: '2026-02-10',
      direction: 'income',
      amount_cents: 1000,
      btw_rate: '9',
      btw_cents: 83,
      net_cents: 917,
      category: 'Omzet',
      attachment_ref: null,
      source: 'manual',
      import_id: null,
      created_by_name: 'Olga Eigenaar',
    });
    expect((await call('GET', `/records/${record.id}`)).json()).toEqual(record);
  });

  it('should refuse bad input with a Dutch message per field and store nothing', async () => {
    const before = await financeCounts(ctx, team.organization.id);
    const response = await call('POST', '/records', {
      ...sampleRecord(),
      date: '2026-02-30',
      direction: 'gift',
      amount_cents: 0,
      btw_rate: '6',
      description: 'x'.repeat(501),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      date: FINANCE_MESSAGES.dateInvalid,
      direction: FINANCE_MESSAGES.direction,
      amount_cents: FINANCE_MESSAGES.amountInvalid,
      btw_rate: FINANCE_MESSAGES.btwRate,
      description: FINANCE_MESSAGES.description,
    });
    const fractional = await call('POST', '/records', { ...sampleRecord(), amount_cents: 12.5 });
    expect(fractional.statusCode).toBe(400);
    expect(await financeCounts(ctx, team.organization.id)).toEqual(before);
  });

  it('should change only the sent fields, recompute the BTW, and check the whole', async () => {
    const record = await create({ amount_cents: 12_100, btw_rate: '21' });
    const changed = await call('PATCH', `/records/${record.id}`, {
      btw_rate: 'exempt',
      category: 'Subsidies',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      btw_rate: 'exempt',
      btw_cents: 0,
      net_cents: 12_100,
      category: 'Subsidies',
      description: record.description,
    });
    const refused = await call('PATCH', `/records/${record.id}`, { date: '2026-13-01' });
    expect(refused.json().fields).toEqual({ date: FINANCE_MESSAGES.dateInvalid });
    const unrated = await call('PATCH', `/records/${record.id}`, { btw_rate: null });
    expect(unrated.json()).toMatchObject({ btw_rate: null, btw_cents: 0 });
  });

  it('should delete a record, and answer 404 for unknown ids', async () => {
    const record = await create();
    expect((await call('DELETE', `/records/${record.id}`)).statusCode).toBe(204);
    for (const [method, path] of [
      ['GET', `/records/${record.id}`],
      ['DELETE', `/records/${record.id}`],
      ['PATCH', `/records/${record.id}`],
      ['GET', '/records/abc'],
      ['GET', '/records/99999999999'],
    ] as const) {
      const response = await call(method, path, method === 'PATCH' ? { category: 'x' } : undefined);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json()).toEqual({ detail: FINANCE_ERRORS.notFound });
    }
  });
});

describe('the list', () => {
  let listTeam: TestTeam;

  beforeAll(async () => {
    listTeam = await createTeam(ctx, 'Lijst BV');
    const records = [
      sampleRecord({
        date: '2026-01-05',
        amount_cents: 50_000,
        counterparty: 'Bakkerij Zoet',
        description: 'Taart',
        category: 'Omzet',
      }),
      sampleRecord({
        date: '2026-01-20',
        direction: 'cost',
        amount_cents: 1250,
        counterparty: 'Koffiebar',
        description: 'Koffie overleg',
        category: 'Kantoorkosten',
        btw_rate: '9',
      }),
      sampleRecord({
        date: '2026-02-03',
        direction: 'cost',
        amount_cents: 95_000,
        counterparty: 'Huurbaas',
        description: 'Huur februari',
        category: 'Huisvesting',
        btw_rate: null,
      }),
      sampleRecord({
        date: '2026-03-15',
        amount_cents: 24_200,
        counterparty: 'Klant Zuid',
        description: 'Workshop koffie',
        category: 'Omzet',
      }),
      sampleRecord({
        date: '2026-04-01',
        direction: 'cost',
        amount_cents: 1250,
        counterparty: 'Kantoorhandel',
        description: 'Pennen',
        category: '',
      }),
    ];
    for (const record of records)
      expect((await call('POST', '/records', record, as(listTeam))).statusCode).toBe(201);
  });

  const list = async (query: string) => {
    const response = await call('GET', `/records?${query}`, undefined, as(listTeam));
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page<FinanceRecord>>();
    return { total: page.total, descriptions: page.items.map((item) => item.description) };
  };

  it('should sort newest first by default, and by amount or counterparty on request, with paging', async () => {
    expect(await list('')).toEqual({
      total: 5,
      descriptions: ['Pennen', 'Workshop koffie', 'Huur februari', 'Koffie overleg', 'Taart'],
    });
    expect((await list('sort=-amount')).descriptions.slice(0, 2)).toEqual(['Huur februari', 'Taart']);
    expect((await list('sort=date&page=2&page_size=2')).descriptions).toEqual([
      'Huur februari',
      'Workshop koffie',
    ]);
    expect((await list('sort=amount')).descriptions.slice(0, 2)).toEqual(['Pennen', 'Koffie overleg']);
  });

  it('should search every word in description and counterparty, and an amount written in Dutch', async () => {
    expect(await list('q=koffie')).toEqual({ total: 2, descriptions: ['Workshop koffie', 'Koffie overleg'] });
    expect(await list('q=koffie%20zuid')).toEqual({ total: 1, descriptions: ['Workshop koffie'] });
    expect(await list('q=12%2C50')).toEqual({ total: 2, descriptions: ['Pennen', 'Koffie overleg'] });
    expect(await list('q=100%25_')).toEqual({ total: 0, descriptions: [] });
  });

  it('should filter on period, direction, category, rate and source, counting alike', async () => {
    expect(await list('from=2026-01-10&to=2026-03-31')).toEqual({
      total: 3,
      descriptions: ['Workshop koffie', 'Huur februari', 'Koffie overleg'],
    });
    expect((await list('direction=cost')).total).toBe(3);
    expect(await list('category=Omzet&btw_rate=21')).toEqual({
      total: 2,
      descriptions: ['Workshop koffie', 'Taart'],
    });
    expect(await list('category=')).toEqual({ total: 1, descriptions: ['Pennen'] });
    expect(await list('btw_rate=none')).toEqual({ total: 1, descriptions: ['Huur februari'] });
    expect((await list('source=import')).total).toBe(0);
    expect((await list('source=manual&direction=income')).total).toBe(2);
  });

  it('should refuse wrong filters with a Dutch message naming the parameter', async () => {
    const response = await call(
      'GET',
      '/records?from=2026-02-30&direction=in&btw_rate=6&sort=name&import_id=x',
      undefined,
      as(listTeam),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      from: FINANCE_ERRORS.from,
      direction: FINANCE_ERRORS.direction,
      btw_rate: FINANCE_ERRORS.btwRate,
      sort: FINANCE_ERRORS.sort,
      import_id: FINANCE_ERRORS.importId,
    });
  });

  it('should list the categories in use, most used first, and suggest the common ones not used', async () => {
    const categories = (await call('GET', '/categories', undefined, as(listTeam))).json<FinanceCategories>();
    expect(categories.used).toEqual([
      { name: 'Omzet', record_count: 2 },
      { name: 'Huisvesting', record_count: 1 },
      { name: 'Kantoorkosten', record_count: 1 },
    ]);
    expect(categories.suggestions).toContain('Reiskosten');
    expect(categories.suggestions).not.toContain('Omzet');
  });

  it('should give the overview per month, per category and BTW per quarter', async () => {
    const response = await call('GET', '/overview?from=2026-01-01&to=2026-06-30', undefined, as(listTeam));
    expect(response.statusCode, response.body).toBe(200);
    const overview = response.json<FinanceOverview>();
    expect(overview.months.map((month) => [month.month, month.income_cents, month.cost_cents])).toEqual([
      ['2026-01', 50_000, 1250],
      ['2026-02', 0, 95_000],
      ['2026-03', 24_200, 0],
      ['2026-04', 0, 1250],
      ['2026-05', 0, 0],
      ['2026-06', 0, 0],
    ]);
    // Q1: 21 % on 500,00 (86,78) and 242,00 (42,00) to pay; 9 % on 12,50 (1,03) to reclaim; the rent has no rate.
    expect(
      overview.quarters.map(({ quarter, btw_to_pay_cents, btw_to_reclaim_cents, unrated_count }) => ({
        quarter,
        btw_to_pay_cents,
        btw_to_reclaim_cents,
        unrated_count,
      })),
    ).toEqual([
      { quarter: '2026-Q1', btw_to_pay_cents: 8678 + 4200, btw_to_reclaim_cents: 103, unrated_count: 1 },
      { quarter: '2026-Q2', btw_to_pay_cents: 0, btw_to_reclaim_cents: 217, unrated_count: 0 },
    ]);
    expect(overview.totals).toMatchObject({
      income_cents: 74_200,
      cost_cents: 97_500,
      result_cents: -23_300,
      record_count: 5,
    });
    expect(overview.categories[0]).toMatchObject({
      category: 'Omzet',
      direction: 'income',
      amount_cents: 74_200,
      share: 1,
    });
    // A range that cuts months: the cut days come from the day totals, the whole month between from the month totals.
    const cut = (
      await call('GET', '/overview?from=2026-01-10&to=2026-03-20', undefined, as(listTeam))
    ).json<FinanceOverview>();
    expect(
      cut.months.map((month) => [month.month, month.income_cents, month.cost_cents, month.record_count]),
    ).toEqual([
      ['2026-01', 0, 1250, 1],
      ['2026-02', 0, 95_000, 1],
      ['2026-03', 24_200, 0, 1],
    ]);
    const inOneMonth = (
      await call('GET', '/overview?from=2026-01-01&to=2026-01-19', undefined, as(listTeam))
    ).json<FinanceOverview>();
    expect(inOneMonth.totals).toMatchObject({ income_cents: 50_000, cost_cents: 0, record_count: 1 });
    const bad = await call('GET', '/overview?from=2026-05-01&to=2026-04-01', undefined, as(listTeam));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ to: 'De laatste dag ligt voor de eerste dag.' });
  });

  it('should export the records as CSV for a Dutch Excel and as XLSX, with the list’s filters', async () => {
    const csv = await call('GET', '/records/export?direction=cost', undefined, as(listTeam));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="financien-boekingen-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Datum;Soort;Bedrag incl. btw;Btw-tarief;Btw;Bedrag excl. btw;Categorie;Omschrijving;Tegenpartij;Bijlage;Bron;Rekening;Referentie bank;Id',
    );
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(
      /^03-02-2026;Kosten;950,00;Geen tarief;0,00;950,00;Huisvesting;Huur februari;Huurbaas;F-2026-007;Handmatig;;;\d+$/,
    );
    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/finance/overview/export?format=xlsx&from=2026-01-01&to=2026-03-31',
      headers: { authorization: `Bearer ${listTeam.member.token}`, ...listTeam.headers },
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(xlsx.rawPayload).buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Per maand',
      'Per categorie',
      'Btw per kwartaal',
    ]);
    const months = workbook.getWorksheet('Per maand');
    expect(months?.getRow(2).values).toEqual([undefined, 'januari 2026', 500, 12.5, 487.5, 2]);
    const overviewCsv = await call(
      'GET',
      '/overview/export?from=2026-01-01&to=2026-01-31',
      undefined,
      as(listTeam),
    );
    expect(overviewCsv.body).toContain(
      'Btw per kwartaal\r\nKwartaal;Van;Tot en met;Te betalen;Terug te vragen;Saldo;Zonder tarief\r\nQ1 2026;01-01-2026;31-01-2026;86,78;1,03;85,75;0',
    );
  });
});

describe('imports', () => {
  let importTeam: TestTeam;

  beforeAll(async () => {
    importTeam = await createTeam(ctx, 'Import BV');
  });

  const importAs = (name: string, bytes: Uint8Array, fields: Record<string, string> = {}) =>
    postImport(ctx.app, as(importTeam, importTeam.manager.token), { name, bytes }, fields);

  it('should import a CAMT.053 statement, and skip every line on a second import', async () => {
    const first = await importAs('januari.xml', bankFixture('ing-camt053.xml'));
    expect(first.statusCode, first.body).toBe(201);
    const report = first.json<FinanceImportReport>();
    expect(report).toMatchObject({
      detail: '5 boekingen geïmporteerd.',
      stored: true,
      format: 'camt053',
      file_name: 'januari.xml',
      encoding: 'utf-8',
      lines: 5,
      imported: 5,
      duplicates: 0,
      refused: 0,
      refusals: [],
      csv: null,
    });
    const records = (
      await call('GET', `/records?import_id=${report.import_id}&sort=date`, undefined, as(importTeam))
    ).json<Page<FinanceRecord>>();
    expect(records.items[0]).toMatchObject({
      date: '2026-01-05',
      direction: 'income',
      amount_cents: 121_000,
      btw_rate: null,
      counterparty: 'Klant Zuid B.V.',
      description: 'Factuur F-2026-001',
      source: 'import',
      bank_account: 'NL20INGB0001234567',
      bank_reference: 'INGREF20260105000001',
      created_by_name: 'Bram Beheerder',
    });
    const again = await importAs('januari-opnieuw.xml', bankFixture('ing-camt053.xml'));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({
      detail: 'Niets toegevoegd: 5 regels waren er al.',
      import_id: null,
      imported: 0,
      duplicates: 5,
    });
    expect((await financeCounts(ctx, importTeam.organization.id)).records).toBe(5);
    // An import that added nothing is not kept: the list has no undo that would remove nothing.
    const listed = (await call('GET', '/imports', undefined, as(importTeam))).json<Page<FinanceImport>>();
    expect(listed.items.map((item) => [item.file_name, item.imported, item.record_count])).toEqual([
      ['januari.xml', 5, 5],
    ]);
    expect(listed.total).toBe(1);
  });

  it('should import MT940 and a Windows-1252 CSV (café) with a rate and category for every line', async () => {
    const mt940 = await importAs('rabo.sta', bankFixture('rabobank-mt940.sta'), {
      btw_rate: '21',
      category: 'Bank',
    });
    expect(mt940.statusCode, mt940.body).toBe(201);
    expect(mt940.json()).toMatchObject({ format: 'mt940', imported: 3 });
    const csv = Buffer.from('Datum;Omschrijving;Bedrag\r\n31-01-2026;Lunch café;-12,10\r\n', 'latin1');
    const imported = await importAs('excel.csv', csv, { btw_rate: '21', category: 'Reiskosten' });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({
      format: 'csv',
      encoding: 'windows-1252',
      imported: 1,
      csv: {
        delimiter: ';',
        headers: ['Datum', 'Omschrijving', 'Bedrag'],
        mapping: { date: 'Datum', amount: 'Bedrag' },
      },
    });
    const found = (await call('GET', '/records?q=caf%C3%A9', undefined, as(importTeam))).json<
      Page<FinanceRecord>
    >();
    expect(
      found.items.map(({ description, amount_cents, btw_cents, category }) => ({
        description,
        amount_cents,
        btw_cents,
        category,
      })),
    ).toEqual([{ description: 'Lunch café', amount_cents: 1210, btw_cents: 210, category: 'Reiskosten' }]);
  });

  it('should store nothing from an MT940 with a broken :61: line, name the lines, and store the rest on request', async () => {
    const before = await financeCounts(ctx, importTeam.organization.id);
    const refused = await importAs('kapot.sta', bankFixture('broken-61.sta'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      stored: false,
      import_id: null,
      imported: 1,
      refused: 2,
      refusals: [
        { line: 7, reason: MT940_MESSAGES.broken61 },
        { line: 9, reason: MT940_MESSAGES.threeDecimals },
      ],
      detail:
        'Niets geïmporteerd: 2 regels zijn geweigerd. Verbeter het bestand, of kies ervoor foute regels over te slaan.',
    });
    expect(await financeCounts(ctx, importTeam.organization.id)).toEqual(before);
    const skipped = await importAs('kapot.sta', bankFixture('broken-61.sta'), { skip_invalid: 'true' });
    expect(skipped.statusCode).toBe(201);
    expect(skipped.json()).toMatchObject({
      stored: true,
      imported: 1,
      refused: 2,
      detail: '1 boeking geïmporteerd, 2 foute regels overgeslagen.',
    });
  });

  it('should refuse a statement whose balances do not add up, and name a line in another currency for that', async () => {
    const before = await financeCounts(ctx, importTeam.organization.id);
    for (const dryRun of ['false', 'true']) {
      const unbalanced = await importAs('abn.sta', bankFixture('abn-amro-mt940.sta'), { dry_run: dryRun });
      expect(unbalanced.statusCode).toBe(400);
      expect(unbalanced.json()).toEqual({ detail: BALANCE_MESSAGES.mismatch(11, 294_039, 315_390) });
    }
    const dollars = Buffer.from(
      bankFixture('ing-camt053.xml')
        .toString('utf8')
        .replace('<Amt Ccy="EUR">45.99</Amt>', '<Amt Ccy="USD">45.99</Amt>'),
    );
    const refused = await importAs('dollars.xml', dollars);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      detail:
        'Niets geïmporteerd: 1 regel is geweigerd. Verbeter het bestand, of kies ervoor foute regels over te slaan.',
      refusals: [{ line: 71, reason: "Bedrag in USD; Loop boekt alleen euro's." }],
    });
    expect(await financeCounts(ctx, importTeam.organization.id)).toEqual(before);
  });

  it('should check without storing on a dry run, counting what is new', async () => {
    const before = await financeCounts(ctx, importTeam.organization.id);
    const dry = await importAs('ing.csv', bankFixture('ing.csv'), { dry_run: 'true' });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ stored: false, dry_run: true, imported: 4, duplicates: 0 });
    expect(await financeCounts(ctx, importTeam.organization.id)).toEqual(before);
    // The two equal card payments are two records, and stay two when the file comes again.
    expect((await importAs('ing.csv', bankFixture('ing.csv'))).json()).toMatchObject({ imported: 4 });
    expect((await importAs('ing.csv', bankFixture('ing.csv'), { dry_run: 'true' })).json()).toMatchObject({
      imported: 0,
      duplicates: 4,
    });
  });

  it('should say in Dutch what is wrong with a file that cannot be read, and store nothing', async () => {
    const before = await financeCounts(ctx, importTeam.organization.id);
    const cases: Array<[string, Buffer, Record<string, string>, unknown]> = [
      ['geen.xml', Buffer.from('Datum;Bedrag\n'), { format: 'camt053' }, CAMT_MESSAGES.notXml(1, 1)],
      [
        'kapot.xml',
        Buffer.from('<?xml version="1.0"?><Document><BkToCstmrStmt><Stmt></BkToCstmrStmt>'),
        {},
        expect.stringMatching(/^Het bestand is geen geldige XML/),
      ],
      ['leeg.csv', Buffer.alloc(0), {}, 'Het bestand is leeg.'],
      [
        'tabel.csv',
        Buffer.from('Wanneer;Hoeveel\n1;2\n'),
        {},
        expect.stringMatching(/^De kolommen van dit CSV-bestand zijn niet herkend/),
      ],
    ];
    for (const [name, bytes, fields, detail] of cases) {
      const response = await importAs(name, bytes, fields);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().detail, name).toEqual(detail);
    }
    const badForm = await importAs('x.csv', bankFixture('ing.csv'), {
      format: 'pdf',
      btw_rate: '6',
      mapping: '{kapot',
      skip_invalid: 'ja',
    });
    expect(badForm.statusCode).toBe(400);
    expect(Object.keys(badForm.json().fields).sort()).toEqual([
      'btw_rate',
      'format',
      'mapping',
      'skip_invalid',
    ]);
    const badMapping = await importAs('x.csv', bankFixture('ing.csv'), {
      mapping: JSON.stringify({ date: 'Boekdatum', amount: 'Bedrag (EUR)' }),
    });
    expect(badMapping.json().fields).toEqual({
      'mapping.date': expect.stringContaining("De kolom 'Boekdatum' staat niet in het bestand."),
    });
    const tooLarge = await importAs('groot.csv', Buffer.alloc(32 * 1024 * 1024 + 1, 0x61));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ detail: 'Het bestand is te groot: een import is hoogstens 32 MB.' });
    const noFile = await api(ctx.app, 'POST', '/finance/imports', { ...as(importTeam), payload: {} });
    expect(noFile.statusCode).toBe(400);
    expect(await financeCounts(ctx, importTeam.organization.id)).toEqual(before);
  });

  it('should list the imports and undo one, taking its records and their sums with it', async () => {
    const imports = (await call('GET', '/imports', undefined, as(importTeam))).json<Page<FinanceImport>>();
    expect(imports.items[0]).toMatchObject({
      file_name: 'ing.csv',
      format: 'csv',
      imported: 4,
      record_count: 4,
      created_by_name: 'Bram Beheerder',
    });
    const camt = imports.items.find((item) => item.file_name === 'januari.xml')!;
    const undone = await call('DELETE', `/imports/${camt.id}`, undefined, as(importTeam));
    expect(undone.json()).toEqual({ detail: 'Import ongedaan gemaakt: 5 boekingen verwijderd.' });
    expect((await call('GET', `/records?import_id=${camt.id}`, undefined, as(importTeam))).json().total).toBe(
      0,
    );
    expect((await call('DELETE', `/imports/${camt.id}`, undefined, as(importTeam))).statusCode).toBe(404);
    // Now the same file imports again in full.
    expect((await importAs('januari.xml', bankFixture('ing-camt053.xml'))).json()).toMatchObject({
      imported: 5,
    });
    const { kept, expected } = await dayTotalsAgainstRecords(ctx, importTeam.organization.id);
    expect(kept).toEqual(expected);
  });

  it('should log imports and changes by id and counts only', async () => {
    await ctx.app.appLog.flush();
    const rows = await ctx.db.select().from(appLogs);
    const finance = rows.filter((row) => row.category === 'finance');
    expect(new Set(finance.map((row) => row.action))).toEqual(
      new Set([
        'finance.record_created',
        'finance.record_updated',
        'finance.record_deleted',
        'finance.imported',
        'finance.import_undone',
        'finance.exported',
      ]),
    );
    const text = finance.map((row) => row.message).join('\n');
    for (const secret of ['Klant Zuid', 'café', 'Koffie', '1210', '12,10', 'Factuur', 'NL20INGB'])
      expect(text).not.toContain(secret);
  });
});

describe('who may', () => {
  it('should let members read and export but not change; viewers not even read', async () => {
    const record = await create();
    expect((await call('GET', '/records', undefined, as(team, team.member.token))).statusCode).toBe(200);
    const byMember = await call(
      'PATCH',
      `/records/${record.id}`,
      { category: 'x' },
      as(team, team.member.token),
    );
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ detail: PERMISSION_DENIED['finance.manage'] });
    const byViewer = await call('GET', '/overview', undefined, as(team, team.viewer.token));
    expect(byViewer.json()).toEqual({ detail: PERMISSION_DENIED['finance.read'] });
    const importByMember = await postImport(ctx.app, as(team, team.member.token), {
      name: 'a.sta',
      bytes: bankFixture('ing-mt940.sta'),
    });
    expect(importByMember.statusCode).toBe(403);
  });

  it('should need the plan feature analytics', async () => {
    const free = await createTeam(ctx, 'Gratis BV', 'basicloop');
    for (const [method, path] of [
      ['GET', '/records'],
      ['POST', '/records'],
      ['GET', '/overview'],
      ['GET', '/categories'],
      ['GET', '/imports'],
    ] as const) {
      const response = await call(method, path, method === 'POST' ? sampleRecord() : undefined, as(free));
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json()).toEqual({ detail: FEATURE_MISSING });
    }
    expect((await financeCounts(ctx, free.organization.id)).records).toBe(0);
  });

  it('should answer 404 for every id of another organisation and change nothing of it', async () => {
    const record = await create({ description: 'Geheim van de eerste' });
    const imported = (
      await postImport(ctx.app, as(team), { name: 'abn.sta', bytes: bankFixture('abn-amro-sepa-mt940.sta') })
    ).json<FinanceImportReport>();
    const before = await financeCounts(ctx, team.organization.id);
    for (const intruder of [other.owner, other.manager, other.member]) {
      const caller = as(other, intruder.token);
      for (const [method, path, payload] of [
        ['GET', `/records/${record.id}`, undefined],
        ['PATCH', `/records/${record.id}`, { category: 'Overgenomen' }],
        ['DELETE', `/records/${record.id}`, undefined],
        ['DELETE', `/imports/${imported.import_id}`, undefined],
      ] as const) {
        const response = await call(method, path, payload, caller);
        if (method !== 'GET' && intruder === other.member) {
          expect(response.statusCode, `${method} ${path}`).toBe(403);
          continue;
        }
        expect(response.statusCode, `${method} ${path}`).toBe(404);
      }
      const lists = [
        await call('GET', `/records?import_id=${imported.import_id}`, undefined, caller),
        await call('GET', '/records?q=Geheim', undefined, caller),
      ];
      for (const list of lists) expect(list.json().total).toBe(0);
      const exported = await call('GET', '/records/export', undefined, caller);
      expect(exported.body).not.toContain('Geheim van de eerste');
    }
    // The other organisation's own header on the first organisation's ids, and the first's header: 404.
    const wrongHeader = await api(ctx.app, 'GET', `/finance/records/${record.id}`, {
      token: other.owner.token,
      headers: team.headers,
    });
    expect(wrongHeader.statusCode).toBe(404);
    expect(await financeCounts(ctx, team.organization.id)).toEqual(before);
    expect((await call('GET', `/records/${record.id}`)).json()).toMatchObject({
      description: 'Geheim van de eerste',
      category: 'Omzet',
    });
  });

  it('should keep the day totals equal to the records after every kind of change', async () => {
    const { kept, expected } = await dayTotalsAgainstRecords(ctx, team.organization.id);
    expect(kept).toEqual(expected);
    expect(JSON.stringify(kept.months)).toContain('2026-02-01');
  });
});
