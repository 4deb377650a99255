/**
 * The contacts import (issue 16, docs/decisions/contacts.md "Contacts"): 50,000 contacts from one CSV file
 * through the real route, POST /api/v1/contacts/imports and then GET /api/v1/contacts/imports/:id
 * every 100 ms as the screen polls it, until the import is done: ≤ 5 s on PostgreSQL.
 *
 * The file: 50,000 generated Dutch contacts (../contacts-list/generateContacts.ts) as Dutch Excel
 * saves them: Windows-1252, ';' between cells, CRLF, with a header row the import recognises
 * (Naam, E-mailadres, Telefoon, Organisatie, …, Afdeling and Regio as attributes). Imported into
 * an empty organisation (every row new), then again with on_duplicate 'update' (every row an
 * update). The floor in the same run: the same rows written by one SQL statement per 1,000 rows
 * straight into the table (no HTTP, no file, no checks), the way the import itself writes them.
 *
 * Run: node scripts/pnpm.mjs bench:contacts-import   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test; a database of its own, dropped afterwards)
 */
import { cpus, loadavg } from 'node:os';
import type { ContactImport } from '@loop/core';
import { contactSearchText } from '@loop/core/contacts';
import postgres from 'postgres';
import { type BenchServer, withBenchServer } from '../benchKit';
import {
  EXCEL_CSV_HEADER,
  excelCsvLine,
  generateContacts,
  sortKeyColumns,
} from '../contacts-list/generateContacts';
import { type Child, demoAdminOrganizationHeaders, startChild, stopChild } from '../serverKit';

const CONTACTS = 50_000;
const BUDGET_MS = 5_000;
const POLL_MS = 100;
const SERVER = 'bench/contacts-list/server.ts';

function excelCsv(): Buffer {
  const lines = [EXCEL_CSV_HEADER, ...generateContacts(CONTACTS, 17).map(excelCsvLine)];
  // The generated names use only letters Windows-1252 has (é, ë, ï, ü), which Latin-1 encodes alike.
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

/** One import through the route, followed until it is no longer running. */
async function importFile(
  url: string,
  headers: Record<string, string>,
  file: Buffer,
  onDuplicate: 'update' | 'skip',
): Promise<{ ms: number; accepted: number; result: ContactImport; polls: number }> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'klanten.csv');
  form.set('on_duplicate', onDuplicate);
  const start = performance.now();
  const response = await fetch(`${url}/api/v1/contacts/imports`, { method: 'POST', headers, body: form });
  const accepted = performance.now() - start;
  if (response.status !== 202) throw new Error(`import refused: ${response.status} ${await response.text()}`);
  let result = (await response.json()) as ContactImport;
  let polls = 0;
  while (result.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    polls++;
    result = (await (
      await fetch(`${url}/api/v1/contacts/imports/${result.id}`, { headers })
    ).json()) as ContactImport;
  }
  return { ms: performance.now() - start, accepted, result, polls };
}

async function main() {
  await withBenchServer('contacts_import', bench, { pool: 2 });
}

/** The runs against the migrated and seeded scratch database. */
async function bench(scratch: BenchServer) {
  const children: Child[] = [];
  try {
    await scratch.closeConnections();
    const file = excelCsv();
    const loadBefore = loadavg()[0] ?? 0;

    const server = await startChild(SERVER, 'app', { DATABASE_URL: scratch.url });
    children.push(server);
    const headers = await demoAdminOrganizationHeaders(server.url);
    const created = await importFile(server.url, headers, file, 'update');
    const updated = await importFile(server.url, headers, file, 'update');
    await stopChild(server);
    children.pop();

    // The floor: the same rows straight into the table of another organisation, 1,000 per statement.
    const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
    const [org] = await sql<{ id: number }[]>`insert into organizations (name) values ('Vloer') returning id`;
    const rows = generateContacts(CONTACTS, 17).map((contact) => ({
      ...contact,
      search_text: contactSearchText(contact),
      ...sortKeyColumns(contact),
    }));
    const floorStart = performance.now();
    for (let start = 0; start < rows.length; start += 1_000)
      await sql`
        insert into contacts (organization_id, name, email, phone, company, street, house_number, postcode, city,
          language, attributes, tags, search_text, name_key, email_key, company_key, city_key)
        select ${org?.id ?? 0}, r.name, r.email, r.phone, r.company, r.street, r.house_number, r.postcode, r.city,
          r.language, r.attributes, r.tags, r.search_text, r.name_key, r.email_key, r.company_key, r.city_key
        from jsonb_to_recordset(${sql.json(rows.slice(start, start + 1_000) as never)}) as r(name text, email text,
          phone text, company text, street text, house_number text, postcode text, city text, language text,
          attributes jsonb, tags text[], search_text text, name_key text, email_key text, company_key text,
          city_key text)
        on conflict (organization_id, lower(email)) do nothing`;
    const floor = performance.now() - floorStart;
    await sql.end();
    const loadAfter = loadavg()[0] ?? 0;

    console.log(
      `POST /api/v1/contacts/imports, ${CONTACTS.toLocaleString('en')} contacts in a ${(file.length / 1024 / 1024).toFixed(1)} MB ` +
        `Windows-1252 CSV, followed every ${POLL_MS} ms; loopback, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ` +
        `Node ${process.version}, load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    );
    const report = (name: string, run: typeof created) =>
      console.log(
        `${name.padEnd(28)} ${(run.ms / 1000).toFixed(2)} s (202 after ${run.accepted.toFixed(0)} ms, ${run.polls} polls): ` +
          `${run.result.state}, ${run.result.created} created, ${run.result.updated} updated, ${run.result.skipped} skipped, ` +
          `${run.result.refused} refused   ${(run.ms / floor).toFixed(1)}× the floor`,
      );
    report('import (all new)', created);
    report('again (all updates)', updated);
    console.log(`${'floor: SQL, 1,000 rows/stmt'.padEnd(28)} ${(floor / 1000).toFixed(2)} s`);
    const met =
      created.ms <= BUDGET_MS && created.result.state === 'done' && created.result.created === CONTACTS;
    console.log(
      `budget (${CONTACTS.toLocaleString('en')} new contacts ≤ ${BUDGET_MS / 1000} s): ${met ? 'met' : 'NOT met'}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    for (const child of children) await stopChild(child);
  }
}

await main();
