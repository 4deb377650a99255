import type { Survey } from '@loop/core';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdHeavyJobs, otherInstance } from '../testing/heavyJobsTesting';
import { sampleInput } from '../testing/surveyTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { HEAVY_JOB_MESSAGES, HEAVY_JOBS_PER_ORGANIZATION } from './heavyJobs';

// The export routes as heavy jobs: an XLSX or ZIP export is one of the organisation's two heavy
// jobs, refused with 429 when two run, and its place freed when the file has been sent (R-HEAVY-9).

let ctx: TestContext;
let team: TestTeam;
let survey: Survey;

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Export Zwaar BV');
  const created = await api(ctx.app, 'POST', '/surveys', {
    token: team.owner.token,
    headers: team.headers,
    payload: sampleInput({ title: 'Zwaar' }),
  });
  if (created.statusCode !== 201) throw new Error(`survey not created: ${created.body}`);
  survey = created.json<Survey>();
});

afterAll(async () => {
  await ctx?.close();
});

const download = (url: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${team.owner.token}`, ...team.headers },
  });

const HEAVY_EXPORTS = () => [
  `/surveys/${survey.id}/export?format=xlsx`,
  '/finance/records/export?format=xlsx',
  '/finance/overview/export?format=xlsx&from=2026-01-01&to=2026-12-31',
  '/organization/export',
];

describe('exports as heavy jobs (R-HEAVY-9)', () => {
  it('should answer 429 to every XLSX and ZIP export while the organisation runs two heavy jobs', async () => {
    // Two jobs of this organisation on another instance, running until released (R-HEAVY-10).
    const release = await holdHeavyJobs(
      otherInstance(ctx.db).jobs,
      team.organization.id,
      HEAVY_JOBS_PER_ORGANIZATION,
    );
    try {
      for (const url of HEAVY_EXPORTS()) {
        const busy = await download(url);
        expect(busy.statusCode, url).toBe(429);
        expect(busy.json(), url).toEqual({ detail: HEAVY_JOB_MESSAGES.busy(HEAVY_JOBS_PER_ORGANIZATION) });
      }
      // A CSV export is written on this thread and is no heavy job.
      expect((await download(`/surveys/${survey.id}/export?format=csv`)).statusCode).toBe(200);
    } finally {
      await release();
    }
    expect(await otherInstance(ctx.db).jobs.runningFor(team.organization.id)).toBe(0);
  });

  it('should send each export whole and free its place when it has been sent', async () => {
    for (const url of HEAVY_EXPORTS()) {
      const response = await download(url).catch((error: unknown) => {
        throw new Error(`${url}: ${String(error)}`);
      });
      expect(response.statusCode, url).toBe(200);
      const bytes = new Uint8Array(response.rawPayload);
      if (url === '/organization/export') expect(Object.keys(unzipSync(bytes)).length).toBeGreaterThan(5);
      else {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(Uint8Array.from(bytes).buffer);
        expect(workbook.worksheets.length, url).toBeGreaterThan(0);
      }
      await expect
        .poll(() => otherInstance(ctx.db).jobs.runningFor(team.organization.id), { message: url })
        .toBe(0);
    }
  });
});
