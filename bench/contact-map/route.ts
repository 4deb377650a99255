/**
 * The contacts map's data (issue 16): GET /api/v1/contacts/map with 10,000 placed contacts in one
 * organisation on PostgreSQL, through the real app in this process (`inject`, compressed as
 * Chromium asks), timed turn about with a bare `select id, latitude, longitude` of the same
 * contacts on the same pool: what the route adds to the query it cannot do without (the filter,
 * the not-placed counts, authentication, the response schema and compression). Then the same
 * route coloured by a survey (`?survey_id=`: its NPS answers, every contact invited, 70% answered,
 * five other surveys' invitations beside it), against the same bare select.
 *
 * Run: node scripts/pnpm.mjs bench:contact-map-route   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test; RUNS may be set)
 */
import { mkdtemp } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContactMapData } from '@loop/core';
import { contactSearchText } from '@loop/core/contacts';
import { contactAddressDigest, contacts, openPostgres } from '@loop/server/db';
import postgres from 'postgres';
import { buildBenchApp, demoAdminHeaders, scratchDatabase, seedDemoDatabase, sideBySide } from '../benchKit';
import { generateContacts, sortKeyColumns } from '../contacts-list/generateContacts';
import { prng } from '../prng';
import { seedNpsInvitations } from './seedColouring';

const CONTACTS = 10_000;
const RUNS = Number(process.env.RUNS ?? 40);

async function main() {
  const scratch = await scratchDatabase('contact_map');
  const database = openPostgres(scratch.url, { max: 10 });
  try {
    const organizationId = await seedDemoDatabase(scratch.url);
    const sql = postgres(scratch.url, { max: 10, onnotice: () => {} });
    const random = prng(16);
    const generated = generateContacts(CONTACTS);
    for (let start = 0; start < generated.length; start += 2_000) {
      await database.db.insert(contacts).values(
        generated.slice(start, start + 2_000).map((contact) => {
          const keys = sortKeyColumns(contact);
          return {
            organizationId,
            name: contact.name,
            email: contact.email,
            phone: contact.phone,
            company: contact.company,
            street: contact.street,
            houseNumber: contact.house_number,
            postcode: contact.postcode,
            city: contact.city,
            language: contact.language,
            attributes: contact.attributes,
            tags: [...contact.tags],
            searchText: contactSearchText(contact),
            nameKey: keys.name_key,
            emailKey: keys.email_key,
            companyKey: keys.company_key,
            cityKey: keys.city_key,
            // Somewhere in the Netherlands, placed by the geocoder for the address as it is.
            // PDOK's centroids have 8 decimals.
            latitude: Number((50.8 + random() * 2.7).toFixed(8)),
            longitude: Number((3.4 + random() * 3.7).toFixed(8)),
            positionSource: 'geocoder' as const,
          };
        }),
      );
    }
    await database.db.update(contacts).set({ geocodedAddress: contactAddressDigest(contacts) });
    await sql`vacuum analyze contacts`;

    const app = await buildBenchApp(database.db, {
      DATA_DIR: await mkdtemp(join(tmpdir(), 'loop-bench-contact-map-')),
      DATABASE_URL: scratch.url,
      GEOCODER_URL: 'off',
    });
    const headers = {
      ...(await demoAdminHeaders(app)),
      'x-organization-id': String(organizationId),
      'accept-encoding': 'gzip, deflate, br, zstd',
    };
    const route = () => app.inject({ method: 'GET', url: '/api/v1/contacts/map', headers });
    const first = await route();
    if (first.statusCode !== 200) throw new Error(`GET /contacts/map: ${first.statusCode} ${first.body}`);
    const plain = await app.inject({
      method: 'GET',
      url: '/api/v1/contacts/map',
      headers: { ...headers, 'accept-encoding': 'identity' },
    });
    const data = plain.json<ContactMapData>();
    if (data.points.length !== CONTACTS)
      throw new Error(`expected ${CONTACTS} points, got ${data.points.length}`);
    // The same rows through the same driver (postgres.js), without the app around them.
    const bare = () =>
      sql`select id, latitude, longitude from contacts
          where organization_id = ${organizationId} and latitude is not null order by id`;
    const loadBefore = loadavg()[0] ?? 0;
    const [timedRoute, timedBare] = await sideBySide(RUNS, route, bare);
    // The same route without compression: how much of it is brotli.
    const uncompressed = () =>
      app.inject({
        method: 'GET',
        url: '/api/v1/contacts/map',
        headers: { ...headers, 'accept-encoding': 'identity' },
      });
    const [timedPlain] = await sideBySide(RUNS, uncompressed, bare);
    // Coloured by a survey's NPS answers, with other surveys' invitations and answers in the tables.
    for (const other of ['Eerder 1', 'Eerder 2', 'Eerder 3', 'Eerder 4', 'Eerder 5'])
      await seedNpsInvitations(sql, organizationId, other);
    const surveyId = await seedNpsInvitations(sql, organizationId);
    const coloured = () =>
      app.inject({ method: 'GET', url: `/api/v1/contacts/map?survey_id=${surveyId}`, headers });
    const firstColoured = await coloured();
    if (firstColoured.statusCode !== 200)
      throw new Error(`GET /contacts/map?survey_id: ${firstColoured.statusCode} ${firstColoured.body}`);
    const [timedColoured] = await sideBySide(RUNS, coloured, bare);
    const loadAfter = loadavg()[0] ?? 0;
    await app.close();
    await sql.end();

    console.log(
      `GET /api/v1/contacts/map, ${CONTACTS.toLocaleString('en')} placed contacts, ${RUNS} runs turn about, ` +
        `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, ` +
        `load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    );
    console.log(
      `answer ${(plain.rawPayload.length / 1024).toFixed(0)} kB JSON, ` +
        `${(first.rawPayload.length / 1024).toFixed(0)} kB ${first.headers['content-encoding'] ?? 'uncompressed'}`,
    );
    console.log(
      `route        median ${timedRoute.median.toFixed(1)} ms   fastest ${timedRoute.min.toFixed(1)} ms`,
    );
    console.log(
      `uncompressed median ${timedPlain.median.toFixed(1)} ms   fastest ${timedPlain.min.toFixed(1)} ms`,
    );
    console.log(
      `bare select  median ${timedBare.median.toFixed(1)} ms   fastest ${timedBare.min.toFixed(1)} ms`,
    );
    console.log(
      `coloured     median ${timedColoured.median.toFixed(1)} ms   fastest ${timedColoured.min.toFixed(1)} ms   ` +
        `(${(firstColoured.rawPayload.length / 1024).toFixed(0)} kB ${firstColoured.headers['content-encoding'] ?? 'uncompressed'})`,
    );
    console.log(`ratio        ${(timedRoute.median / timedBare.median).toFixed(1)}× by medians`);
    console.log(`ratio coloured ${(timedColoured.median / timedBare.median).toFixed(1)}× by medians`);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

await main();
