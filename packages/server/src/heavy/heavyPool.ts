import { availableParallelism } from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { HeavyStreamKind } from './heavyStreamTasks';
import type { HeavyResults, HeavyTask } from './heavyTasks';

/**
 * The worker threads that do the CPU-heavy work of imports and exports (R-HEAVY-3, R-HEAVY-8), a
 * piscina pool: the maintained worker pool of Node. One thread fewer than the machine has cores (at least one), so
 * the main thread keeps a core for requests, and at a lower scheduling priority (nice +10), so the
 * main thread goes first where the cores are shared (docs/decisions/server.md, 'Heavy work in
 * worker threads'). Threads start when work comes and stop after a minute without.
 */

export const HEAVY_THREADS = Math.max(1, availableParallelism() - 1);
const IDLE_MS = 60_000;
const NICE_INCREMENT = 10;
const TASKS_PER_THREAD = 4;

let pool: Piscina | null = null;

function heavyPool(): Piscina {
  // The entry is JavaScript that loads the TypeScript tasks with tsx (heavyWorker.mjs).
  pool ??= new Piscina({
    filename: new URL('./heavyWorker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: HEAVY_THREADS,
    idleTimeout: IDLE_MS,
    // Below the main thread in the scheduler: where the cores are shared (other processes, the
    // database), a request's turn comes before the parse's.
    niceIncrement: NICE_INCREMENT,
    // A file being built waits for its next batch most of the time (R-HEAVY-8): several share a
    // thread, and a file reading waits behind no more than the batch being written.
    concurrentTasksPerWorker: TASKS_PER_THREAD,
  });
  return pool;
}

/**
 * Runs a task on a worker thread. The file's bytes are moved there, not copied: the caller must
 * not use `task.bytes` afterwards (a Buffer from the pool of small buffers is copied instead).
 */
export function runHeavy<K extends HeavyTask['kind']>(
  task: Extract<HeavyTask, { readonly kind: K }>,
): Promise<HeavyResults[K]> {
  const { buffer, byteOffset, byteLength } = task.bytes;
  const whole = buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength;
  return heavyPool().run(task, whole ? { transferList: [buffer] } : {});
}

/**
 * Runs the worker's side of a file built off the main thread (heavyStreams.ts): the task lasts
 * until the port closes. The port is moved to the worker.
 */
export function runHeavyStreamTask(stream: HeavyStreamKind, port: MessagePort): Promise<void> {
  return heavyPool().run({ kind: 'stream', stream, port }, { transferList: [port] });
}

/** Stops the worker threads (a server's shutdown); the next task starts new ones. */
export async function closeHeavyPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close();
}
