#!/usr/bin/env node
// Runs every test in stages, with independent work side by side where two cores allow it, and prints
// each stage's time at the end (and on failure). Plain JavaScript with no dependencies beyond Node.
//
// The stages, in order (a stage starts when the one before has passed):
//   services  PostgreSQL and Chromium are there (scripts/testServices.mjs)
//   static    lint, type check and the web build, side by side (the build is what the browser tests serve)
//   unit+server  core, adapters, web, architecture, the command-line client, server on PGlite and on
//              PostgreSQL in one Vitest run,
//              so its workers stay busy across projects
//   cluster   three real instances behind HAProxy under load: kill -9, a rolling restart, migrations
//              and shared work once (its own stage: it starts servers of its own and loads both cores)
//   e2e       the browser tests against the built app
//
// `node scripts/testAll.mjs --only e2e` (or a comma-separated list) runs some stages, e.g. after a change.
import { spawn } from 'node:child_process';

/** @param {string} name */
const bin = (name) => `node_modules/.bin/${name}`;

/** @typedef {{ name: string, command: string, args: string[], env?: Record<string, string> }} Task */
/** @type {{ name: string, tasks: Task[] }[]} */
export const STAGES = [
  {
    name: 'services',
    tasks: [{ name: 'services', command: process.execPath, args: ['scripts/testServices.mjs'] }],
  },
  {
    name: 'static',
    tasks: [
      { name: 'lint', command: bin('biome'), args: ['ci', '.'] },
      { name: 'typecheck', command: bin('tsc'), args: ['-b'] },
      {
        name: 'web build',
        command: process.execPath,
        args: ['scripts/pnpm.mjs', '--filter', '@loop/web', 'build'],
      },
    ],
  },
  {
    name: 'unit+server',
    tasks: [
      {
        name: 'unit+server',
        command: bin('vitest'),
        args: [
          'run',
          ...['core', 'adapters', 'web', 'architecture', 'cli', 'server-pglite', 'server-postgres'].flatMap(
            (p) => ['--project', p],
          ),
        ],
      },
    ],
  },
  {
    name: 'cluster',
    tasks: [{ name: 'cluster', command: bin('vitest'), args: ['run', '--project', 'cluster'] }],
  },
  { name: 'e2e', tasks: [{ name: 'e2e', command: bin('vitest'), args: ['run', '--project', 'e2e'] }] },
];

/**
 * Runs one task; its output is shown as it comes when it runs alone and held until it ends when it
 * runs beside others, so two tasks' lines never interleave.
 * @param {Task} task
 * @param {boolean} alone
 * @returns {Promise<{ code: number, ms: number }>}
 */
function run(task, alone) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(task.command, task.args, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...task.env },
    });
    /** @type {Buffer[]} */
    const held = [];
    child.stdout?.on('data', (chunk) => held.push(chunk));
    child.stderr?.on('data', (chunk) => held.push(chunk));
    child.once('error', (error) => {
      held.push(Buffer.from(`${task.name}: ${error.message}\n`));
    });
    child.once('close', (code) => {
      if (!alone) {
        process.stdout.write(`\n== ${task.name}\n`);
        process.stdout.write(Buffer.concat(held));
      }
      resolve({ code: code ?? 1, ms: performance.now() - started });
    });
  });
}

/**
 * "1 min 05 s" or "12.3 s".
 * @param {number} ms
 */
export function formatDuration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

async function main() {
  const onlyIndex = process.argv.indexOf('--only');
  const only = onlyIndex === -1 ? null : new Set((process.argv[onlyIndex + 1] ?? '').split(','));
  const stages = only === null ? STAGES : STAGES.filter((stage) => only.has(stage.name));
  /** @type {{ name: string, ms: number, code: number }[]} */
  const times = [];
  const total = performance.now();
  let failed = false;
  for (const stage of stages) {
    process.stdout.write(`\n==== ${stage.name}: ${stage.tasks.map((task) => task.name).join(', ')}\n`);
    const started = performance.now();
    const results = await Promise.all(stage.tasks.map((task) => run(task, stage.tasks.length === 1)));
    results.forEach((result, i) => {
      if (stage.tasks.length > 1)
        times.push({ name: `  ${stage.tasks[i]?.name}`, ms: result.ms, code: result.code });
    });
    const code = results.find((result) => result.code !== 0)?.code ?? 0;
    times.splice(times.length - (stage.tasks.length > 1 ? stage.tasks.length : 0), 0, {
      name: stage.name,
      ms: performance.now() - started,
      code,
    });
    if (code !== 0) {
      failed = true;
      break;
    }
  }
  process.stdout.write('\n==== stage times\n');
  for (const { name, ms, code } of times) {
    process.stdout.write(
      `${name.padEnd(16)} ${formatDuration(ms).padStart(10)}${code === 0 ? '' : '  FAILED'}\n`,
    );
  }
  process.stdout.write(`${'total'.padEnd(16)} ${formatDuration(performance.now() - total).padStart(10)}\n`);
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
