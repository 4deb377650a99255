import type { ContactImportDuplicates, FileDuplicateChoice } from '../contract';
import type { ContactColumns } from './contactCsv';
import { isContactEmail } from './contactRules';

/**
 * E-mail addresses on more than one row of a contacts file (docs/decisions/contacts.md, 'One row per
 * address in a contacts file'). An address is the row's e-mail cell as the import reads it
 * (trimmed, case folded); a row whose cell is no valid address, or whose quoting is broken, is
 * refused by the import and so is no duplicate of anything.
 */

/** A row of a CSV file as the import reads it. */
export interface FileRow {
  readonly line: number;
  readonly cells: readonly string[];
  /** Quoting never closed: the import refuses the row. */
  readonly broken?: boolean;
}

/** One address and every line it is on (at least two). */
export interface FileDuplicateGroup {
  /** As written on its first row. */
  readonly email: string;
  readonly lines: readonly number[];
}

/** At most this many addresses, and lines per address, go into a dry run's answer. */
export const DUPLICATES_SHOWN = 50;
export const DUPLICATE_LINES_SHOWN = 10;

/** The address a row would be stored under (lower case), or null when the import refuses the row. */
export function contactEmailKey(row: FileRow, columns: ContactColumns): string | null {
  const index = columns.fields.email;
  if (row.broken === true || index === undefined) return null;
  const email = (row.cells[index] ?? '').trim();
  return email !== '' && isContactEmail(email) ? email.toLowerCase() : null;
}

/** The addresses on more than one row, in the order of their first row, each with all its lines. */
export function findFileDuplicates(rows: readonly FileRow[], columns: ContactColumns): FileDuplicateGroup[] {
  // The first line of each address, and for the ones seen again all their lines: a 200,000-row
  // file makes one number per address, arrays only for the few that repeat.
  const first = new Map<string, { readonly email: string; readonly line: number }>();
  const repeated = new Map<string, { readonly email: string; readonly lines: number[] }>();
  for (const row of rows) {
    const key = contactEmailKey(row, columns);
    if (key === null) continue;
    const known = repeated.get(key);
    if (known !== undefined) {
      known.lines.push(row.line);
      continue;
    }
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, { email: (row.cells[columns.fields.email ?? 0] ?? '').trim(), line: row.line });
      continue;
    }
    repeated.set(key, { email: earlier.email, lines: [earlier.line, row.line] });
  }
  return [...repeated.values()].sort((a, b) => (a.lines[0] ?? 0) - (b.lines[0] ?? 0));
}

/** The lines the import skips: every line of a repeated address but the first or the last. */
export function skippedDuplicateLines(
  groups: readonly FileDuplicateGroup[],
  choice: FileDuplicateChoice,
): ReadonlySet<number> {
  const skipped = new Set<number>();
  for (const { lines } of groups) {
    const counts = choice === 'first' ? lines[0] : lines.at(-1);
    for (const line of lines) if (line !== counts) skipped.add(line);
  }
  return skipped;
}

/** What a dry run tells of the repeated addresses: counts, and the first ones with their lines. */
export function fileDuplicatesSummary(groups: readonly FileDuplicateGroup[]): ContactImportDuplicates {
  return {
    addresses: groups.length,
    rows: groups.reduce((sum, group) => sum + group.lines.length - 1, 0),
    items: groups.slice(0, DUPLICATES_SHOWN).map((group) => ({
      email: group.email,
      count: group.lines.length,
      lines: group.lines.slice(0, DUPLICATE_LINES_SHOWN),
    })),
  };
}
