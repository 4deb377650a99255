import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import { Zip, ZipDeflate } from 'fflate';

/**
 * The worker's side of a file built off the main thread (R-HEAVY-8): the main thread sends the
 * file's content a batch at a time over a message port, the worker writes it (an XLSX with
 * exceljs' streaming writer, or a ZIP compressed with fflate) and sends the file's bytes back as
 * they come. After each batch it answers `done`, so the main thread sends the next one only when
 * the previous one is written: the file is never held whole on either side.
 */

/** A spreadsheet cell: a plain value, or a number or date with its display format. */
export type XlsxCell =
  | string
  | number
  | Date
  | null
  | { readonly value: number | Date; readonly numFmt: string };

export interface XlsxColumn {
  /** exceljs' default when left out. */
  readonly width?: number;
  readonly numFmt?: string;
}

/** What an XLSX is made of: a sheet (frozen under its bold header row), then its rows in batches. */
export type XlsxInput =
  | {
      readonly kind: 'sheet';
      readonly name: string;
      readonly columns: readonly XlsxColumn[];
      readonly header: readonly string[];
      /** Columns frozen on the left beside the header row (none when left out). */
      readonly frozenColumns?: number;
    }
  | { readonly kind: 'rows'; readonly rows: readonly (readonly XlsxCell[])[] };

/** What a ZIP is made of: an entry's name, then its bytes in pieces. */
export type ZipInput =
  | { readonly kind: 'entry'; readonly name: string }
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array };

export interface HeavyStreamInputs {
  readonly xlsx: XlsxInput;
  readonly zip: ZipInput;
}

export type HeavyStreamKind = keyof HeavyStreamInputs;

/** The main thread's messages: one input, or the end of the file. */
export type HeavyStreamRequest<K extends HeavyStreamKind = HeavyStreamKind> =
  | { readonly input: HeavyStreamInputs[K] }
  | { readonly end: true };

/** The worker's messages: bytes of the file, the last request handled, or why it failed. */
export type HeavyStreamReply =
  | { readonly chunk: Uint8Array }
  | { readonly done: true }
  | { readonly error: string };

export interface HeavyStreamTask {
  readonly kind: 'stream';
  readonly stream: HeavyStreamKind;
  readonly port: MessagePort;
}

interface Sink<I> {
  write(input: I): void;
  end(): Promise<void>;
}

/** Whether a view covers its whole buffer, so the buffer can be moved rather than copied. */
export const ownsBuffer = (bytes: Uint8Array): boolean =>
  bytes.buffer instanceof ArrayBuffer &&
  bytes.byteOffset === 0 &&
  bytes.byteLength === bytes.buffer.byteLength;

const require = createRequire(import.meta.url);

function xlsxValue(cell: XlsxCell): string | number | Date | null {
  return cell !== null && typeof cell === 'object' && !(cell instanceof Date) ? cell.value : cell;
}

function xlsxSink(emit: (chunk: Uint8Array) => void): Sink<XlsxInput> {
  const ExcelJS = require('exceljs') as typeof import('exceljs');
  const body = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      emit(new Uint8Array(chunk));
      callback();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: body,
    useStyles: true,
    useSharedStrings: false,
  });
  let sheet: ReturnType<typeof workbook.addWorksheet> | null = null;
  return {
    write(input) {
      if (input.kind === 'sheet') {
        sheet?.commit();
        sheet = workbook.addWorksheet(input.name, {
          views: [
            { state: 'frozen', ySplit: 1, ...(input.frozenColumns ? { xSplit: input.frozenColumns } : {}) },
          ],
        });
        sheet.columns = input.columns.map(({ width, numFmt }) => ({
          ...(width === undefined ? {} : { width }),
          ...(numFmt === undefined ? {} : { style: { numFmt } }),
        }));
        const top = sheet.addRow([...input.header]);
        top.font = { bold: true };
        top.commit();
        return;
      }
      if (sheet === null) throw new Error('rows before their sheet');
      for (const cells of input.rows) {
        const row = sheet.addRow(cells.map(xlsxValue));
        cells.forEach((cell, index) => {
          if (cell !== null && typeof cell === 'object' && !(cell instanceof Date))
            row.getCell(index + 1).numFmt = cell.numFmt;
        });
        row.commit();
      }
    },
    async end() {
      sheet?.commit();
      await workbook.commit();
    },
  };
}

function zipSink(emit: (chunk: Uint8Array) => void): Sink<ZipInput> {
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else emit(chunk);
  });
  let file: ZipDeflate | null = null;
  const check = () => {
    if (failure !== null) throw failure;
  };
  return {
    write(input) {
      if (input.kind === 'entry') {
        file?.push(new Uint8Array(0), true);
        file = new ZipDeflate(input.name, { level: 6 });
        zip.add(file);
      } else if (file === null) throw new Error('bytes before their entry');
      else file.push(input.bytes, false);
      check();
    },
    async end() {
      file?.push(new Uint8Array(0), true);
      zip.end();
      check();
    },
  };
}

/**
 * Writes one file from the port's requests. The task ends when the main thread closes the port:
 * after the file's end, a failure, or a cancelled download (the port's messages may arrive after
 * the task's answer, so only the main thread closes it).
 */
export function runHeavyStream(task: HeavyStreamTask): Promise<void> {
  const { port } = task;
  const emit = (chunk: Uint8Array) =>
    port.postMessage({ chunk }, ownsBuffer(chunk) ? [chunk.buffer as ArrayBuffer] : []);
  const sink: Sink<never> = task.stream === 'xlsx' ? xlsxSink(emit) : zipSink(emit);
  let queue = Promise.resolve();
  const handle = async (request: HeavyStreamRequest) => {
    try {
      if ('end' in request) {
        await sink.end();
        port.postMessage({ done: true } satisfies HeavyStreamReply);
      } else {
        sink.write(request.input as never);
        port.postMessage({ done: true } satisfies HeavyStreamReply);
      }
    } catch (error) {
      port.postMessage({
        error: error instanceof Error ? error.message : String(error),
      } satisfies HeavyStreamReply);
    }
  };
  return new Promise((resolve) => {
    port.on('close', () => resolve());
    port.on('message', (request: HeavyStreamRequest) => {
      queue = queue.then(() => handle(request));
    });
  });
}
