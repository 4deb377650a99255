import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Survey } from '@loop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../exitCodes';
import { answerSurvey, teamSurvey } from '../testing/cliSurveys';
import { type CliWorld, startCliWorld, TEST_NOW } from '../testing/cliTesting';

let world: CliWorld;
let survey: Survey;
const ANSWERS = Array.from({ length: 40 }, (_, index) => `Antwoord ${index + 1}: koffie; "thee"`);

beforeAll(async () => {
  world = await startCliWorld();
  survey = await teamSurvey(world, 'Exportpeiling');
  await answerSurvey(world, survey, ANSWERS);
});
afterAll(async () => {
  await world?.close();
});

describe('loop results export (R-CLI-5, R-RES-2)', () => {
  it("should stream the CSV to core's file name when no --output is given", async () => {
    const run = await world.run(['results', 'export', String(survey.id)]);
    const name = `survey-${survey.id}-antwoorden-2026-11-21.csv`;
    expect(run).toMatchObject({ code: EXIT.ok, stderr: '' });
    expect(run.stdout).toContain(`opgeslagen in ${name}`);
    const csv = await readFile(join(world.dir, name), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.trimEnd().split('\n')).toHaveLength(41);
    expect(csv).toContain('Antwoord 40: koffie; ""thee""');
    expect(existsSync(join(world.dir, `${name}.deel`))).toBe(false);
  });

  it('should write XLSX to --output and answer JSON with --json', async () => {
    const run = await world.run([
      'results',
      'export',
      String(survey.id),
      '--format',
      'xlsx',
      '-o',
      'uit.xlsx',
      '--json',
    ]);
    expect(run.code).toBe(EXIT.ok);
    const bytes = await readFile(join(world.dir, 'uit.xlsx'));
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(JSON.parse(run.stdout)).toEqual({
      survey_id: survey.id,
      format: 'xlsx',
      file: 'uit.xlsx',
      bytes: bytes.byteLength,
    });
  });

  it('should draw a progress bar on stderr only when it is a terminal', async () => {
    const run = await world.run(['results', 'export', String(survey.id), '-o', 'bar.csv'], { tty: true });
    expect(run.code).toBe(EXIT.ok);
    expect(run.stderr).toContain('\rExporteren');
    expect(run.stderr).toContain('kB ontvangen');
    expect(run.stdout).not.toContain('\r');
  });

  it("should answer exit 3 with the server's Dutch detail for an unknown survey, writing nothing", async () => {
    await writeFile(join(world.dir, 'bestaand.csv'), 'oud');
    const run = await world.run(['results', 'export', '987654', '-o', 'bestaand.csv', '--json']);
    expect(run.code).toBe(EXIT.notFound);
    expect(run.stderr).toMatch(/^loop: .*niet gevonden.*\n$/i);
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { exit_code: EXIT.notFound, status: 404 } });
    expect(await readFile(join(world.dir, 'bestaand.csv'), 'utf8')).toBe('oud');
  });

  it('should answer exit 7 when the file cannot be written', async () => {
    const run = await world.run(['results', 'export', String(survey.id), '-o', 'geen/map/uit.csv']);
    expect(run.code).toBe(EXIT.file);
    expect(run.stderr).toBe('loop: Kan het bestand geen/map/uit.csv niet schrijven.\n');
  });

  it("should take the day of the client's clock in Amsterdam for the name", async () => {
    const late = new Date('2026-11-21T23:30:00Z');
    const run = await world.run(['results', 'export', String(survey.id)], { now: late });
    expect(run.stdout).toContain(`survey-${survey.id}-antwoorden-2026-11-22.csv`);
    expect(TEST_NOW.getTime()).toBeLessThan(late.getTime());
  });
});
