import type { CsvRow } from './csvRows';

/**
 * CSV rows packed for the way back from a worker thread (R-HEAVY-4): one string with every cell
 * and three typed arrays. Copying a 200,000-row file's rows as objects (millions of small strings)
 * would hold the main thread as long as the parse; a string and three arrays copy at memory speed,
 * and the rows are unpacked a chunk at a time where they are used.
 */

/** Between two cells of a row: decodeText refuses a file with NUL, so no cell holds one. */
const CELL = '\u0000';

export interface PackedRows {
  /** Each row's cells joined by NUL, the rows one after another. */
  readonly text: string;
  /** Where each row ends in `text`. */
  readonly ends: Int32Array;
  /** The line of the file each row starts on. */
  readonly lines: Int32Array;
  /** 1 for a row whose quoting is broken. */
  readonly broken: Uint8Array;
}

/** Rows read a slice at a time: an array of rows, or packed rows unpacked on demand. */
export interface CsvRowList {
  readonly length: number;
  slice(start?: number, end?: number): CsvRow[];
}

/** Packs rows into one string and typed arrays. */
export function packRows(rows: readonly CsvRow[]): PackedRows {
  const ends = new Int32Array(rows.length);
  const lines = new Int32Array(rows.length);
  const broken = new Uint8Array(rows.length);
  const texts: string[] = [];
  let end = 0;
  for (const [index, row] of rows.entries()) {
    const text = row.cells.join(CELL);
    texts.push(text);
    end += text.length;
    ends[index] = end;
    lines[index] = row.line;
    broken[index] = row.broken ? 1 : 0;
  }
  return { text: texts.join(''), ends, lines, broken };
}

/** Packed rows as a list whose slices are unpacked when asked for. */
export function unpackRows(packed: PackedRows): CsvRowList {
  const { text, ends, lines, broken } = packed;
  const row = (index: number): CsvRow => ({
    // A row always has a cell (papaparse reads an empty line's one empty cell), so '' is [''].
    cells: text.slice(index === 0 ? 0 : (ends[index - 1] ?? 0), ends[index] ?? 0).split(CELL),
    line: lines[index] ?? 0,
    broken: broken[index] === 1,
  });
  return {
    length: ends.length,
    slice(start = 0, end = ends.length) {
      const from = Math.max(0, start < 0 ? ends.length + start : start);
      const to = Math.min(ends.length, end < 0 ? ends.length + end : end);
      const rows: CsvRow[] = [];
      for (let index = from; index < to; index++) rows.push(row(index));
      return rows;
    },
  };
}
