import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { failureFromBody, parseBody } from '@loop/adapters/http';
import { type ApiResult, apiOk } from '@loop/core';
import type { CliFiles } from '../io/cliIo';
import type { Connection } from './connection';

export interface DownloadRequest {
  /** Under the API base, e.g. `/surveys/12/export`. */
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** The file to write. */
  readonly file: string;
  /** Bytes written so far, and the total when the server said (Content-Length). */
  readonly onProgress: (received: number, total: number | null) => void;
}

export interface DownloadedToFile {
  readonly file: string;
  readonly bytes: number;
}

/** A download that failed at the file, not at the server: the message names the file. */
export interface FileFailure {
  readonly fileError: string;
}

/**
 * A download streamed to disk as it arrives (R-CLI-5): an export of many thousands of responses
 * never sits in memory, which the app's gateways (a Blob for the browser to save) would do. It is
 * written beside the target and renamed when complete, so a broken transfer leaves no half file and
 * an earlier file of that name stays until the new one is whole. A refusal reads the JSON `detail`
 * like every other call.
 */
export async function streamDownload(
  connection: Connection,
  files: CliFiles,
  request: DownloadRequest,
): Promise<ApiResult<DownloadedToFile> | FileFailure> {
  const url = `${connection.apiBase}${request.path}?${new URLSearchParams(request.query)}`;
  let response: Response;
  try {
    response = await connection.fetch(url, { headers: { ...connection.headers, Accept: '*/*' } });
  } catch {
    return failureFromBody(0, undefined);
  }
  if (!response.ok || response.body === null) {
    return failureFromBody(response.status, parseBody(await response.text().catch(() => '')));
  }
  const { file } = request;
  const partial = `${file}.deel`;
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.byteLength;
      request.onProgress(received, total);
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as never), counter, files.writeStream(partial));
    await files.rename(partial, file);
  } catch (error) {
    await files.remove(partial).catch(() => {});
    if (isFileSystemError(error)) return { fileError: file };
    // The server or the network broke off mid-transfer: the same failure as one before it began.
    return failureFromBody(0, undefined);
  }
  return apiOk({ file, bytes: received });
}

/** Node's file errors name their path (ENOENT, EACCES, ENOSPC); a broken connection names none. */
const isFileSystemError = (error: unknown): boolean =>
  error instanceof Error && typeof (error as { path?: unknown }).path === 'string';
