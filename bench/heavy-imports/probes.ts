/**
 * The probes of bench/heavy-imports and bench/heavy-exports: the server (server.ts) started in a
 * tree, its event-loop delay read over SIGUSR2, and requests sent one after another every PROBE_MS
 * while some work runs, with their p50/p99/max.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import type { Readable } from 'node:stream';
import { type Child, startChild } from '../serverKit';

export const PROBE_MS = Number(process.env.PROBE_MS ?? 20);
export const ROOT = resolve(import.meta.dirname, '../..');

export const SERVER = 'bench/heavy-imports/server.ts';

export interface Server extends Child {
  /** The server's output after its address: the answers to SIGUSR2. */
  readonly lines: Interface;
}

/** Starts server.ts in `tree` (copied there when it is another checkout) on `databaseUrl`. */
export async function startServer(tree: string, databaseUrl: string): Promise<Server> {
  if (tree !== ROOT) {
    mkdirSync(join(tree, 'bench/heavy-imports'), { recursive: true });
    copyFileSync(join(ROOT, SERVER), join(tree, SERVER));
  }
  const child = await startChild(SERVER, 'app', { DATABASE_URL: databaseUrl }, tree);
  return { ...child, lines: createInterface({ input: child.process.stdout as NonNullable<Readable> }) };
}

export interface LoopDelay {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** The server's event-loop delay since the last call (server.ts answers SIGUSR2). */
export function loopDelay(server: Server): Promise<LoopDelay> {
  return new Promise((done) => {
    server.lines.once('line', (line) => done((JSON.parse(line) as { loopDelay: LoopDelay }).loopDelay));
    server.process.kill('SIGUSR2');
  });
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export interface Latencies {
  readonly count: number;
  readonly failed: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export function latencies(values: readonly number[], failed: number): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
  return { count: sorted.length, failed, p50: at(0.5), p99: at(0.99), max: at(1) };
}

export interface Sample {
  /** When the request was sent (performance.now()). */
  readonly at: number;
  /** Its time in ms, or null when it failed. */
  readonly ms: number | null;
}

export const figures = (samples: readonly Sample[]): Latencies =>
  latencies(
    samples.flatMap((sample) => (sample.ms === null ? [] : [sample.ms])),
    samples.filter((sample) => sample.ms === null).length,
  );

/** Probes each path, one request after another every PROBE_MS, until `work` ends. */
export async function probing<T>(
  url: string,
  paths: Record<string, Record<string, string>>,
  work: () => Promise<T>,
): Promise<{ result: T; samples: Record<string, Sample[]> }> {
  let done = false;
  const probe = async (path: string, headers: Record<string, string>): Promise<Sample[]> => {
    const samples: Sample[] = [];
    while (!done) {
      const at = performance.now();
      const response = await fetch(`${url}${path}`, { headers });
      await response.arrayBuffer();
      samples.push({ at, ms: response.ok ? performance.now() - at : null });
      await sleep(PROBE_MS);
    }
    return samples;
  };
  const names = Object.keys(paths);
  const probes = Object.entries(paths).map(([path, headers]) => probe(path, headers));
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
  }
  const measured = await Promise.all(probes);
  return { result, samples: Object.fromEntries(measured.map((samples, index) => [names[index], samples])) };
}
