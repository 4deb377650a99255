import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_MESSAGES } from './cliMessages';
import { EXIT } from './exitCodes';
import { runCaptured } from './testing/cliTesting';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loop-cli-run-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Nothing listens on port 9 (discard): a request there fails at once.
const NOWHERE = { LOOP_URL: 'http://127.0.0.1:9', LOOP_API_KEY: 'loop_abcd1234_geheim' };
const loop = (argv: readonly string[], env: Record<string, string | undefined> = NOWHERE) =>
  runCaptured(argv, dir, env);

describe('loop (R-CLI-2, R-CLI-3)', () => {
  it('should list every command, the global options and the exit codes on help', async () => {
    for (const argv of [[], ['help'], ['--help'], ['-h']]) {
      const run = await loop(argv);
      expect(run.code).toBe(EXIT.ok);
      for (const words of ['surveys list', 'results export', 'contacts import', 'kpi set', 'webhooks verify'])
        expect(run.stdout).toContain(words);
      expect(run.stdout).toContain('LOOP_API_KEY');
      expect(run.stdout).toContain('Afsluitcodes');
      expect(run.stderr).toBe('');
    }
  });

  it("should show one command's help with --help or loop help <command>", async () => {
    const flag = await loop(['kpi', 'set', '--help']);
    const word = await loop(['help', 'kpi', 'set']);
    expect(flag.code).toBe(EXIT.ok);
    expect(flag.stdout).toContain('Gebruik: loop kpi set <kpi> <periode> <waarde>');
    expect(word.stdout).toBe(flag.stdout);
    const group = await loop(['contacts', '--help']);
    expect(group.stdout).toContain('loop contacts import <bestand.csv>');
  });

  it('should refuse an unknown command or option with exit 1 and a Dutch message on stderr', async () => {
    const command = await loop(['surveys', 'delete']);
    expect(command).toMatchObject({ code: EXIT.usage, stdout: '' });
    expect(command.stderr).toBe(`loop: ${CLI_MESSAGES.unknownCommand('surveys delete')}\n`);
    const option = await loop(['surveys', 'list', '--colour']);
    expect(option.code).toBe(EXIT.usage);
    expect(option.stderr).toContain('Onbekende optie --colour.');
    const missing = await loop(['results', 'export', '12', '--format']);
    expect(missing.stderr).toContain('De optie --format verwacht een waarde.');
    const count = await loop(['kpi', 'set', 'Omzet', '2026-11']);
    expect(count.stderr).toContain('Verkeerd aantal argumenten. Gebruik: loop kpi set');
  });

  it('should point to -- when a negative value reads as an option', async () => {
    const run = await loop(['kpi', 'set', 'Omzet', '2026-11', '-12,50']);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain('Zet -- voor een negatieve waarde.');
  });

  it('should answer exit 2 without a key, before any request', async () => {
    const run = await loop(['surveys', 'list'], { LOOP_URL: NOWHERE.LOOP_URL });
    expect(run).toMatchObject({ code: EXIT.auth, stdout: '' });
    expect(run.stderr).toBe(`loop: ${CLI_MESSAGES.noKey}\n`);
  });

  it('should answer exit 5 when the server cannot be reached, naming the address but never the key', async () => {
    const run = await loop(['surveys', 'list', '--json']);
    expect(run.code).toBe(EXIT.server);
    expect(run.stderr).toContain('Kan de server niet bereiken');
    expect(run.stderr).toContain('http://127.0.0.1:9/api/v1');
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { exit_code: EXIT.server, status: 0 } });
    expect(run.stdout + run.stderr).not.toContain(NOWHERE.LOOP_API_KEY);
  });

  it("should take --url over LOOP_URL and append /api/v1 once (the web app's rule)", async () => {
    const run = await loop(['surveys', 'list', '--url', 'http://127.0.0.1:9/api/v1/'], {
      ...NOWHERE,
      LOOP_URL: 'http://127.0.0.1:1',
    });
    expect(run.stderr).toContain('(http://127.0.0.1:9/api/v1)');
  });

  it('should check its own arguments before connecting', async () => {
    const format = await loop(['results', 'export', '12', '--format', 'pdf']);
    expect(format).toMatchObject({ code: EXIT.usage });
    expect(format.stderr).toBe('loop: Kies als formaat csv of xlsx.\n');
    const id = await loop(['results', 'export', 'twaalf']);
    expect(id.stderr).toContain("'twaalf' is geen survey-id.");
    const status = await loop(['surveys', 'list', '--status', 'weg']);
    expect(status.stderr).toContain('Kies als status draft, open, closed.');
  });
});
