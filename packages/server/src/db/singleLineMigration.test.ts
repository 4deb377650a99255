import { PGlite } from '@electric-sql/pglite';
import { singleLine } from '@loop/core/shared';
import { describe, expect, it } from 'vitest';
import { migrationStatements, migrationTags } from '../testing/migrationFiles';
import { testDatabaseKind } from '../testing/testDatabase';
import { PGLITE_EXTENSIONS } from './openDatabase';

const TAG = /_single_line_names$/;

/** Texts with every kind of character R-TEXT-1 names, and some it leaves alone. */
const SAMPLES = [
  'Acme\r\nBcc: x',
  '  Jan\tde\u000bVries\f ',
  'Eerste\u2028Tweede\u2029Derde\u0085Vierde',
  'Ac\u0001me\u0007 B\u007fV\u009b',
  'Jan \u202eseirV\u202c \u2066x\u2069',
  'De\u00a0Vries\u2003&\u3000Zn.\ufeff',
  'Crème brûlée 👩‍💻 Çelik',
  ' \r\n\t ',
  'gewoon',
];

// Pure SQL on a bare embedded Postgres, so it runs once (in the PGlite project); the server-postgres
// project runs the same migration whenever it makes a test database.
describe.runIf(testDatabaseKind() === 'pglite')('single_line_names migration', () => {
  it("should put existing names and titles on one line like core's singleLine, keeping a value that would be empty (R-TEXT-3)", async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const run = async (statements: readonly string[]) => {
      for (const statement of statements) await client.exec(statement);
    };
    try {
      const all = migrationTags();
      const at = all.findIndex((tag) => TAG.test(tag));
      expect(at).toBeGreaterThan(0);
      for (const tag of all.slice(0, at)) await run(migrationStatements(tag));
      await client.exec(`
        insert into organizations (id, name) values (1, E'Acme\\r\\nBcc: x'), (2, E'\\u0007');
        insert into users (name, email, password_hash) values (E'Jan\\tde\\u2028Vries', 'jan@x.nl', 'x');
        insert into surveys (organization_id, title) values (1, E' Peiling\\n2026 ');
        insert into contacts (organization_id, name, email, search_text, name_key, email_key, company_key, city_key)
          values (1, E'Anouk\\u0001 de Vries', 'a@x.nl', E'anouk\\u0001 de vries a@x.nl', E'anouk\\u0001 de vries', 'a@x.nl', '', '');
      `);
      const [create, ...rest] = migrationStatements(all[at] as string);
      await client.exec(create as string);
      for (const sample of SAMPLES) {
        const { rows } = await client.query<{ line: string }>('select loop_single_line($1) as line', [
          sample,
        ]);
        expect(rows[0]?.line, JSON.stringify(sample)).toBe(singleLine(sample));
      }
      await run(rest);
      const names = async (query: string) =>
        (await client.query<{ value: string }>(query)).rows.map((row) => row.value);
      expect(await names('select name as value from organizations order by id')).toEqual([
        'Acme Bcc: x',
        '\u0007',
      ]);
      expect(await names('select name as value from users')).toEqual(['Jan de Vries']);
      expect(await names('select title as value from surveys')).toEqual(['Peiling 2026']);
      expect(
        await names(`select name || '|' || search_text || '|' || name_key as value from contacts`),
      ).toEqual(['Anouk de Vries|anouk de vries a@x.nl|anouk de vries']);
      const left = await client.query(`select 1 from pg_proc where proname = 'loop_single_line'`);
      expect(left.rows).toEqual([]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
