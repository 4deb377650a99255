import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../exitCodes';
import { answerSurvey, teamSurvey } from '../testing/cliSurveys';
import { type CliWorld, startCliWorld } from '../testing/cliTesting';

let world: CliWorld;
beforeAll(async () => {
  world = await startCliWorld();
  const open = await teamSurvey(world, 'Klantpeiling voorjaar');
  await answerSurvey(world, open, ['Sneller leveren', 'Niets', 'Vriendelijker']);
  await teamSurvey(world, 'Medewerkerspeiling', false);
});
afterAll(async () => {
  await world?.close();
});

describe('loop surveys list', () => {
  it('should print a table of id, title, Dutch status and responses', async () => {
    const run = await world.run(['surveys', 'list']);
    expect(run).toMatchObject({ code: EXIT.ok, stderr: '' });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Id +Titel +Status +Reacties$/);
    expect(lines).toHaveLength(4);
    expect(lines.some((line) => /Klantpeiling voorjaar +Open +3$/.test(line))).toBe(true);
    expect(lines.some((line) => /Medewerkerspeiling +Concept +0$/.test(line))).toBe(true);
  });

  it('should answer JSON on stdout with --json, and filter by status', async () => {
    const run = await world.run(['surveys', 'list', '--json', '--status', 'open']);
    expect(run.code).toBe(EXIT.ok);
    const { surveys } = JSON.parse(run.stdout) as {
      surveys: { title: string; status: string; response_count: number }[];
    };
    expect(surveys).toEqual([
      { id: expect.any(Number), title: 'Klantpeiling voorjaar', status: 'open', response_count: 3 },
    ]);
  });

  it('should say so when nothing matches', async () => {
    const run = await world.run(['surveys', 'list', '--search', 'bestaat niet']);
    expect(run).toMatchObject({ code: EXIT.ok, stdout: 'Geen surveys gevonden.\n' });
  });

  it("should answer exit 2 with the server's Dutch refusal for a wrong key", async () => {
    const run = await world.run(['surveys', 'list'], { env: { LOOP_API_KEY: 'loop_abcd1234_verkeerd' } });
    expect(run.code).toBe(EXIT.auth);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^loop: .+\n$/);
    expect(run.stderr).not.toContain('verkeerd');
  });

  it("should not show another organisation's surveys", async () => {
    const run = await world.run(['surveys', 'list', '--organisation', '999999']);
    expect([EXIT.auth, EXIT.notFound]).toContain(run.code);
    expect(run.stdout).toBe('');
  });
});
