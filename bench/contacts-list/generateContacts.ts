/**
 * Dutch-looking contacts for the contacts benchmarks, the same every run (seeded): common first and
 * last names (some with accents), e-mail addresses made of them, companies, streets, postcodes, the
 * twenty largest places, tags and two attributes.
 */
import { type ContactValues, contactSearchText, contactSortKeys } from '@loop/core/contacts';
import type { Sql } from 'postgres';
import { prng } from '../prng';

const FIRST = [
  'Jan',
  'Daan',
  'Sem',
  'Lucas',
  'Noah',
  'Finn',
  'Levi',
  'Bram',
  'Thijs',
  'Ruben',
  'José',
  'Jürgen',
  'Emma',
  'Julia',
  'Sophie',
  'Tess',
  'Zoë',
  'Anna',
  'Eva',
  'Lotte',
  'Renée',
  'Anaïs',
  'Marieke',
  'Sanne',
  'Fleur',
  'Pieter',
  'Kees',
  'Willem',
  'Johanna',
  'Janneke',
  'Anouk',
  'Femke',
  'Mila',
  'Noor',
  'Liam',
  'Jesse',
];
const LAST = [
  'de Jong',
  'Jansen',
  'de Vries',
  'van den Berg',
  'van Dijk',
  'Bakker',
  'Janssen',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
  'de Groot',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'van Leeuwen',
  'Dekker',
  'Brouwer',
  'de Wit',
  'Dijkstra',
  'Smits',
  'de Graaf',
  'van der Meer',
  'Müller',
  'Kuijpers',
  'Verhoeven',
];
const CITIES = [
  'Amsterdam',
  'Rotterdam',
  'Den Haag',
  'Utrecht',
  'Eindhoven',
  'Groningen',
  'Tilburg',
  'Almere',
  'Breda',
  'Nijmegen',
  'Apeldoorn',
  'Haarlem',
  'Arnhem',
  'Enschede',
  'Amersfoort',
  'Zaanstad',
  "'s-Hertogenbosch",
  'Haarlemmermeer',
  'Zwolle',
  'Leiden',
];
const COMPANIES = [
  'Bakkerij',
  'Installatiebedrijf',
  'Advocatenkantoor',
  'Tandartspraktijk',
  'Café',
  'Bouwbedrijf',
  'Garage',
  'Bloemenzaak',
  'Accountants',
  'Stichting',
];
const STREETS = [
  'Kerkstraat',
  'Dorpsstraat',
  'Schoolstraat',
  'Molenweg',
  'Stationsweg',
  'Oudegracht',
  'Markt',
];
const TAGS = ['klant', 'vip', 'leverancier', 'nieuwsbrief', 'prospect', 'partner', 'oud-klant', 'beurs-2026'];
const DEPARTMENTS = ['Inkoop', 'Verkoop', 'Directie', 'HR', 'ICT', 'Financiën'];
const REGIONS = ['Noord', 'Oost', 'Zuid', 'West', 'Midden'];

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');

export function generateContacts(count: number, seed = 16): ContactValues[] {
  const random = prng(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  return Array.from({ length: count }, (_, i): ContactValues => {
    const first = pick(FIRST);
    const last = pick(LAST);
    const city = pick(CITIES);
    const tags = TAGS.filter(() => random() < 0.18).sort();
    return {
      name: `${first} ${last}`,
      email: `${slug(first)}.${slug(last)}.${i}@${random() < 0.5 ? 'example.nl' : `${slug(last)}.example.com`}`,
      phone: random() < 0.7 ? `06-${String(10_000_000 + Math.floor(random() * 89_999_999))}` : null,
      company: random() < 0.6 ? `${pick(COMPANIES)} ${last}` : null,
      street: random() < 0.8 ? pick(STREETS) : null,
      house_number: String(1 + Math.floor(random() * 200)),
      postcode: `${1000 + Math.floor(random() * 8999)} ${String.fromCharCode(65 + Math.floor(random() * 26))}${String.fromCharCode(65 + Math.floor(random() * 26))}`,
      city: random() < 0.95 ? city : null,
      language: random() < 0.9 ? 'nl' : 'en',
      attributes: (random() < 0.5 ? { afdeling: pick(DEPARTMENTS), regio: pick(REGIONS) } : {}) as Record<
        string,
        string
      >,
      tags,
    };
  });
}

/** The header of a contacts file as Dutch Excel saves it, which the import recognises. */
export const EXCEL_CSV_HEADER = [
  'Naam',
  'E-mailadres',
  'Telefoon',
  'Organisatie',
  'Straat',
  'Huisnummer',
  'Postcode',
  'Plaats',
  'Taal',
  'Tags',
  'Afdeling',
  'Regio',
].join(';');

/** One contact as a line of that file (';' between cells). */
export const excelCsvLine = (contact: ContactValues): string =>
  [
    contact.name,
    contact.email,
    contact.phone ?? '',
    contact.company ?? '',
    contact.street ?? '',
    contact.house_number ?? '',
    contact.postcode ?? '',
    contact.city ?? '',
    contact.language === 'nl' ? 'Nederlands' : 'Engels',
    contact.tags.join(', '),
    contact.attributes.afdeling ?? '',
    contact.attributes.regio ?? '',
  ].join(';');

/** The sort key columns of a contact as the app writes them (core's contactSortKeys). */
export function sortKeyColumns(contact: ContactValues) {
  const keys = contactSortKeys(contact);
  return { name_key: keys.name, email_key: keys.email, company_key: keys.company, city_key: keys.city };
}

/**
 * Writes `contacts` into the organisation as the app stores them (core's search text and sort keys),
 * 5,000 per statement; `createdAt(i)` dates the i-th (default: now).
 */
export async function insertContacts(
  sql: Sql,
  organizationId: number,
  contacts: readonly ContactValues[],
  createdAt: (index: number) => Date = () => new Date(),
): Promise<void> {
  for (let start = 0; start < contacts.length; start += 5_000) {
    const rows = contacts.slice(start, start + 5_000).map((contact, index) => ({
      ...contact,
      search_text: contactSearchText(contact),
      ...sortKeyColumns(contact),
      created_at: createdAt(start + index).toISOString(),
    }));
    await sql`
      insert into contacts (organization_id, name, email, phone, company, street, house_number, postcode, city,
        language, attributes, tags, search_text, name_key, email_key, company_key, city_key, created_at, updated_at)
      select ${organizationId}, r.name, r.email, r.phone, r.company, r.street, r.house_number, r.postcode, r.city,
        r.language, r.attributes, r.tags, r.search_text, r.name_key, r.email_key, r.company_key, r.city_key, r.created_at, r.created_at
      from jsonb_to_recordset(${sql.json(rows as never)}) as r(name text, email text, phone text, company text,
        street text, house_number text, postcode text, city text, language text, attributes jsonb, tags text[],
        search_text text, name_key text, email_key text, company_key text, city_key text, created_at timestamptz)`;
  }
}
