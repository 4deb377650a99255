import { describe, expect, it } from 'vitest';
import { readCsvRows } from './csvRows';

describe('readCsvRows', () => {
  it('should read every row with the line it starts on and detect the separator', () => {
    const read = readCsvRows('Naam;E-mail\n\nAnna;"a\nb"\nBram;bram@example.nl\n', undefined);
    expect(read.delimiter).toBe(';');
    expect(read.cut).toBe(false);
    expect(read.rows.map((row) => [row.line, row.cells])).toEqual([
      [1, ['Naam', 'E-mail']],
      [3, ['Anna', 'a\nb']],
      [5, ['Bram', 'bram@example.nl']],
    ]);
  });

  it('should stop reading at the first row over maxRows (R-HEAVY-2)', () => {
    // A million rows: read whole, they would all come back; the limit stops at the eleventh.
    const text = 'a;b\n'.repeat(1_000_000);
    const read = readCsvRows(text, ';', 10);
    expect(read.cut).toBe(true);
    expect(read.rows).toHaveLength(10);
  });

  it('should not cut a file with exactly maxRows rows', () => {
    const read = readCsvRows('a;b\n'.repeat(10), ';', 10);
    expect(read.cut).toBe(false);
    expect(read.rows).toHaveLength(10);
  });
});
