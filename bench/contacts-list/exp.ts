import { contactSearchText } from '@loop/core/contacts';
import postgres from 'postgres';
import {
  createPasswordHasher,
  DEMO_ADMIN,
  openPostgres,
  seedDemoData,
  systemClock,
} from '../../packages/server/src/index';
import { generateContacts, sortKeyColumns } from './generateContacts';

const admin = postgres('postgres://postgres@127.0.0.1:5432/test', { max: 1, onnotice: () => {} });
await admin.unsafe('drop database if exists loop_contacts_exp with (force)');
await admin.unsafe('create database loop_contacts_exp');
await admin.end();
const url = 'postgres://postgres@127.0.0.1:5432/loop_contacts_exp';
const setup = openPostgres(url, { max: 2 });
await setup.migrate();
await seedDemoData({
  db: setup.db,
  clock: systemClock,
  passwords: createPasswordHasher({ memoryCost: 1024, timeCost: 1 }),
});
await setup.close();
const sql = postgres(url, { max: 1, onnotice: () => {} });
const [org] = await sql<
  { id: number }[]
>`select m.organization_id as id from memberships m join users u on u.id = m.user_id where u.email = ${DEMO_ADMIN.email} limit 1`;
const contacts = generateContacts(100_000);
for (let start = 0; start < contacts.length; start += 5_000) {
  const rows = contacts
    .slice(start, start + 5_000)
    .map((c) => ({ ...c, search_text: contactSearchText(c), ...sortKeyColumns(c) }));
  await sql`insert into contacts (organization_id, name, email, phone, company, street, house_number, postcode, city, language, attributes, tags, search_text, name_key, email_key, company_key, city_key)
    select ${org!.id}, r.name, r.email, r.phone, r.company, r.street, r.house_number, r.postcode, r.city, r.language, r.attributes, r.tags, r.search_text, r.name_key, r.email_key, r.company_key, r.city_key
    from jsonb_to_recordset(${sql.json(rows as never)}) as r(name text, email text, phone text, company text, street text, house_number text, postcode text, city text, language text, attributes jsonb, tags text[], search_text text, name_key text, email_key text, company_key text, city_key text)`;
}
await sql`vacuum analyze contacts`;
console.log('org', org!.id);
await sql.end();
