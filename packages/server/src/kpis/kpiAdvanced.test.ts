import type { Kpi, KpiComparison, KpiDrillDown, KpiHistory, KpiImportReport } from '@loop/core';
import { KPI_CSV_MESSAGES } from '@loop/core/kpis';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_MISSING } from '../billing/requireFeature';
import { appLogs, kpiBoards, kpis, kpiValues } from '../db/schema';
import { putOnPlan } from '../testing/billing';
import { createKpi, kpiInput, teamCall } from '../testing/kpiTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { createTestContext, type TestContext } from '../testing/testApp';
import { KPI_ERRORS } from './kpiUseCases';

let ctx: TestContext;
let team: TestTeam;

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Geavanceerd BV');
});

afterAll(async () => {
  await ctx?.close();
});

const put = (kpi: Kpi, period: string, value: number, note = '') =>
  teamCall(ctx, team, 'PUT', `/kpis/${kpi.id}/values/${period}`, { value, note });

const importCsv = (kpi: Kpi, csv: string, options: { skip_invalid?: boolean; dry_run?: boolean } = {}) =>
  teamCall(ctx, team, 'POST', `/kpis/${kpi.id}/values/import`, {
    csv,
    skip_invalid: options.skip_invalid ?? false,
    dry_run: options.dry_run ?? false,
  });

describe('history and comparison', () => {
  it('should give every KPI its periods over a range, and compare two periods', async () => {
    const revenue = await createKpi(ctx, team, { name: 'Omzet' });
    const quarterly = await createKpi(ctx, team, {
      name: 'Kwartaalomzet',
      period_kind: 'quarter',
      target: 3_000_000,
      warning: null,
    });
    await put(revenue, '2025-03', 800_000);
    await put(revenue, '2026-02', 1_200_000);
    await put(quarterly, '2025-Q1', 2_500_000);
    await put(quarterly, '2026-Q1', 3_300_000);

    const history = await teamCall(
      ctx,
      team,
      'GET',
      `/kpis/history?from=2025-12-01&to=2026-03-02&ids=${revenue.id},${quarterly.id}`,
    );
    expect(history.statusCode, history.body).toBe(200);
    const items = history.json<KpiHistory>().items;
    expect(
      items.map((item) => [item.kpi.name, item.points.map((point) => [point.period, point.value])]),
    ).toEqual([
      [
        'Omzet',
        [
          ['2025-12', null],
          ['2026-01', null],
          ['2026-02', 1_200_000],
          ['2026-03', null],
        ],
      ],
      [
        'Kwartaalomzet',
        [
          ['2025-Q4', null],
          ['2026-Q1', 3_300_000],
        ],
      ],
    ]);

    const compared = await teamCall(
      ctx,
      team,
      'GET',
      `/kpis/compare?a=2026-02-15&b=2025-03-15&ids=${revenue.id},${quarterly.id}`,
    );
    const [first, second] = compared.json<KpiComparison>().items;
    expect(first).toMatchObject({
      a: { period: '2026-02', value: 1_200_000 },
      b: { period: '2025-03', value: 800_000 },
      change: 400_000,
      relative_change: 0.5,
      assessment: 'good',
    });
    expect(second).toMatchObject({
      a: { period: '2026-Q1', status: 'on_track' },
      b: { period: '2025-Q1', status: 'off_track' },
      change: 800_000,
    });

    for (const [path, fields] of [
      ['/kpis/history?from=2026-02-30', { from: KPI_ERRORS.day }],
      ['/kpis/history?from=2026-03-01&to=2026-01-01', { to: KPI_ERRORS.range }],
      ['/kpis/history?from=2000-01-01', { from: KPI_ERRORS.rangeTooLong }],
      ['/kpis/history?ids=1,x', { ids: KPI_ERRORS.ids }],
      ['/kpis/compare?a=gisteren', { a: KPI_ERRORS.day }],
    ] as const) {
      const response = await teamCall(ctx, team, 'GET', path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().fields, path).toEqual(fields);
    }
  });
});

describe('the drill-down', () => {
  it('should list every period newest first with value, note, who, when and source', async () => {
    const kpi = await createKpi(ctx, team, {
      name: 'Doorlooptijd',
      unit: 'duration',
      direction: 'lower',
      target: 7200,
      warning: 10_800,
    });
    await put(kpi, '2026-01', 9000, 'Drukke maand');
    await importCsv(kpi, 'Periode;Waarde\n2026-02;1:45');
    const response = await teamCall(
      ctx,
      team,
      'GET',
      `/kpis/${kpi.id}/drill-down?from=2026-01-01`,
      undefined,
      team.viewer.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    const drill = response.json<KpiDrillDown>();
    expect(drill.kpi.name).toBe('Doorlooptijd');
    expect(
      drill.rows.map((row) => [
        row.period,
        row.value,
        row.status,
        row.note,
        row.origin,
        row.entered_by?.name ?? null,
      ]),
    ).toEqual([
      ['2026-03', null, 'no_value', '', 'manual', null],
      ['2026-02', 6300, 'on_track', '', 'import', team.owner.name],
      ['2026-01', 9000, 'at_risk', 'Drukke maand', 'manual', team.owner.name],
    ]);
  });
});

describe('CSV import and export', () => {
  it('should report every refused line and store nothing, unless bad lines are skipped', async () => {
    const kpi = await createKpi(ctx, team, { name: 'Import' });
    await put(kpi, '2026-01', 100);
    const csv = [
      'Periode;Waarde;Notitie',
      '2026-01;1.234,56;bijgewerkt',
      '2026-02;12.5;',
      '2026-13;5;',
      '15-02-2026;-12,50;nieuw',
      '2026-05;1;',
    ].join('\r\n');

    const refused = await importCsv(kpi, csv);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json<KpiImportReport>()).toEqual({
      stored: false,
      lines: 5,
      created: 1,
      updated: 1,
      unchanged: 0,
      refused: [
        { line: 3, reason: "Waarde '12.5': schrijf een getal op zijn Nederlands, bijvoorbeeld 1.234,56." },
        { line: 4, reason: "'2026-13' is geen maand of datum (bijvoorbeeld 2026-03 of 31-03-2026)." },
        { line: 6, reason: 'Mei 2026: deze periode is nog niet begonnen.' },
      ],
      summary: 'Niets geïmporteerd: 3 regels geweigerd. Verbeter die regels of sla foute regels over.',
    });
    const values = async () =>
      (
        await ctx.db.select().from(kpiValues).where(eq(kpiValues.kpiId, kpi.id)).orderBy(kpiValues.period)
      ).map((row) => [row.period, row.value, row.note]);
    expect(await values()).toEqual([['2026-01', 100, '']]);
    expect(
      (await importCsv(kpi, csv, { skip_invalid: true, dry_run: true })).json<KpiImportReport>().stored,
    ).toBe(false);
    expect(await values()).toEqual([['2026-01', 100, '']]);

    const skipped = await importCsv(kpi, csv, { skip_invalid: true });
    expect(skipped.json<KpiImportReport>()).toMatchObject({
      stored: true,
      created: 1,
      updated: 1,
      summary: 'Geïmporteerd: 1 waarde nieuw, 1 waarde bijgewerkt; 3 regels overgeslagen.',
    });
    expect(await values()).toEqual([
      ['2026-01', 123_456, 'bijgewerkt'],
      ['2026-02', -1250, 'nieuw'],
    ]);

    const unreadable = await importCsv(kpi, 'Maand;Getal\n2026-01;5');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toEqual({
      detail: `Regel 1: ${KPI_CSV_MESSAGES.header}`,
      fields: { csv: `Regel 1: ${KPI_CSV_MESSAGES.header}` },
    });
  });

  it('should export what the import reads back', async () => {
    const kpi = await createKpi(ctx, team, { name: 'Export: omzet/maand' });
    await put(kpi, '2025-11', 123_456, '=SOM(A1)');
    await put(kpi, '2026-02', -50);
    const exported = await teamCall(ctx, team, 'GET', `/kpis/${kpi.id}/values/export`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="kpi-${kpi.id}-export-omzet-maand-2026-03-02.csv"`,
    );
    expect(exported.body).toBe(
      '\uFEFFPeriode;Naam van de periode;Waarde;Doel;Status;Notitie;Ingevoerd door;Ingevoerd op\r\n' +
        `2025-11;november 2025;1.234,56;10.000,00;Niet op koers;'=SOM(A1);${team.owner.name};02-03-2026 10:00\r\n` +
        `2026-02;februari 2026;-0,50;10.000,00;Niet op koers;;${team.owner.name};02-03-2026 10:00\r\n`,
    );
    const copy = await createKpi(ctx, team, { name: 'Kopie' });
    const report = (await importCsv(copy, exported.body)).json<KpiImportReport>();
    expect(report).toMatchObject({ stored: true, created: 2, refused: [] });
    const stored = await ctx.db
      .select()
      .from(kpiValues)
      .where(eq(kpiValues.kpiId, copy.id))
      .orderBy(kpiValues.period);
    expect(stored.map((row) => [row.period, row.value, row.origin])).toEqual([
      ['2025-11', 123_456, 'import'],
      ['2026-02', -50, 'import'],
    ]);
  });
});

describe('importing an unchanged export again', () => {
  it('should count no changed value and leave who entered each value alone', async () => {
    const share = await createKpi(ctx, team, {
      name: 'Tevredenheid (%)',
      unit: 'percentage',
      target: 80,
      warning: 70,
    });
    await put(share, '2025-12', 72.25, '-3 t.o.v. vorig jaar');
    await put(share, '2026-01', 81.5);
    await put(share, '2026-02', 0);
    const revision = async () =>
      (await ctx.db.select({ revision: kpis.revision }).from(kpis).where(eq(kpis.id, share.id)))[0]?.revision;
    const before = await revision();
    const exported = (await teamCall(ctx, team, 'GET', `/kpis/${share.id}/values/export`)).body;

    for (const dry_run of [true, false]) {
      const again = (await importCsv(share, exported, { dry_run })).json<KpiImportReport>();
      expect(again, `dry_run ${dry_run}`).toMatchObject({
        created: 0,
        updated: 0,
        unchanged: 3,
        refused: [],
      });
    }
    expect((await importCsv(share, exported)).json<KpiImportReport>().summary).toBe(
      'Geïmporteerd: 0 waarden nieuw, 0 waarden bijgewerkt, 3 waarden ongewijzigd.',
    );
    // Nothing was written: every value is still the one entered by hand, and the KPI did not change.
    const stored = await ctx.db
      .select()
      .from(kpiValues)
      .where(eq(kpiValues.kpiId, share.id))
      .orderBy(kpiValues.period);
    expect(stored.map((row) => [row.period, row.value, row.note, row.origin])).toEqual([
      ['2025-12', 72.25, '-3 t.o.v. vorig jaar', 'manual'],
      ['2026-01', 81.5, '', 'manual'],
      ['2026-02', 0, '', 'manual'],
    ]);
    expect(await revision()).toBe(before);

    // One value changed in the file: one change, and only that one is written.
    const edited = exported.replace('81,5', '82');
    expect((await importCsv(share, edited)).json<KpiImportReport>()).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: 2,
    });
    const after = await ctx.db
      .select()
      .from(kpiValues)
      .where(eq(kpiValues.kpiId, share.id))
      .orderBy(kpiValues.period);
    expect(after.map((row) => [row.period, row.value, row.origin])).toEqual([
      ['2025-12', 72.25, 'manual'],
      ['2026-01', 82, 'import'],
      ['2026-02', 0, 'manual'],
    ]);
  });
});

describe('the plan feature', () => {
  it('should keep the advanced routes to plans with analytics, and the rest to every plan', async () => {
    const basic = await createTeam(ctx, 'Basis BV', 'basicloop');
    const kpi = await createKpi(ctx, basic);
    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
      teamCall(ctx, basic, method, path, payload);
    for (const [method, path, payload] of [
      ['GET', '/kpis/history', undefined],
      ['GET', '/kpis/compare', undefined],
      ['GET', `/kpis/${kpi.id}/drill-down`, undefined],
      ['GET', `/kpis/${kpi.id}/values/export`, undefined],
      ['POST', `/kpis/${kpi.id}/values/import`, { csv: '2026-01;5', skip_invalid: false, dry_run: false }],
    ] as const) {
      const response = await call(method, path, payload);
      expect(response.statusCode, path).toBe(403);
      expect(response.json(), path).toEqual({ detail: FEATURE_MISSING });
    }
    expect(await ctx.db.$count(kpiValues, eq(kpiValues.kpiId, kpi.id))).toBe(0);
    for (const [method, path, payload] of [
      ['GET', '/kpis', undefined],
      ['GET', '/kpis/board', undefined],
      ['PUT', `/kpis/${kpi.id}/values/2026-02`, { value: 5, note: '' }],
      ['PUT', '/kpis/board', { kpi_ids: [kpi.id] }],
    ] as const)
      expect((await call(method, path, payload)).statusCode, path).toBe(200);
    await putOnPlan(ctx, basic.organization.id, 'proloop');
    expect((await call('GET', `/kpis/${kpi.id}/drill-down`)).statusCode).toBe(200);
  });
});

describe('another organisation', () => {
  it("should answer 404 on every route with another organisation's KPI and change nothing", async () => {
    const intruder = await createTeam(ctx, 'Indringer BV');
    const kpi = await createKpi(ctx, team, { name: 'Van een ander' });
    await put(kpi, '2026-02', 10);
    await ctx.app.appLog.flush();
    const counts = async () => {
      await ctx.app.appLog.flush();
      return {
        kpis: await ctx.db.$count(kpis),
        values: await ctx.db.$count(kpiValues),
        boards: await ctx.db.$count(kpiBoards),
        logs: await ctx.db.$count(appLogs, eq(appLogs.category, 'kpi')),
      };
    };
    const before = await counts();
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', `/kpis/${kpi.id}`],
      ['PUT', `/kpis/${kpi.id}`, kpiInput()],
      ['DELETE', `/kpis/${kpi.id}`],
      ['GET', `/kpis/${kpi.id}/values`],
      ['PUT', `/kpis/${kpi.id}/values/2026-02`, { value: 1, note: '' }],
      ['PUT', `/kpis/${kpi.id}/values/2026-13`, { value: 1, note: '' }],
      ['DELETE', `/kpis/${kpi.id}/values/2026-02`],
      ['GET', `/kpis/${kpi.id}/drill-down`],
      ['GET', `/kpis/${kpi.id}/drill-down?from=nooit`],
      ['GET', `/kpis/${kpi.id}/values/export`],
      ['POST', `/kpis/${kpi.id}/values/import`, { csv: '2026-01;5', skip_invalid: true, dry_run: false }],
    ];
    for (const [method, path, payload] of routes) {
      for (const token of [intruder.owner.token, intruder.member.token]) {
        const response = await teamCall(ctx, intruder, method, path, payload, token);
        expect(response.statusCode, `${method} ${path}`).toBe(404);
        expect(response.json(), `${method} ${path}`).toEqual({ detail: KPI_ERRORS.notFound });
      }
      // With the other organisation in the header, the caller is no member: 404 as well.
      const wrongHeader = await teamCall(
        ctx,
        { ...intruder, headers: team.headers },
        method,
        path,
        payload,
        intruder.owner.token,
      );
      expect(wrongHeader.statusCode, `${method} ${path} (header)`).toBe(404);
    }
    // Ids of another organisation in lists and board choices are refused, not followed.
    expect((await teamCall(ctx, intruder, 'GET', `/kpis/history?ids=${kpi.id}`)).json().fields).toEqual({
      ids: KPI_ERRORS.unknownIds,
    });
    expect((await teamCall(ctx, intruder, 'GET', `/kpis/compare?ids=${kpi.id}`)).statusCode).toBe(400);
    expect(
      (await teamCall(ctx, intruder, 'PUT', '/kpis/board/default', { kpi_ids: [kpi.id] })).statusCode,
    ).toBe(400);
    const theirs = await teamCall(ctx, intruder, 'GET', '/kpis');
    expect(theirs.json()).toMatchObject({ total: 0, items: [] });
    expect(await counts()).toEqual(before);
  });
});
