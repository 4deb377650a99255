import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { unzipSync, Zip, ZipDeflate } from 'fflate';
import { describe, expect, it } from 'vitest';
import { heavyStream } from './heavyStreams';
import type { XlsxCell, XlsxInput, ZipInput } from './heavyStreamTasks';

// Files built on a worker thread (R-HEAVY-8): the same files as exceljs and fflate write on this
// thread, and this thread free while a batch is written.

async function* from<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

const bytesOf = async (stream: Readable): Promise<Uint8Array> =>
  new Uint8Array(Buffer.concat(await stream.toArray()));

/** The ZIP of the same pieces written on this thread with fflate, as the server did before. */
function zipHere(entries: readonly { name: string; pieces: readonly string[] }[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  for (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: 6 });
    zip.add(file);
    for (const piece of entry.pieces) file.push(new TextEncoder().encode(piece), false);
    file.push(new Uint8Array(0), true);
  }
  zip.end();
  return new Uint8Array(Buffer.concat(parts));
}

/** The XLSX of the same inputs written on this thread with exceljs, as the server did before. */
async function xlsxHere(inputs: readonly XlsxInput[]): Promise<Uint8Array> {
  const body = new PassThrough();
  const done = body.toArray();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: body,
    useStyles: true,
    useSharedStrings: false,
  });
  let sheet: ExcelJS.Worksheet | null = null;
  for (const input of inputs) {
    if (input.kind === 'sheet') {
      sheet?.commit();
      sheet = workbook.addWorksheet(input.name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = input.columns.map(({ width, numFmt }) => ({
        width,
        ...(numFmt ? { style: { numFmt } } : {}),
      }));
      const top = sheet.addRow([...input.header]);
      top.font = { bold: true };
      top.commit();
    } else
      for (const cells of input.rows) {
        const row = sheet!.addRow(
          cells.map((cell) =>
            cell !== null && typeof cell === 'object' && 'numFmt' in cell ? cell.value : cell,
          ),
        );
        cells.forEach((cell, index) => {
          if (cell !== null && typeof cell === 'object' && 'numFmt' in cell)
            row.getCell(index + 1).numFmt = cell.numFmt;
        });
        row.commit();
      }
  }
  sheet?.commit();
  await workbook.commit();
  return new Uint8Array(Buffer.concat(await done));
}

/** Every sheet as read back: name, views, widths and each cell's value, format and boldness. */
async function xlsxContent(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Uint8Array.from(bytes).buffer);
  return workbook.worksheets.map((sheet) => ({
    name: sheet.name,
    views: sheet.views,
    widths: sheet.columns.map((column) => column.width),
    cells: sheet.getSheetValues().length,
    rows: sheet.getRows(1, sheet.rowCount)?.map((row) =>
      Array.from({ length: sheet.columnCount }, (_, index) => {
        const cell = row.getCell(index + 1);
        return [cell.value, cell.numFmt ?? null, cell.font?.bold ?? false];
      }),
    ),
  }));
}

const sheet = (name: string, header: string[], numFmt?: string): XlsxInput => ({
  kind: 'sheet',
  name,
  columns: header.map((_, index) => ({ width: 10 + index, ...(index === 1 && numFmt ? { numFmt } : {}) })),
  header,
});

const rows = (count: number, offset = 0): XlsxInput => ({
  kind: 'rows',
  rows: Array.from({ length: count }, (_, i): XlsxCell[] => [
    offset + i,
    new Date(Date.UTC(2026, 0, 1 + (i % 28), 9, 30)),
    i % 3 === 0 ? null : `Antwoord ${i} – "ë"; met =formule`,
    { value: (i * 137) / 100, numFmt: '#,##0.00' },
    { value: new Date(Date.UTC(2026, 1, 1 + (i % 27))), numFmt: 'dd-mm-yyyy' },
    i / 7,
  ]),
});

describe('heavyStream (R-HEAVY-8)', () => {
  it('should write the same ZIP bytes as fflate on this thread', async () => {
    const entries = [
      { name: 'leden.json', pieces: ['[', '\n  {"id":1,"naam":"Anna"}', '\n]\n'] },
      {
        name: 'surveys/1-peiling.csv',
        pieces: Array.from({ length: 200 }, (_, i) => `Reactie ${i};Tekst ${i}\r\n`),
      },
      { name: 'leeg.json', pieces: [] },
    ];
    const inputs: ZipInput[] = entries.flatMap((entry) => [
      { kind: 'entry' as const, name: entry.name },
      ...entry.pieces.map((piece) => ({ kind: 'bytes' as const, bytes: new TextEncoder().encode(piece) })),
    ]);
    const there = await bytesOf(heavyStream('zip', from(inputs)));
    expect(there).toEqual(zipHere(entries));
    expect(new TextDecoder().decode(unzipSync(there)['surveys/1-peiling.csv'])).toBe(
      entries[1]!.pieces.join(''),
    );
  });

  it('should write an XLSX with the same sheets, cells, formats and header as exceljs on this thread', async () => {
    const inputs: XlsxInput[] = [
      sheet('Antwoorden', ['Reactie', 'Ingestuurd op', 'Open', 'Bedrag', 'Dag', 'Deel'], 'dd-mm-yyyy hh:mm'),
      rows(1_500),
      rows(700, 1_500),
      sheet('Tweede', ['A', 'B', 'C', 'D', 'E', 'F']),
      rows(3),
    ];
    const there = await xlsxContent(await bytesOf(heavyStream('xlsx', from(inputs))));
    expect(there.map((content) => [content.name, content.rows?.length])).toEqual([
      ['Antwoorden', 2_201],
      ['Tweede', 4],
    ]);
    expect(there).toEqual(await xlsxContent(await xlsxHere(inputs)));
  });

  it('should let timers fire on this thread while the worker writes a batch', async () => {
    // One batch of 40,000 rows: written here, exceljs would hold this thread until it was done and
    // no timer could fire between handing the batch over and asking for the next input.
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
    }, 1);
    const seen: number[] = [];
    async function* inputs(): AsyncGenerator<XlsxInput> {
      yield sheet('Groot', ['A', 'B', 'C', 'D', 'E', 'F']);
      seen.push(ticks);
      yield rows(40_000);
      seen.push(ticks);
    }
    try {
      const bytes = await bytesOf(heavyStream('xlsx', inputs()));
      expect(bytes.byteLength).toBeGreaterThan(100_000);
      expect(seen).toHaveLength(2);
      expect(seen[1]! - seen[0]!).toBeGreaterThan(0);
    } finally {
      clearInterval(timer);
    }
  }, 60_000);

  it('should stop reading the inputs and end the worker task when the reader cancels', async () => {
    let closed = false;
    async function* inputs(): AsyncGenerator<ZipInput> {
      try {
        yield { kind: 'entry', name: 'veel.csv' };
        for (let i = 0; ; i++)
          yield { kind: 'bytes', bytes: new TextEncoder().encode(`regel ${i}\r\n`.repeat(2_000)) };
      } finally {
        closed = true;
      }
    }
    const stream = heavyStream('zip', inputs());
    for await (const _chunk of stream) break;
    await expect.poll(() => closed).toBe(true);
    // The pool still builds the next file.
    const next: ZipInput[] = [{ kind: 'entry', name: 'a' }];
    const zipped = await bytesOf(heavyStream('zip', from(next)));
    expect(unzipSync(zipped)).toEqual({ a: new Uint8Array(0) });
  });
});
