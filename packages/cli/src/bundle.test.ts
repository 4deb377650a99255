import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from './exitCodes';
import { teamSurvey } from './testing/cliSurveys';
import { type CliWorld, startCliWorld } from './testing/cliTesting';

const run = promisify(execFile);
const PACKAGE = fileURLToPath(new URL('..', import.meta.url));

let out: string;
let world: CliWorld;

/** `node loop.mjs <argv>` as a user runs it; its exit code, stdout and stderr. */
async function loop(argv: readonly string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(out, 'loop.mjs'), ...argv], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// One build of the real bundle (into a folder of its own, so no stale dist/ is ever tested), run
// by Node as a user would: extensionless imports, ofetch and the webhook library must all be inside.
beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'loop-cli-bundle-'));
  await build({
    configFile: join(PACKAGE, 'vite.config.ts'),
    root: PACKAGE,
    logLevel: 'silent',
    build: { outDir: out, emptyOutDir: true },
  });
  world = await startCliWorld();
  await teamSurvey(world, 'Gebundelde peiling');
}, 120_000);
afterAll(async () => {
  await world?.close();
  await rm(out, { recursive: true, force: true });
});

describe('the bundled loop.mjs (R-CLI-8)', () => {
  it('should be one executable file that Node runs as it is', async () => {
    const file = await stat(join(out, 'loop.mjs'));
    expect(file.size).toBeGreaterThan(10_000);
    expect(file.mode & 0o111).toBe(0o111);
    const help = await loop(['help']);
    expect(help.code).toBe(EXIT.ok);
    expect(help.stdout).toContain('kpi set');
    expect((await loop(['kpi', 'zet'])).code).toBe(EXIT.usage);
  });

  it('should talk to a real server over HTTP', async () => {
    const listed = await loop(['surveys', 'list', '--json', '--url', world.url], {
      LOOP_API_KEY: world.team.owner.token,
      LOOP_ORGANISATION: String(world.team.organization.id),
    });
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(EXIT.ok);
    expect(JSON.parse(listed.stdout)).toMatchObject({
      surveys: [{ title: 'Gebundelde peiling', status: 'open' }],
    });
    const refused = await loop(['surveys', 'list', '--url', world.url, '--key', 'loop_abcd1234_verkeerd']);
    expect(refused.code).toBe(EXIT.auth);
  });
});
