import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../db/openDatabase';

/** The tags of the SQL migrations in the order they run ('0000_init', …), from drizzle-kit's journal. */
export const migrationTags = (): string[] =>
  (
    JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    }
  ).entries.map((entry) => entry.tag);

/** One migration's statements, as the migrator splits them. */
export const migrationStatements = (tag: string): string[] =>
  readFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8').split('--> statement-breakpoint');
