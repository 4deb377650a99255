import { Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

/** Streaming a ZIP of JSON and CSV entries, for the organisation export. */

const encoder = new TextEncoder();

/** One file of the ZIP: a name and its bytes, produced a piece at a time. */
export interface ZipEntry {
  readonly name: string;
  readonly chunks: AsyncIterable<Uint8Array>;
}

/**
 * A ZIP written as it is read: each entry is compressed piece by piece (fflate), and the next piece
 * is asked for only when the reader wants more, so an organisation with 100,000 responses is never
 * held in memory.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  async function* bytes(): AsyncGenerator<Uint8Array> {
    const ready: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else ready.push(chunk);
    });
    const drain = function* () {
      if (failure !== null) throw failure;
      while (ready.length > 0) yield ready.shift()!;
    };
    for await (const entry of entries) {
      const file = new ZipDeflate(entry.name, { level: 6 });
      zip.add(file);
      for await (const chunk of entry.chunks) {
        file.push(chunk, false);
        yield* drain();
      }
      file.push(new Uint8Array(0), true);
      yield* drain();
    }
    zip.end();
    yield* drain();
  }
  return Readable.from(bytes(), { objectMode: false });
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
