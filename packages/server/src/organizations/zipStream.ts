import type { Readable } from 'node:stream';
import { heavyStream } from '../heavy/heavyStreams';
import type { ZipInput } from '../heavy/heavyStreamTasks';

/** Streaming a ZIP of JSON and CSV entries, for the organisation export. */

const encoder = new TextEncoder();

/**
 * One file of the ZIP: a name and its bytes, produced a piece at a time. A piece that is a whole
 * buffer is moved to the worker thread (R-HEAVY-8): it must not be used after it is produced.
 */
export interface ZipEntry {
  readonly name: string;
  readonly chunks: AsyncIterable<Uint8Array>;
}

/**
 * A ZIP written as it is read: each entry's pieces are compressed on a worker thread (fflate,
 * R-HEAVY-8), and the next piece is asked for only when the reader wants more, so an organisation
 * with 100,000 responses is never held in memory.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  async function* inputs(): AsyncGenerator<ZipInput> {
    for await (const entry of entries) {
      yield { kind: 'entry', name: entry.name };
      for await (const bytes of entry.chunks) yield { kind: 'bytes', bytes };
    }
  }
  return heavyStream('zip', inputs());
}

/** A JSON array written a batch of rows at a time. */
export async function* jsonArray(batches: AsyncIterable<readonly unknown[]>): AsyncGenerator<Uint8Array> {
  let first = true;
  yield encoder.encode('[');
  for await (const rows of batches) {
    let text = '';
    for (const row of rows) {
      text += `${first ? '\n' : ',\n'}  ${JSON.stringify(row)}`;
      first = false;
    }
    if (text !== '') yield encoder.encode(text);
  }
  yield encoder.encode(first ? ']\n' : '\n]\n');
}

async function* once<T>(rows: Promise<readonly T[]>): AsyncGenerator<readonly T[]> {
  yield await rows;
}

export const jsonEntry = (name: string, rows: Promise<readonly unknown[]>): ZipEntry => ({
  name,
  chunks: jsonArray(once(rows)),
});

/** The organisation's responses, without their link tokens, in id order, a batch at a time. */ export async function* single(
  bytes: Uint8Array,
): AsyncGenerator<Uint8Array> {
  yield bytes;
}

export async function* bytesOf(stream: Readable): AsyncGenerator<Uint8Array> {
  for await (const chunk of stream) yield chunk as Uint8Array;
}
