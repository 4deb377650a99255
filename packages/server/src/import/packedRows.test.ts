import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CsvRow } from './csvRows';
import { packRows, unpackRows } from './packedRows';

const rowArbitrary: fc.Arbitrary<CsvRow> = fc.record({
  cells: fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 6 }),
  line: fc.integer({ min: 1, max: 1_000_000 }),
  broken: fc.boolean(),
});

describe('packRows', () => {
  it('should give back the same rows, empty cells included, after packing (R-HEAVY-4)', () => {
    fc.assert(
      fc.property(fc.array(rowArbitrary, { maxLength: 30 }), (rows) => {
        const list = unpackRows(packRows(rows));
        expect(list.length).toBe(rows.length);
        expect(list.slice()).toEqual(rows);
      }),
    );
  });

  it('should unpack only the slice asked for, as an array slice does', () => {
    const rows: CsvRow[] = [
      { cells: ['Anna', ''], line: 2, broken: false },
      { cells: [''], line: 3, broken: true },
      { cells: ['Bram', 'x;y', 'é'], line: 5, broken: false },
    ];
    const list = unpackRows(packRows(rows));
    expect(list.slice(1, 2)).toEqual(rows.slice(1, 2));
    expect(list.slice(-2)).toEqual(rows.slice(-2));
    expect(list.slice(2, 99)).toEqual(rows.slice(2, 99));
    expect(list.slice(3)).toEqual([]);
  });
});
