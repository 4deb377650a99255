import type { Kpi, KpiValue, Page } from '@loop/core';
import { formatKpiValue, KPI_MESSAGES, KPI_VALUE_MESSAGES } from '@loop/core/kpis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKpi, teamCall } from '../../../server/src/testing/kpiTesting';
import { EXIT } from '../exitCodes';
import { type CliWorld, startCliWorld } from '../testing/cliTesting';

let world: CliWorld;
let revenue: Kpi;
let weekly: Kpi;

beforeAll(async () => {
  world = await startCliWorld();
  revenue = await createKpi(world.ctx, world.team, { name: 'Omzet per maand' });
  weekly = await createKpi(world.ctx, world.team, {
    name: 'Tevredenheid',
    unit: 'percentage',
    period_kind: 'week',
    target: 80,
    warning: 60,
  });
  await createKpi(world.ctx, world.team, { name: 'Dubbel' });
  await createKpi(world.ctx, world.team, { name: 'dubbel' });
});
afterAll(async () => {
  await world?.close();
});

const storedValues = async (kpi: Kpi): Promise<readonly KpiValue[]> =>
  (await teamCall(world.ctx, world.team, 'GET', `/kpis/${kpi.id}/values`)).json<Page<KpiValue>>().items;

describe('loop kpi set (R-CLI-6)', () => {
  it('should read a Dutch euro amount by core and store it in cents, finding the KPI by name', async () => {
    const run = await world.run([
      'kpi',
      'set',
      'omzet per maand',
      '2026-10',
      '€ 12.345,67',
      '--note',
      'Uit de kassa',
    ]);
    expect(run).toMatchObject({ code: EXIT.ok, stderr: '' });
    expect(run.stdout).toBe(
      `Omzet per maand, oktober 2026: ${formatKpiValue('euro', 1_234_567)} opgeslagen.\n`,
    );
    expect(formatKpiValue('euro', 1_234_567)).toContain('12.345,67');
    expect(await storedValues(revenue)).toEqual([
      expect.objectContaining({ period: '2026-10', value: 1_234_567, note: 'Uit de kassa' }),
    ]);
  });

  it('should find the KPI by id, take a negative value after -- and answer JSON', async () => {
    const run = await world.run(['kpi', 'set', String(revenue.id), '2026-09', '--json', '--', '-1.250,5']);
    expect(run.code).toBe(EXIT.ok);
    expect(JSON.parse(run.stdout)).toEqual({
      kpi_id: revenue.id,
      kpi_name: 'Omzet per maand',
      period: '2026-09',
      value: -125_050,
    });
  });

  it("should check the period against the KPI's own kind with core's rule before sending", async () => {
    const month = await world.run(['kpi', 'set', 'Tevredenheid', '2026-10', '45,5%']);
    expect(month).toMatchObject({ code: EXIT.refused, stdout: '' });
    expect(month.stderr).toBe(`loop: ${KPI_MESSAGES.periodKey('week', '2026-10')}\n`);
    const week53 = await world.run(['kpi', 'set', 'Tevredenheid', '2025-W53', '45,5']);
    expect(week53.code).toBe(EXIT.refused);
    expect((await world.run(['kpi', 'set', 'Tevredenheid', '2026-W44', '45,5%'])).code).toBe(EXIT.ok);
    expect((await storedValues(weekly)).map((value) => [value.period, value.value])).toEqual([
      ['2026-W44', 45.5],
    ]);
  });

  it("should refuse English notation and a bad note with core's Dutch reasons, storing nothing", async () => {
    const english = await world.run(['kpi', 'set', 'Omzet per maand', '2026-08', '12.5', '--json']);
    expect(english.code).toBe(EXIT.refused);
    expect(english.stderr).toBe(`loop: Waarde: ${KPI_VALUE_MESSAGES.dutchNumber}.\n`);
    expect(JSON.parse(english.stdout)).toMatchObject({ error: { fields: { value: expect.any(String) } } });
    const long = await world.run([
      'kpi',
      'set',
      'Omzet per maand',
      '2026-08',
      '12',
      '--note',
      'x'.repeat(2000),
    ]);
    expect(long.code).toBe(EXIT.refused);
    expect((await storedValues(revenue)).map((value) => value.period)).not.toContain('2026-08');
  });

  it("should pass on the server's refusal of a period that has not begun", async () => {
    const run = await world.run(['kpi', 'set', 'Omzet per maand', '2099-01', '12']);
    expect(run.code).toBe(EXIT.refused);
    expect(run.stderr).toContain(KPI_MESSAGES.periodFuture);
  });

  it('should answer exit 3 for an unknown KPI and ask for the id when a name is shared', async () => {
    const unknown = await world.run(['kpi', 'set', 'Winst', '2026-10', '12']);
    expect(unknown).toMatchObject({ code: EXIT.notFound });
    expect(unknown.stderr).toBe("loop: Geen KPI met de naam 'Winst'.\n");
    expect((await world.run(['kpi', 'set', '987654', '2026-10', '12'])).code).toBe(EXIT.notFound);
    const shared = await world.run(['kpi', 'set', 'DUBBEL', '2026-10', '12']);
    expect(shared.code).toBe(EXIT.usage);
    expect(shared.stderr).toContain("Meer dan één KPI heet 'DUBBEL'. Geef het id:");
  });
});
