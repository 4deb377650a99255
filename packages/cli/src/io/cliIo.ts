import { createWriteStream, openAsBlob } from 'node:fs';
import { readFile, rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';

/** A stream the command writes to: the process's stdout or stderr, or a test's capture. */
export interface OutputStream {
  write(text: string): void;
  /** A terminal: progress bars are drawn only there. */
  readonly isTTY: boolean;
  /** Its width in characters when a terminal. */
  readonly columns?: number;
}

/** The files a command reads and writes, relative to `cwd`. */
export interface CliFiles {
  /** The file's bytes as a Blob read from disk as it is sent, and its size. */
  openBlob(path: string): Promise<{ readonly blob: Blob; readonly size: number }>;
  readText(path: string): Promise<string>;
  /** A stream into a new file (or one that is replaced). */
  writeStream(path: string): Writable;
  rename(from: string, to: string): Promise<void>;
  /** Removes a file if it is there. */
  remove(path: string): Promise<void>;
  /** The absolute path of `path`. */
  absolute(path: string): string;
}

/** Everything a command touches of the world, so the tests run it in-process. */
export interface CliIo {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly files: CliFiles;
  /** The time (webhook tolerance, the export's file name). */
  now(): Date;
  /** Pauses between two polls of a running import. */
  wait(ms: number): Promise<void>;
  /** Replaces the global fetch (tests); undefined: Node's own. */
  readonly fetch?: typeof globalThis.fetch;
}

/** Files on disk under a working directory. */
export function nodeFiles(cwd: string): CliFiles {
  const absolute = (path: string) => resolve(cwd, path);
  return {
    async openBlob(path) {
      const full = absolute(path);
      const info = await stat(full);
      return { blob: await openAsBlob(full), size: info.size };
    },
    readText: (path) => readFile(absolute(path), 'utf8'),
    writeStream: (path) => createWriteStream(absolute(path)),
    rename: (from, to) => rename(absolute(from), absolute(to)),
    remove: (path) => rm(absolute(path), { force: true }),
    absolute,
  };
}

const outputOf = (stream: NodeJS.WriteStream): OutputStream => ({
  write: (text) => {
    stream.write(text);
  },
  get isTTY() {
    return stream.isTTY === true;
  },
  get columns() {
    return stream.columns;
  },
});

/** The process's own streams, environment, files and clock. */
export function processIo(): CliIo {
  return {
    stdout: outputOf(process.stdout),
    stderr: outputOf(process.stderr),
    env: process.env,
    files: nodeFiles(process.cwd()),
    now: () => new Date(),
    wait: (ms) => new Promise((done) => setTimeout(done, ms)),
  };
}
