import { describe, expect, it } from 'vitest';
import type { ContactColumns } from './contactCsv';
import {
  contactEmailKey,
  fileDuplicatesSummary,
  findFileDuplicates,
  skippedDuplicateLines,
} from './fileDuplicates';

const COLUMNS: ContactColumns = { fields: { name: 0, email: 1 }, attributes: [], addTags: [] };

const rows = (...emails: string[]) =>
  emails.map((email, index) => ({ line: index + 2, cells: [`Persoon ${index}`, email] }));

describe('contactEmailKey', () => {
  it('should read the address as the import stores it, and nothing the import refuses', () => {
    expect(contactEmailKey({ line: 2, cells: ['Jan', '  Jan@Example.NL '] }, COLUMNS)).toBe('jan@example.nl');
    expect(contactEmailKey({ line: 2, cells: ['Jan', 'jan@'] }, COLUMNS)).toBeNull();
    expect(contactEmailKey({ line: 2, cells: ['Jan', ''] }, COLUMNS)).toBeNull();
    expect(contactEmailKey({ line: 2, cells: ['Jan', 'jan@example.nl'], broken: true }, COLUMNS)).toBeNull();
  });
});

describe('findFileDuplicates', () => {
  it('should find each address on several rows with all its lines, in the order of its first row', () => {
    const groups = findFileDuplicates(
      rows('b@x.nl', 'a@x.nl', 'B@X.nl', 'c@x.nl', 'a@x.nl', 'b@x.nl', 'geen-adres', 'geen-adres'),
      COLUMNS,
    );
    expect(groups).toEqual([
      { email: 'b@x.nl', lines: [2, 4, 7] },
      { email: 'a@x.nl', lines: [3, 6] },
    ]);
  });

  it('should skip every row of such an address but the first, or but the last', () => {
    const groups = findFileDuplicates(rows('a@x.nl', 'b@x.nl', 'a@x.nl', 'a@x.nl', 'b@x.nl'), COLUMNS);
    expect([...skippedDuplicateLines(groups, 'first')].sort()).toEqual([4, 5, 6]);
    expect([...skippedDuplicateLines(groups, 'last')].sort()).toEqual([2, 3, 4]);
  });

  it('should tell a dry run the counts and the first addresses with their first lines', () => {
    const emails = Array.from({ length: 60 }, (_, i) => `p${i}@x.nl`);
    const many = rows(...emails, ...emails, ...Array.from({ length: 12 }, () => 'p0@x.nl'));
    const summary = fileDuplicatesSummary(findFileDuplicates(many, COLUMNS));
    expect(summary.addresses).toBe(60);
    expect(summary.rows).toBe(60 + 12);
    expect(summary.items).toHaveLength(50);
    expect(summary.items[0]).toEqual({
      email: 'p0@x.nl',
      count: 14,
      lines: [2, 62, 122, 123, 124, 125, 126, 127, 128, 129],
    });
  });
});
