import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Kpi, KpiBoard, KpiBoardSettings, KpiValue, Page } from '@loop/core';
import { KPI_BOARD_MESSAGES, KPI_MESSAGES } from '@loop/core/kpis';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogs, kpiBoards, kpis, kpiValues } from '../db/schema';
import { createKpi, kpiInput, teamCall } from '../testing/kpiTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { KPI_ERRORS } from './kpiUseCases';

let ctx: TestContext;
let team: TestTeam;
let other: TestTeam;

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Kengetallen BV');
  other = await createTeam(ctx, 'Andere Cijfers BV');
});

afterAll(async () => {
  await ctx?.close();
});

describe('KPI definitions', () => {
  it('should create, read, list, change and delete a KPI', async () => {
    const created = await createKpi(ctx, team, { owner_id: team.member.id, name: '  Marge  ' });
    expect(created).toMatchObject({
      name: 'Marge',
      unit: 'euro',
      direction: 'higher',
      period_kind: 'month',
      target: 1_000_000,
      warning: 800_000,
      owner: { id: team.member.id, name: team.member.name },
      source: { type: 'manual', survey_title: null },
      state: 'ok',
    });
    const read = await teamCall(ctx, team, 'GET', `/kpis/${created.id}`, undefined, team.viewer.token);
    expect(read.json<Kpi>()).toEqual(created);

    const changed = await teamCall(
      ctx,
      team,
      'PUT',
      `/kpis/${created.id}`,
      kpiInput({ name: 'Brutomarge', target: 1_200_000 }),
      team.member.token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Kpi>()).toMatchObject({ name: 'Brutomarge', target: 1_200_000, owner: null });

    const removed = await teamCall(ctx, team, 'DELETE', `/kpis/${created.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await teamCall(ctx, team, 'GET', `/kpis/${created.id}`)).statusCode).toBe(404);
  });

  it('should refuse bad definitions with a Dutch message per field and store nothing', async () => {
    const before = await ctx.db.$count(kpis);
    const cases: Array<[Partial<Parameters<typeof kpiInput>[0]>, Record<string, string>]> = [
      [
        { unit: 'percentage', target: 120, warning: null },
        { target: 'Doel: een percentage ligt tussen 0 en 100.' },
      ],
      [{ target: 1234.5, warning: null }, { target: 'Doel: een bedrag heeft hoogstens twee decimalen.' }],
      [{ target: 1_000_000, warning: 1_500_000 }, { warning: KPI_MESSAGES.warningHigher }],
      [{ owner_id: other.owner.id }, { owner_id: KPI_MESSAGES.owner }],
      [{ name: '' }, { name: KPI_MESSAGES.nameRequired }],
      [
        {
          unit: 'number',
          target: 30,
          warning: 10,
          source: { type: 'survey', metric: 'nps', survey_id: 999_999, question_id: 'q', statement_id: null },
        },
        { 'source.survey_id': KPI_MESSAGES.surveyUnknown },
      ],
    ];
    for (const [overrides, fields] of cases) {
      const response = await teamCall(ctx, team, 'POST', '/kpis', kpiInput(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json(), JSON.stringify(overrides)).toEqual({
        detail: Object.values(fields)[0],
        fields,
      });
    }
    expect(await ctx.db.$count(kpis)).toBe(before);
  });

  it('should search, filter and page the list', async () => {
    const own = await createTeam(ctx, 'Lijst BV');
    await createKpi(ctx, own, { name: 'Klanttevredenheid', description: 'Gemiddelde score' });
    await createKpi(ctx, own, {
      name: 'Ziekteverzuim',
      unit: 'percentage',
      direction: 'lower',
      target: 4,
      warning: 6,
      period_kind: 'quarter',
      owner_id: own.manager.id,
    });
    await createKpi(ctx, own, { name: 'Omzet', owner_id: own.manager.id });
    const list = async (query: string) =>
      (await teamCall(ctx, own, 'GET', `/kpis${query}`)).json<Page<Kpi>>();
    expect((await list('')).items.map((kpi) => kpi.name)).toEqual([
      'Klanttevredenheid',
      'Omzet',
      'Ziekteverzuim',
    ]);
    expect((await list('?q=score')).items.map((kpi) => kpi.name)).toEqual(['Klanttevredenheid']);
    expect((await list('?period_kind=quarter')).items.map((kpi) => kpi.name)).toEqual(['Ziekteverzuim']);
    expect((await list(`?owner_id=${own.manager.id}`)).total).toBe(2);
    expect(await list('?page=2&page_size=2')).toMatchObject({
      total: 3,
      page: 2,
      page_size: 2,
      items: [{ name: 'Ziekteverzuim' }],
    });
    const bad = await teamCall(ctx, own, 'GET', '/kpis?source=excel');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ source: 'Kies als bron manual, survey of finance.' });
  });
});

describe('manual values', () => {
  it('should enter, change, list and delete values with note, who and when', async () => {
    const kpi = await createKpi(ctx, team);
    const put = (period: string, body: unknown, token = team.member.token) =>
      teamCall(ctx, team, 'PUT', `/kpis/${kpi.id}/values/${period}`, body, token);
    const first = await put('2026-02', { value: 950_000, note: '  Goede maand ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<KpiValue>()).toEqual({
      period: '2026-02',
      value: 950_000,
      note: 'Goede maand',
      origin: 'manual',
      entered_by: { id: team.member.id, name: team.member.name },
      entered_at: ctx.clock.now().toISOString(),
    });
    expect(
      (await put('2026-02', { value: 1_050_000, note: '' }, team.manager.token)).json<KpiValue>(),
    ).toMatchObject({
      value: 1_050_000,
      entered_by: { id: team.manager.id },
    });
    await put('2026-01', { value: 700_000, note: '' });
    const listed = await teamCall(ctx, team, 'GET', `/kpis/${kpi.id}/values`, undefined, team.viewer.token);
    expect(listed.json<Page<KpiValue>>().items.map((value) => [value.period, value.value])).toEqual([
      ['2026-02', 1_050_000],
      ['2026-01', 700_000],
    ]);
    expect((await teamCall(ctx, team, 'DELETE', `/kpis/${kpi.id}/values/2026-01`)).statusCode).toBe(204);
    const gone = await teamCall(ctx, team, 'DELETE', `/kpis/${kpi.id}/values/2026-01`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: KPI_ERRORS.valueNotFound });
  });

  it('should refuse a period of another kind, one not begun, a bad value and a long note', async () => {
    const kpi = await createKpi(ctx, team, { unit: 'percentage', target: 90, warning: 80 });
    const put = (period: string, body: unknown) =>
      teamCall(ctx, team, 'PUT', `/kpis/${kpi.id}/values/${period}`, body);
    expect((await put('2026-W05', { value: 50, note: '' })).json().fields).toEqual({
      period: "'2026-W05' is geen maand (bijvoorbeeld 2026-03).",
    });
    expect((await put('2026-04', { value: 50, note: '' })).json().fields).toEqual({
      period: KPI_MESSAGES.periodFuture,
    });
    expect((await put('2026-03', { value: 100.5, note: 'x'.repeat(1001) })).json().fields).toEqual({
      value: 'Waarde: een percentage ligt tussen 0 en 100.',
      note: KPI_MESSAGES.noteTooLong,
    });
    expect(await ctx.db.$count(kpiValues, eq(kpiValues.kpiId, kpi.id))).toBe(0);
  });

  it('should keep the period kind and unit of a KPI that has values', async () => {
    const kpi = await createKpi(ctx, team);
    await teamCall(ctx, team, 'PUT', `/kpis/${kpi.id}/values/2026-02`, { value: 1, note: '' });
    const changed = await teamCall(ctx, team, 'PUT', `/kpis/${kpi.id}`, kpiInput({ period_kind: 'quarter' }));
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({ detail: KPI_ERRORS.periodKindFixed });
  });
});

describe('the board', () => {
  it('should show every KPI by default, with value, target, status, trend and sparkline', async () => {
    const own = await createTeam(ctx, 'Bord BV');
    const revenue = await createKpi(ctx, own);
    const absence = await createKpi(ctx, own, {
      name: 'Verzuim',
      unit: 'percentage',
      direction: 'lower',
      target: 4,
      warning: 6,
      period_targets: [{ period: '2026-02', target: 5, warning: 7 }],
    });
    for (const [kpi, period, value] of [
      [revenue, '2026-01', 900_000],
      [revenue, '2026-02', 1_100_000],
      [absence, '2026-01', 3.5],
      [absence, '2026-02', 6.5],
    ] as const)
      expect(
        (await teamCall(ctx, own, 'PUT', `/kpis/${kpi.id}/values/${period}`, { value, note: '' })).statusCode,
      ).toBe(200);

    const response = await teamCall(ctx, own, 'GET', '/kpis/board?periods=3', undefined, own.viewer.token);
    expect(response.statusCode, response.body).toBe(200);
    const board = response.json<KpiBoard>();
    expect(board).toMatchObject({ today: '2026-03-02', periods: 3, personal: false });
    expect(board.cards.map((card) => card.kpi.name)).toEqual(['Omzet per maand', 'Verzuim']);
    const [first, second] = board.cards;
    expect(first?.sparkline.map((point) => [point.period, point.value, point.status])).toEqual([
      ['2026-01', 900_000, 'at_risk'],
      ['2026-02', 1_100_000, 'on_track'],
      ['2026-03', null, 'no_value'],
    ]);
    expect(first?.current).toMatchObject({
      period: '2026-02',
      value: 1_100_000,
      target: 1_000_000,
      status: 'on_track',
    });
    expect(first?.trend).toMatchObject({
      previous_period: '2026-01',
      change: 200_000,
      direction: 'up',
      assessment: 'good',
    });
    // Lower is better, with a target of its own in February: 6,5 against 5 with the band to 7.
    expect(second?.current).toMatchObject({ value: 6.5, target: 5, warning: 7, status: 'at_risk' });
    expect(second?.trend).toMatchObject({ direction: 'up', assessment: 'bad' });
    expect((await teamCall(ctx, own, 'GET', '/kpis/board?periods=40')).json().fields).toEqual({
      periods: KPI_ERRORS.periods,
    });
  });

  it('should show a value entered, changed, imported or deleted at the next request', async () => {
    const own = await createTeam(ctx, 'Vers BV');
    const kpi = await createKpi(ctx, own);
    const current = async () =>
      (await teamCall(ctx, own, 'GET', '/kpis/board?periods=2')).json<KpiBoard>().cards[0]?.current?.value ??
      null;
    expect(await current()).toBeNull();
    await teamCall(ctx, own, 'PUT', `/kpis/${kpi.id}/values/2026-02`, { value: 100, note: '' });
    expect(await current()).toBe(100);
    await teamCall(ctx, own, 'PUT', `/kpis/${kpi.id}/values/2026-02`, { value: 200, note: '' });
    expect(await current()).toBe(200);
    await teamCall(ctx, own, 'POST', `/kpis/${kpi.id}/values/import`, {
      csv: '2026-03;3,00',
      skip_invalid: false,
      dry_run: false,
    });
    expect(await current()).toBe(300);
    await teamCall(ctx, own, 'DELETE', `/kpis/${kpi.id}/values/2026-03`);
    expect(await current()).toBe(200);

    // Unchanged, the board answers the same JSON (kept whole); a renamed KPI shows at once.
    const board = () => teamCall(ctx, own, 'GET', '/kpis/board?periods=2');
    const first = await board();
    const again = await board();
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    const renamed = await teamCall(ctx, own, 'PUT', `/kpis/${kpi.id}`, kpiInput({ name: 'Nieuwe naam' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await board()).json<KpiBoard>().cards.map((card) => card.kpi.name)).toEqual(['Nieuwe naam']);
    // The owner's new name shows at once too (it is no part of the KPI's revision).
    expect(
      (
        await teamCall(
          ctx,
          own,
          'PUT',
          `/kpis/${kpi.id}`,
          kpiInput({ name: 'Nieuwe naam', owner_id: own.member.id }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await board()).json<KpiBoard>().cards[0]?.kpi.owner?.name).toBe(own.member.name);
    const renamedOwner = await api(ctx.app, 'PATCH', '/users/me', {
      token: own.member.token,
      payload: { name: 'Mila van Dijk' },
    });
    expect(renamedOwner.statusCode, renamedOwner.body).toBe(200);
    expect((await board()).json<KpiBoard>().cards[0]?.kpi.owner?.name).toBe('Mila van Dijk');

    // A browser's request gets the same board, brotli-compressed once and then kept with it.
    const compressed = (encodings: string) =>
      api(ctx.app, 'GET', '/kpis/board?periods=24', {
        token: own.owner.token,
        headers: { ...own.headers, 'accept-encoding': encodings },
      });
    const plain = (await teamCall(ctx, own, 'GET', '/kpis/board?periods=24')).rawPayload;
    expect(plain.length).toBeGreaterThan(1024);
    const br = await compressed('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).equals(plain)).toBe(true);
    expect((await compressed('br')).rawPayload.equals(br.rawPayload)).toBe(true);
    const gz = await compressed('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain)).toBe(true);
    expect((await compressed('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('should let every member choose their own board, and managers the default', async () => {
    const own = await createTeam(ctx, 'Keuze BV');
    const [a, b, c] = [
      await createKpi(ctx, own, { name: 'A' }),
      await createKpi(ctx, own, { name: 'B' }),
      await createKpi(ctx, own, { name: 'C' }),
    ];
    const namesOf = async (token: string) =>
      (await teamCall(ctx, own, 'GET', '/kpis/board', undefined, token))
        .json<KpiBoard>()
        .cards.map((card) => card.kpi.name);
    expect(await namesOf(own.viewer.token)).toEqual(['A', 'B', 'C']);

    const chosen = await teamCall(
      ctx,
      own,
      'PUT',
      '/kpis/board',
      { kpi_ids: [c.id, a.id] },
      own.viewer.token,
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<KpiBoardSettings>()).toEqual({
      personal: true,
      kpi_ids: [c.id, a.id],
      default_kpi_ids: [a.id, b.id, c.id],
    });
    expect(await namesOf(own.viewer.token)).toEqual(['C', 'A']);

    expect(
      (await teamCall(ctx, own, 'PUT', '/kpis/board/default', { kpi_ids: [b.id] }, own.viewer.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await teamCall(ctx, own, 'PUT', '/kpis/board/default', { kpi_ids: [b.id] }, own.manager.token))
        .statusCode,
    ).toBe(200);
    expect(await namesOf(own.member.token)).toEqual(['B']);
    expect(await namesOf(own.viewer.token)).toEqual(['C', 'A']);

    // Another organisation's KPI, or one twice, is refused; nothing changes.
    const foreign = await createKpi(ctx, other, { name: 'Vreemd' });
    for (const [ids, reason] of [
      [[a.id, foreign.id], KPI_BOARD_MESSAGES.unknown],
      [[a.id, a.id], KPI_BOARD_MESSAGES.duplicate],
    ] as const) {
      const refused = await teamCall(ctx, own, 'PUT', '/kpis/board', { kpi_ids: ids }, own.viewer.token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ kpi_ids: reason });
    }
    expect(await namesOf(own.viewer.token)).toEqual(['C', 'A']);

    // Deleting a KPI takes it off every board; resetting goes back to the default.
    expect((await teamCall(ctx, own, 'DELETE', `/kpis/${c.id}`)).statusCode).toBe(204);
    expect(await namesOf(own.viewer.token)).toEqual(['A']);
    expect((await teamCall(ctx, own, 'DELETE', '/kpis/board', undefined, own.viewer.token)).statusCode).toBe(
      204,
    );
    expect(await namesOf(own.viewer.token)).toEqual(['B']);

    // A member who leaves takes their board along.
    await teamCall(ctx, own, 'PUT', '/kpis/board', { kpi_ids: [a.id] }, own.member.token);
    expect((await teamCall(ctx, own, 'DELETE', `/organization/members/${own.member.id}`)).statusCode).toBe(
      204,
    );
    expect(await ctx.db.$count(kpiBoards, eq(kpiBoards.userId, own.member.id))).toBe(0);
  });
});

describe('the audit log', () => {
  it('should record changes with ids and counts only, never names or notes', async () => {
    const own = await createTeam(ctx, 'Audit BV');
    const kpi = await createKpi(ctx, own, { name: 'Geheime Kengetalnaam', owner_id: own.member.id });
    await teamCall(ctx, own, 'PUT', `/kpis/${kpi.id}/values/2026-02`, {
      value: 5,
      note: 'Vertrouwelijke notitie',
    });
    await teamCall(ctx, own, 'PUT', `/kpis/${kpi.id}`, kpiInput({ name: 'Andere Geheime Naam' }));
    await teamCall(ctx, own, 'DELETE', `/kpis/${kpi.id}`);
    await ctx.app.appLog.flush();
    const rows = await ctx.db.select().from(appLogs).where(eq(appLogs.category, 'kpi'));
    const mine = rows.filter((row) => row.orgId === own.organization.id);
    expect(mine.map((row) => row.action).sort()).toEqual([
      'kpi.created',
      'kpi.deleted',
      'kpi.updated',
      'kpi.value_set',
    ]);
    const text = JSON.stringify(rows);
    for (const secret of ['Geheime', 'Vertrouwelijke', own.member.name, own.member.email])
      expect(text).not.toContain(secret);
  });
});
