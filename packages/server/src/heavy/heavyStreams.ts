import { Readable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import { runHeavyStreamTask } from './heavyPool';
import {
  type HeavyStreamInputs,
  type HeavyStreamKind,
  type HeavyStreamReply,
  type HeavyStreamRequest,
  ownsBuffer,
} from './heavyStreamTasks';

/**
 * A file built on a worker thread (R-HEAVY-8), as a stream for the HTTP answer. The inputs (a
 * batch of rows, a piece of an entry) are read here, on the main thread, as the database gives
 * them; each goes to the worker only when the file's bytes so far have been taken by the reader,
 * so a slow download holds back the database reads as it did on the main thread (R-HEAVY-9).
 */
export function heavyStream<K extends HeavyStreamKind>(
  kind: K,
  inputs: AsyncIterable<HeavyStreamInputs[K]>,
): Readable {
  async function* bytes(): AsyncGenerator<Uint8Array> {
    const { port1, port2 } = new MessageChannel();
    const replies: HeavyStreamReply[] = [];
    let wake: (() => void) | null = null;
    let stopped: Error | null = null;
    const notify = () => {
      const waiting = wake;
      wake = null;
      waiting?.();
    };
    port1.on('message', (reply: HeavyStreamReply) => {
      replies.push(reply);
      notify();
    });
    const task = runHeavyStreamTask(kind, port2).then(
      () => {
        stopped ??= new Error('De export is onderbroken.');
        notify();
      },
      (error: unknown) => {
        stopped = error instanceof Error ? error : new Error(String(error));
        notify();
      },
    );
    async function* exchange(
      request: HeavyStreamRequest<K>,
      transfer: ArrayBuffer[],
    ): AsyncGenerator<Uint8Array> {
      port1.postMessage(request, transfer);
      for (;;) {
        const reply = replies.shift();
        if (reply === undefined) {
          if (stopped !== null) throw stopped;
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        } else if ('chunk' in reply) yield reply.chunk;
        else if ('error' in reply) throw new Error(reply.error);
        else return;
      }
    }
    try {
      for await (const input of inputs) {
        const moved = 'bytes' in input && ownsBuffer(input.bytes) ? [input.bytes.buffer as ArrayBuffer] : [];
        yield* exchange({ input }, moved);
      }
      yield* exchange({ end: true }, []);
    } finally {
      // Done, failed or cancelled: closing the port ends the worker's task.
      port1.close();
      await task;
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}
