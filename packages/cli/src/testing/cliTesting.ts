import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTeam, type TestTeam } from '../../../server/src/testing/teams';
import { type AppOptions, createTestContext, type TestContext } from '../../../server/src/testing/testApp';
import { type CliIo, nodeFiles } from '../io/cliIo';
import { runLoop } from '../runLoop';

/**
 * The command-line client's tests: a real server (the server's test app on PGlite) listening on a
 * port of 127.0.0.1, a team in it, and `loop` run in-process with captured streams, a working folder
 * of its own and a fixed clock. The bearer is a member's session token: the client sends whatever
 * key it is given, and an organisation API key is a bearer the same way.
 */
export interface CliWorld {
  readonly ctx: TestContext;
  readonly team: TestTeam;
  readonly url: string;
  /** A temporary working folder for the files a command reads and writes. */
  readonly dir: string;
  /** `loop <argv>` as the team's owner (LOOP_API_KEY, LOOP_URL and LOOP_ORGANISATION set). */
  run(argv: readonly string[], options?: RunOptions): Promise<CliRun>;
  close(): Promise<void>;
}

export interface RunOptions {
  /** Replaces or removes (undefined) variables of the environment. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** stderr is a terminal (progress bars are drawn). */
  readonly tty?: boolean;
  readonly now?: Date;
}

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** 21 November 2026, 10:00 in Amsterdam. */
export const TEST_NOW = new Date('2026-11-21T09:00:00Z');

/** Runs `loop` with an io of captured streams in `dir`. */
export async function runCaptured(
  argv: readonly string[],
  dir: string,
  env: Readonly<Record<string, string | undefined>>,
  options: RunOptions = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: {
      write: (text) => {
        stdout += text;
      },
      isTTY: false,
    },
    stderr: {
      write: (text) => {
        stderr += text;
      },
      isTTY: options.tty === true,
      columns: 100,
    },
    env: { ...env, ...options.env },
    files: nodeFiles(dir),
    now: () => options.now ?? TEST_NOW,
    wait: (ms) => new Promise((done) => setTimeout(done, Math.min(ms, 20))),
  };
  const code = await runLoop(argv, io);
  return { code, stdout, stderr };
}

export async function startCliWorld(options: AppOptions = {}): Promise<CliWorld> {
  const ctx = await createTestContext(options);
  // The server's clock and the client's agree: the client's day names the export, the server's says
  // which KPI periods have begun.
  ctx.clock.advance(TEST_NOW.getTime() - ctx.clock.now().getTime());
  const team = await createTeam(ctx, 'Opdrachtregel BV');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const dir = await mkdtemp(join(tmpdir(), 'loop-cli-test-'));
  const env = {
    LOOP_URL: url,
    LOOP_API_KEY: team.owner.token,
    LOOP_ORGANISATION: String(team.organization.id),
  };
  return {
    ctx,
    team,
    url,
    dir,
    run: (argv, options) => runCaptured(argv, dir, env, options),
    async close() {
      await ctx.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
