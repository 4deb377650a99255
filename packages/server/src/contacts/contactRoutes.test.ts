import { readFileSync } from 'node:fs';
import type { Contact, ContactImport, ContactImportPreview, ContactSegment, Page } from '@loop/core';
import { CONTACT_MESSAGES, CONTACT_QUERY_MESSAGES } from '@loop/core/contacts';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactImports, contacts } from '../db/schema';
import { CSV_ROW_MESSAGES } from '../import/csvRows';
import { multipartForm } from '../testing/finance';
import { createTeam, type TeamMember, type TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { CONTACT_IMPORT_MESSAGES, IMPORT_STALE_MS } from './contactImport';
import { CONTACT_ERRORS } from './contactStore';

let ctx: TestContext;
let team: TestTeam;
let other: TestTeam;

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Contacten BV');
  other = await createTeam(ctx, 'Andere BV');
});

afterAll(async () => {
  await ctx?.close();
});

type Caller = { readonly token: string; readonly headers: Record<string, string> };
const asOwner = (t: TestTeam): Caller => ({ token: t.owner.token, headers: t.headers });

const call = (
  caller: Caller,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  api(ctx.app, method, path, { token: caller.token, headers: caller.headers, payload });

async function add(caller: Caller, input: Record<string, unknown>): Promise<Contact> {
  const response = await call(caller, 'POST', '/contacts', input);
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<Contact>();
}

const list = async (caller: Caller, query: string): Promise<Page<Contact>> => {
  const response = await call(caller, 'GET', `/contacts${query}`);
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<Page<Contact>>();
};

const names = (page: Page<Contact>) => page.items.map((contact) => contact.name);

function postImport(
  caller: Caller,
  file: { name: string; bytes: Uint8Array },
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const form = multipartForm(fields, file);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/contacts/imports',
    headers: { authorization: `Bearer ${caller.token}`, ...caller.headers, ...form.headers },
    payload: form.payload,
  });
}

/** Follows an import as the screen does until it is no longer running. */
async function finished(caller: Caller, id: number): Promise<ContactImport> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const response = await call(caller, 'GET', `/contacts/imports/${id}`);
    const found = response.json<ContactImport>();
    if (found.state !== 'running') return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('import did not finish');
}

const csv = (text: string) => ({ name: 'contacten.csv', bytes: Buffer.from(text, 'utf8') });

describe('contacts CRUD', () => {
  it('should add, read, change and erase a contact, normalised', async () => {
    const owner = asOwner(team);
    const created = await add(owner, {
      name: ' Anouk  Bakker ',
      email: ' Anouk@Example.nl ',
      postcode: '3511lk',
      tags: ['VIP', 'klant', 'vip'],
      attributes: { Afdeling: 'Inkoop' },
    });
    expect(created).toMatchObject({
      name: 'Anouk Bakker',
      email: 'Anouk@Example.nl',
      postcode: '3511 LK',
      language: 'nl',
      tags: ['klant', 'vip'],
      attributes: { afdeling: 'Inkoop' },
      position: null,
      unsubscribed_at: null,
    });
    expect((await call(owner, 'GET', `/contacts/${created.id}`)).json()).toEqual(created);
    const changed = await call(owner, 'PATCH', `/contacts/${created.id}`, { city: 'Utrecht', tags: [] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Contact>()).toMatchObject({ name: 'Anouk Bakker', city: 'Utrecht', tags: [] });
    expect((await call(owner, 'DELETE', `/contacts/${created.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/contacts/${created.id}`)).statusCode).toBe(404);
    expect(await ctx.db.select().from(contacts).where(eq(contacts.id, created.id))).toEqual([]);
  });

  it('should name wrong fields in Dutch and store nothing', async () => {
    const owner = asOwner(team);
    const response = await call(owner, 'POST', '/contacts', {
      name: '',
      email: 'geen-adres',
      language: 'es',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: CONTACT_MESSAGES.nameMissing,
      fields: {
        name: CONTACT_MESSAGES.nameMissing,
        email: CONTACT_MESSAGES.emailInvalid,
        language: CONTACT_MESSAGES.language,
      },
    });
    const patch = await call(
      owner,
      'PATCH',
      `/contacts/${(await add(owner, { name: 'P', email: 'p@example.nl' })).id}`,
      {
        email: 'fout',
      },
    );
    expect(patch.json()).toMatchObject({ fields: { email: CONTACT_MESSAGES.emailInvalid } });
  });

  it('should save a contact in Polish or Ukrainian and refuse an unknown language, storing nothing', async () => {
    const owner = asOwner(team);
    const polish = await add(owner, { name: 'Zofia Nowak', email: 'zofia@example.pl', language: 'pl' });
    expect(polish.language).toBe('pl');
    const changed = await call(owner, 'PATCH', `/contacts/${polish.id}`, { language: 'UK' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Contact>().language).toBe('uk');
    const [stored] = await ctx.db
      .select({ language: contacts.language })
      .from(contacts)
      .where(eq(contacts.id, polish.id));
    expect(stored).toEqual({ language: 'uk' });

    const unknown = await call(owner, 'POST', '/contacts', {
      name: 'Onbekend',
      email: 'onbekend-taal@example.nl',
      language: 'xx',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      detail: CONTACT_MESSAGES.language,
      fields: { language: CONTACT_MESSAGES.language },
    });
    expect(CONTACT_MESSAGES.language).toBe(
      'Kies als taal nl (Nederlands), en (Engels), de (Duits), fr (Frans), pl (Pools), tr (Turks), ar (Arabisch) of uk (Oekraïens).',
    );
    const refusedPatch = await call(owner, 'PATCH', `/contacts/${polish.id}`, { language: 'xx' });
    expect(refusedPatch.statusCode).toBe(400);
    expect(refusedPatch.json()).toMatchObject({ fields: { language: CONTACT_MESSAGES.language } });
    expect(
      await ctx.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(sql`lower(${contacts.email}) = 'onbekend-taal@example.nl'`),
    ).toEqual([]);
    expect(
      await ctx.db.select({ language: contacts.language }).from(contacts).where(eq(contacts.id, polish.id)),
    ).toEqual([{ language: 'uk' }]);
  });

  it("should let the database's language check (migration 0031) take the eight codes and no other", async () => {
    const owner = asOwner(team);
    const contact = await add(owner, { name: 'Direct', email: 'direct-taal@example.nl' });
    const setLanguage = (language: string) =>
      ctx.db.execute(sql`update contacts set language = ${language} where id = ${contact.id}`);
    for (const language of ['pl', 'tr', 'ar', 'uk', 'fr']) await setLanguage(language);
    const refused = await setLanguage('xx').then(
      () => null,
      (error: unknown) => error,
    );
    expect(String(refused) + String((refused as { cause?: unknown } | null)?.cause)).toContain(
      'contacts_language_check',
    );
    expect(
      await ctx.db.select({ language: contacts.language }).from(contacts).where(eq(contacts.id, contact.id)),
    ).toEqual([{ language: 'fr' }]);
  });

  it('should refuse a second contact with the same address in any case (409), also by PATCH', async () => {
    const owner = asOwner(team);
    await add(owner, { name: 'Dubbel', email: 'dubbel@example.nl' });
    const again = await call(owner, 'POST', '/contacts', { name: 'Dubbel 2', email: ' DUBBEL@example.NL' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: CONTACT_ERRORS.duplicateEmail('DUBBEL@example.NL') });
    const second = await add(owner, { name: 'Tweede', email: 'tweede@example.nl' });
    const patched = await call(owner, 'PATCH', `/contacts/${second.id}`, { email: 'Dubbel@Example.nl' });
    expect(patched.statusCode).toBe(409);
    // Another organisation may have the same address.
    expect(
      (await call(asOwner(other), 'POST', '/contacts', { name: 'D', email: 'dubbel@example.nl' })).statusCode,
    ).toBe(201);
  });
});

describe('the contacts list', () => {
  let caller: Caller;
  beforeAll(async () => {
    const t = await createTeam(ctx, 'Lijst BV');
    caller = asOwner(t);
    await add(caller, {
      name: 'José Álvarez',
      email: 'jose@alvarez.es',
      city: 'Utrecht',
      company: 'Café Noord',
      tags: ['klant'],
    });
    await add(caller, {
      name: 'Jan Jansen',
      email: 'jan@jansen.nl',
      city: 'Amsterdam',
      tags: ['klant', 'vip'],
      attributes: { regio: 'Noord' },
    });
    await add(caller, {
      name: 'Marieke de Jong',
      email: 'marieke@utrechtbank.nl',
      city: 'Zwolle',
      attributes: { regio: 'oost' },
    });
    await add(caller, { name: 'Pieter Bos', email: 'pieter@bos.nl', company: 'Bosbouw BV', tags: ['vip'] });
    await ctx.db
      .update(contacts)
      .set({ unsubscribedAt: new Date() })
      .where(eq(contacts.email, 'pieter@bos.nl'));
    await ctx.db
      .update(contacts)
      .set({ latitude: 52.09, longitude: 5.12, positionSource: 'geocoder' })
      .where(eq(contacts.email, 'jose@alvarez.es'));
  });

  it('should find accents without them, parts of words, and every word of a search', async () => {
    expect(names(await list(caller, '?q=Jose'))).toEqual(['José Álvarez']);
    expect(names(await list(caller, '?q=cafe'))).toEqual(['José Álvarez']);
    expect(names(await list(caller, '?q=utrecht'))).toEqual(['José Álvarez', 'Marieke de Jong']);
    expect(names(await list(caller, '?q=ans'))).toEqual(['Jan Jansen']);
    expect(names(await list(caller, '?q=jansen.n'))).toEqual(['Jan Jansen']);
    expect(names(await list(caller, '?q=utrecht%20zwol'))).toEqual(['Marieke de Jong']);
    expect(names(await list(caller, '?q=100%25'))).toEqual([]);
  });

  it('should filter on tags, attributes, subscription and placement', async () => {
    expect(names(await list(caller, '?tag=vip'))).toEqual(['Jan Jansen', 'Pieter Bos']);
    expect(names(await list(caller, '?tag=vip&tag=klant'))).toEqual(['Jan Jansen']);
    expect(names(await list(caller, '?attr=regio:noord'))).toEqual(['Jan Jansen']);
    expect(names(await list(caller, '?attr=Regio:OOST'))).toEqual(['Marieke de Jong']);
    expect(names(await list(caller, '?subscribed=false'))).toEqual(['Pieter Bos']);
    expect((await list(caller, '?subscribed=true')).total).toBe(3);
    expect(names(await list(caller, '?placed=true'))).toEqual(['José Álvarez']);
    expect((await list(caller, '?placed=false')).total).toBe(3);
  });

  it('should sort, order and page, with the total of the whole filter', async () => {
    // Without a place first (ascending), then by place.
    expect(names(await list(caller, '?sort=city'))).toEqual([
      'Pieter Bos',
      'Jan Jansen',
      'José Álvarez',
      'Marieke de Jong',
    ]);
    expect(names(await list(caller, '?sort=name&order=desc'))).toEqual([
      'Pieter Bos',
      'Marieke de Jong',
      'José Álvarez',
      'Jan Jansen',
    ]);
    expect(names(await list(caller, '?sort=email'))[0]).toBe('Jan Jansen');
    const second = await list(caller, '?page=2&page_size=3');
    expect(second).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(names(second)).toEqual(['Pieter Bos']);
  });

  it('should list each contact exactly as it reads on its own, whatever it holds', async () => {
    // The list's JSON is written by the database; one contact's by the app: the two must agree.
    await add(caller, {
      name: 'Zoë "Zus" van \'t Hof 🌷',
      email: 'zoe@hof.nl',
      phone: '+31 6 12345678',
      street: 'Oudegracht',
      house_number: '12bis',
      postcode: '3511 AB',
      city: 'Utrecht',
      language: 'en',
      attributes: { 'klant nummer': 'K\\001\n2', regio: 'Midden', afdeling: 'Inkoop' },
      tags: ['nieuw', 'vip'],
    });
    const listed = await list(caller, '?page_size=200');
    expect(listed.items.length).toBe(5);
    for (const item of listed.items) {
      const alone = await call(caller, 'GET', `/contacts/${item.id}`);
      expect(item).toEqual(alone.json<Contact>());
    }
    const zoe = listed.items.find((item) => item.email === 'zoe@hof.nl');
    expect(zoe?.attributes).toEqual({ 'klant nummer': 'K\\001\n2', regio: 'Midden', afdeling: 'Inkoop' });
    expect(listed.items.find((item) => item.email === 'jose@alvarez.es')?.position).toEqual({
      lat: 52.09,
      lng: 5.12,
      source: 'geocoder',
    });
    await call(caller, 'DELETE', `/contacts/${zoe?.id}`);
  });

  it('should page by time without losing or repeating contacts created within one millisecond', async () => {
    const t = await createTeam(ctx, 'Tijd BV');
    const timed = asOwner(t);
    for (let index = 0; index < 7; index++)
      await add(timed, { name: `Tijd ${index}`, email: `tijd${index}@bv.nl` });
    // Seven contacts 1 µs apart: a start kept to the millisecond would take in rows before it.
    await ctx.db.execute(
      sql`update contacts set created_at = timestamptz '2026-11-02 10:00:00.123' + (id % 7) * interval '1 microsecond'
          where organization_id = ${t.organization.id}`,
    );
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++)
      seen.push(...names(await list(timed, `?sort=created_at&page=${page}&page_size=2`)));
    // The second time the remembered starts are used.
    const again: string[] = [];
    for (let page = 1; page <= 4; page++)
      again.push(...names(await list(timed, `?sort=created_at&page=${page}&page_size=2`)));
    expect(new Set(seen).size).toBe(7);
    expect(seen.length).toBe(7);
    expect(again).toEqual(seen);
  });

  it('should refuse wrong parameters with a Dutch message naming them', async () => {
    const response = await call(caller, 'GET', '/contacts?sort=telefoon&page_size=500&attr=regio');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      sort: CONTACT_QUERY_MESSAGES.sort,
      page_size: CONTACT_QUERY_MESSAGES.pageSize,
      attr: CONTACT_QUERY_MESSAGES.attr,
    });
  });

  it('should offer the tags and attribute keys in use', async () => {
    const facets = (await call(caller, 'GET', '/contacts/facets')).json();
    expect(facets).toEqual({
      tags: [
        { tag: 'klant', count: 2 },
        { tag: 'vip', count: 2 },
      ],
      attribute_keys: [{ key: 'regio', count: 2 }],
      total: 4,
    });
  });

  it('should save segments, count their contacts and combine them with the list filter', async () => {
    const created = await call(caller, 'POST', '/contacts/segments', {
      name: 'VIP',
      filter: { tags: ['VIP'] },
    });
    expect(created.statusCode).toBe(201);
    const segment = created.json<ContactSegment>();
    expect(segment).toMatchObject({ name: 'VIP', filter: { tags: ['vip'] }, contact_count: 2 });
    const duplicate = await call(caller, 'POST', '/contacts/segments', { name: ' vip ', filter: {} });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().detail).toBe(CONTACT_ERRORS.duplicateSegment('vip'));
    expect(names(await list(caller, `?segment_id=${segment.id}&subscribed=true`))).toEqual(['Jan Jansen']);
    const changed = await call(caller, 'PATCH', `/contacts/segments/${segment.id}`, {
      name: 'Klanten',
      filter: { tags: ['klant'], q: 'utrecht' },
    });
    expect(changed.json<ContactSegment>()).toMatchObject({ name: 'Klanten', contact_count: 1 });
    const bad = await call(caller, 'POST', '/contacts/segments', { name: 'X', filter: { tags: 'vip' } });
    expect(bad.json()).toMatchObject({ fields: { 'filter.tags': CONTACT_QUERY_MESSAGES.tag } });
    expect(
      (await call(caller, 'GET', '/contacts/segments')).json<ContactSegment[]>().map((s) => s.name),
    ).toEqual(['Klanten']);
    expect((await call(caller, 'DELETE', `/contacts/segments/${segment.id}`)).statusCode).toBe(204);
    expect((await call(caller, 'GET', `/contacts?segment_id=${segment.id}`)).statusCode).toBe(404);
  });

  it('should export the filtered contacts as CSV for Dutch Excel, formulas neutralised', async () => {
    await add(caller, { name: '=HYPERLINK("http://x")', email: 'formule@example.nl', tags: ['vip'] });
    const response = await call(caller, 'GET', '/contacts/export?tag=vip&sort=email');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="contacten-selectie-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFNaam;E-mailadres;Telefoon;Organisatie;Straat;Huisnummer;Postcode;Plaats;Taal;Tags;Afgemeld op;Toegevoegd op;regio',
    );
    expect(lines.slice(1, -1).map((line) => line.split(';')[1])).toEqual([
      'formule@example.nl',
      'jan@jansen.nl',
      'pieter@bos.nl',
    ]);
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/x""\)";formule@example\.nl;/);
    expect(lines[2]).toMatch(/;klant, vip;;\d\d-\d\d-\d{4} \d\d:\d\d;Noord$/);
  });
});

describe('bulk actions', () => {
  it('should tag, untag and erase a selection, and never touch another organisation', async () => {
    const t = await createTeam(ctx, 'Bulk BV');
    const caller = asOwner(t);
    const a = await add(caller, { name: 'A', email: 'a@bulk.nl', tags: ['x'] });
    const b = await add(caller, { name: 'B', email: 'b@bulk.nl' });
    const foreign = await add(asOwner(other), { name: 'Vreemd', email: 'vreemd@bulk.nl' });
    const tagged = await call(caller, 'POST', '/contacts/bulk', {
      action: 'add_tags',
      tags: ['Nieuw', 'x'],
      selection: { ids: [a.id, b.id, foreign.id] },
    });
    expect(tagged.json()).toEqual({ affected: 2 });
    expect((await call(caller, 'GET', `/contacts/${a.id}`)).json<Contact>().tags).toEqual(['nieuw', 'x']);
    const untagged = await call(caller, 'POST', '/contacts/bulk', {
      action: 'remove_tags',
      tags: ['x'],
      selection: { filter: { tags: ['nieuw'] } },
    });
    expect(untagged.json()).toEqual({ affected: 2 });
    expect((await call(caller, 'GET', `/contacts/${a.id}`)).json<Contact>().tags).toEqual(['nieuw']);
    // Counts and page starts are remembered per version of the data: every change shows at once.
    expect((await list(caller, '?tag=nieuw')).total).toBe(2);
    expect(names(await list(caller, '?page=2&page_size=1'))).toEqual(['B']);
    const erased = await call(caller, 'POST', '/contacts/bulk', {
      action: 'delete',
      selection: { ids: [a.id, foreign.id] },
    });
    expect(erased.json()).toEqual({ affected: 1 });
    expect((await call(asOwner(other), 'GET', `/contacts/${foreign.id}`)).json<Contact>().tags).toEqual([]);
    expect((await list(caller, '')).total).toBe(1);
    expect((await list(caller, '?tag=nieuw')).total).toBe(1);
    expect(names(await list(caller, '?page=2&page_size=1'))).toEqual([]);
    await add(caller, { name: 'C', email: 'c@bulk.nl', tags: ['nieuw'] });
    expect((await list(caller, '?tag=nieuw')).total).toBe(2);
    expect(names(await list(caller, '?page=2&page_size=1'))).toEqual(['C']);
    // A page start remembered before a change is not trusted after it, even by the next request.
    expect(names(await list(caller, '?page=2&page_size=1&sort=email'))).toEqual(['C']);
    expect((await call(caller, 'DELETE', `/contacts/${b.id}`)).statusCode).toBe(204);
    expect(names(await list(caller, '?page=2&page_size=1&sort=email'))).toEqual([]);
    const wrong = await call(caller, 'POST', '/contacts/bulk', {
      action: 'add_tags',
      tags: [],
      selection: { ids: [b.id], filter: {} },
    });
    expect(wrong.statusCode).toBe(400);
    const segment = await call(caller, 'POST', '/contacts/bulk', {
      action: 'delete',
      selection: { segment_id: 999999 },
    });
    expect(segment.statusCode).toBe(404);
  });
});

describe('tenancy', () => {
  it("should answer 404 for another organisation's contact, segment and import", async () => {
    const foreign = await add(asOwner(other), { name: 'Geheim', email: 'geheim@example.nl' });
    const segment = (
      await call(asOwner(other), 'POST', '/contacts/segments', { name: 'Geheim', filter: {} })
    ).json<ContactSegment>();
    const started = await postImport(asOwner(other), csv('Naam;E-mail\nX;x@geheim.nl\n'));
    const foreignImport = started.json<ContactImport>();
    await finished(asOwner(other), foreignImport.id);
    const owner = asOwner(team);
    for (const [method, path, payload] of [
      ['GET', `/contacts/${foreign.id}`],
      ['PATCH', `/contacts/${foreign.id}`, { name: 'Overgenomen' }],
      ['DELETE', `/contacts/${foreign.id}`],
      ['PATCH', `/contacts/segments/${segment.id}`, { name: 'Overgenomen' }],
      ['DELETE', `/contacts/segments/${segment.id}`],
      ['GET', `/contacts?segment_id=${segment.id}`],
      ['GET', `/contacts/export?segment_id=${segment.id}`],
      ['GET', `/contacts/imports/${foreignImport.id}`],
    ] as const) {
      const response = await call(owner, method, path, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await call(asOwner(other), 'GET', `/contacts/${foreign.id}`)).json<Contact>().name).toBe(
      'Geheim',
    );
    expect((await list(owner, '?q=geheim')).total).toBe(0);
    expect(
      (await call(owner, 'GET', '/contacts/imports')).json<ContactImport[]>().map((found) => found.id),
    ).not.toContain(foreignImport.id);
  });

  it('should refuse viewers with the permission message', async () => {
    const viewer: TeamMember = team.viewer;
    const response = await call({ token: viewer.token, headers: team.headers }, 'GET', '/contacts');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: PERMISSION_DENIED['contacts.manage'] });
  });
});

describe('CSV imports', () => {
  it('should preview a Windows-1252 file as Dutch Excel writes it, with the suggested mapping', async () => {
    const bytes = readFileSync(new URL('./testdata/excel-nl-windows-1252.csv', import.meta.url));
    const t = await createTeam(ctx, 'Excel BV');
    const response = await postImport(asOwner(t), { name: 'klanten.csv', bytes }, { dry_run: 'true' });
    expect(response.statusCode).toBe(200);
    const preview = response.json<ContactImportPreview>();
    expect(preview).toMatchObject({
      file_name: 'klanten.csv',
      encoding: 'windows-1252',
      delimiter: ';',
      rows: 6,
      mapping: {
        fields: {
          first_name: 'Voornaam',
          last_name: 'Achternaam',
          email: 'E-mailadres',
          tags: 'Labels',
          city: 'Woonplaats',
        },
        attributes: { Afdeling: 'afdeling' },
      },
    });
    expect(preview.sample[0]?.slice(0, 2)).toEqual(['Zoë', 'de Vries']);
    expect(preview.sample[2]?.[4]).toBe('Café "De Brück"');
    expect(
      await ctx.db.select().from(contacts).where(eq(contacts.organizationId, t.organization.id)),
    ).toEqual([]);
  });

  it('should import it in the background, refusing rows with their line and a Dutch reason', async () => {
    const bytes = readFileSync(new URL('./testdata/excel-nl-windows-1252.csv', import.meta.url));
    const t = await createTeam(ctx, 'Excel Import BV');
    const caller = asOwner(t);
    const started = await postImport(caller, { name: 'klanten.csv', bytes });
    expect(started.statusCode).toBe(202);
    expect(started.json<ContactImport>()).toMatchObject({
      state: 'running',
      rows: 6,
      on_duplicate: 'update',
    });
    const done = await finished(caller, started.json<ContactImport>().id);
    expect(done).toMatchObject({
      state: 'done',
      rows: 6,
      processed: 6,
      created: 5,
      updated: 0,
      skipped: 0,
      refused: 1,
      refusals: [{ line: 7, reason: 'Geen e-mailadres.' }],
      error: null,
    });
    const renee = (await list(caller, '?q=renee')).items[0];
    expect(renee).toMatchObject({
      name: 'Renée Müller',
      company: 'Müller & Söhne GmbH',
      street: 'Friedrichstraße',
      tags: ['duitsland', 'leverancier'],
      attributes: { afdeling: 'Verkoop' },
    });
    expect((await list(caller, '?q=zoe')).items[0]).toMatchObject({ postcode: '3511 AK', city: 'Utrecht' });
    expect((await list(caller, '?q=jurgen')).items[0]?.email).toBe('JURGEN@example.nl');
  });

  it('should update or skip addresses that were already contacts, counting only those as updated or skipped', async () => {
    const t = await createTeam(ctx, 'Dubbel BV');
    const caller = asOwner(t);
    await add(caller, { name: 'Bestaand', email: 'bestaand@example.nl', phone: '010-1', tags: ['oud'] });
    const file = csv(
      'Naam,E-mail,Telefoon,Tags\n' +
        'Nieuw Eén,een@example.nl,,nieuw\n' +
        'Bestaand Nieuw,BESTAAND@example.nl,,import\n',
    );
    const skipped = await finished(
      caller,
      (await postImport(caller, file, { on_duplicate: 'skip' })).json<ContactImport>().id,
    );
    expect(skipped).toMatchObject({ state: 'done', created: 1, updated: 0, skipped: 1, duplicates: 0 });
    expect((await list(caller, '?q=bestaand')).items[0]).toMatchObject({ name: 'Bestaand', tags: ['oud'] });
    const updated = await finished(
      caller,
      (await postImport(caller, file, { on_duplicate: 'update' })).json<ContactImport>().id,
    );
    expect(updated).toMatchObject({
      state: 'done',
      created: 0,
      updated: 2,
      skipped: 0,
      file_duplicates: null,
    });
    // Mapped fields replace, empty cells keep what was there, tags are added.
    expect((await list(caller, '?q=bestaand')).items[0]).toMatchObject({
      name: 'Bestaand Nieuw',
      email: 'bestaand@example.nl',
      phone: '010-1',
      tags: ['import', 'oud'],
    });
  });

  it('should report an address on several rows with its lines, and import only the row the person chose', async () => {
    const t = await createTeam(ctx, 'Dubbele regels BV');
    const caller = asOwner(t);
    await add(caller, { name: 'Bestaand', email: 'bestaand@example.nl', tags: ['oud'] });
    const file = csv(
      'Naam;E-mail;Telefoon;Tags\n' +
        'Jan Eerst;jan@example.nl;06-1;eerst\n' +
        'Bestaand Eerst;bestaand@example.nl;;eerst\n' +
        'Jan Later;JAN@example.nl;;later\n' +
        'Anna;anna@example.nl;;\n' +
        'Bestaand Later;Bestaand@Example.nl;010-9;later\n' +
        'Jan Laatst;jan@example.nl;06-3;laatst\n' +
        'Kapot;jan@;;\n',
    );
    const preview = await postImport(caller, file, { dry_run: 'true' });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<ContactImportPreview>().duplicates).toEqual({
      addresses: 2,
      rows: 3,
      items: [
        { email: 'jan@example.nl', count: 3, lines: [2, 4, 7] },
        { email: 'bestaand@example.nl', count: 2, lines: [3, 6] },
      ],
    });
    // Without the choice nothing is imported: the import asks which row counts.
    const unchosen = await postImport(caller, file);
    expect(unchosen.statusCode).toBe(400);
    expect(unchosen.json().fields.file_duplicates).toBe(
      '2 e-mailadressen staan op meer dan één regel (bijvoorbeeld jan@example.nl op regel 2, 4 en 7). ' +
        'Kies welke regel telt: first (de eerste) of last (de laatste).',
    );
    const wrong = await postImport(caller, file, { file_duplicates: 'alle' });
    expect(wrong.json().fields).toHaveProperty('file_duplicates');
    expect(await ctx.db.$count(contactImports, eq(contactImports.organizationId, t.organization.id))).toBe(0);

    const last = await finished(
      caller,
      (await postImport(caller, file, { file_duplicates: 'last' })).json<ContactImport>().id,
    );
    // Jan and Anna are new; Bestaand existed (updated once, not once per row); three rows skipped.
    expect(last).toMatchObject({
      state: 'done',
      file_duplicates: 'last',
      rows: 7,
      created: 2,
      updated: 1,
      skipped: 0,
      duplicates: 3,
      refused: 1,
    });
    expect(last.created + last.updated + last.skipped + last.duplicates + last.refused).toBe(last.rows);
    expect((await list(caller, '?q=jan@')).items[0]).toMatchObject({
      name: 'Jan Laatst',
      phone: '06-3',
      tags: ['laatst'],
    });
    expect((await list(caller, '?q=bestaand')).items[0]).toMatchObject({
      name: 'Bestaand Later',
      phone: '010-9',
      tags: ['later', 'oud'],
    });

    const first = await finished(
      caller,
      (
        await postImport(caller, file, { file_duplicates: 'first', on_duplicate: 'update' })
      ).json<ContactImport>().id,
    );
    expect(first).toMatchObject({ created: 0, updated: 3, duplicates: 3, file_duplicates: 'first' });
    expect((await list(caller, '?q=jan@')).items[0]).toMatchObject({
      name: 'Jan Eerst',
      phone: '06-1',
      tags: ['eerst', 'laatst'],
    });
  });

  it('should apply the choice across chunks of a large file', async () => {
    const t = await createTeam(ctx, 'Dubbel Groot BV');
    const caller = asOwner(t);
    const rows = Array.from({ length: 2_500 }, (_, i) => `Persoon ${i};p${i}@groot.nl;${i}`);
    // Line 2 (the first row) again on line 1,502 and on line 2,501, each in another chunk.
    rows[1_500] = 'Persoon 0 midden;p0@groot.nl;midden';
    rows[2_499] = 'Persoon 0 laatst;P0@groot.nl;laatst';
    const file = csv(`Naam;E-mail;Stad\n${rows.join('\n')}\n`);
    const mapping = JSON.stringify({ fields: { name: 'Naam', email: 'E-mail', city: 'Stad' } });
    const preview = (
      await postImport(caller, file, { dry_run: 'true', mapping })
    ).json<ContactImportPreview>();
    expect(preview.duplicates?.items).toEqual([{ email: 'p0@groot.nl', count: 3, lines: [2, 1_502, 2_501] }]);
    const done = await finished(
      caller,
      (await postImport(caller, file, { mapping, file_duplicates: 'last' })).json<ContactImport>().id,
    );
    expect(done).toMatchObject({ state: 'done', created: 2_498, updated: 0, duplicates: 2 });
    expect((await list(caller, '?q=p0@groot')).items.map((contact) => [contact.name, contact.city])).toEqual([
      ['Persoon 0 laatst', 'laatst'],
    ]);
  });

  it('should refuse a row with broken quoting by its line, and read UTF-16 and a given mapping', async () => {
    const t = await createTeam(ctx, 'Quotes BV');
    const caller = asOwner(t);
    const broken = await finished(
      caller,
      (
        await postImport(caller, csv('Naam;E-mail\nGoed;goed@example.nl\n"Kapot;kapot@example.nl\n'))
      ).json<ContactImport>().id,
    );
    expect(broken).toMatchObject({
      created: 1,
      refused: 1,
      refusals: [{ line: 3, reason: CSV_ROW_MESSAGES.unterminatedQuote }],
    });
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Wie\tAdres\r\nÉlise\telise@example.fr\r\n', 'utf16le'),
    ]);
    const mapping = JSON.stringify({ fields: { name: 'Wie', email: '2' } });
    const read = await finished(
      caller,
      (await postImport(caller, { name: 'u.txt', bytes: utf16 }, { mapping })).json<ContactImport>().id,
    );
    expect(read).toMatchObject({ created: 1, refused: 0 });
    expect(names(await list(caller, '?q=elise'))).toEqual(['Élise']);
  });

  it('should refuse a file it cannot read, with the reason in Dutch', async () => {
    const caller = asOwner(team);
    const unknown = await postImport(caller, csv('Kolom A;Kolom B\n1;2\n'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(CONTACT_IMPORT_MESSAGES.notRecognised(['Kolom A', 'Kolom B']));
    const badMapping = await postImport(caller, csv('Naam;E-mail\n'), {
      mapping: '{"fields":{"email":"Mail","name":"Naam"}}',
    });
    expect(badMapping.statusCode).toBe(400);
    expect(badMapping.json().fields).toHaveProperty('mapping.fields.email');
    const policy = await postImport(caller, csv('Naam;E-mail\nA;a@b.nl\n'), { on_duplicate: 'vervang' });
    expect(policy.json().fields).toHaveProperty('on_duplicate');
  });

  it('should show progress per chunk of a large import and keep every row', async () => {
    const t = await createTeam(ctx, 'Groot BV');
    const caller = asOwner(t);
    const rows = Array.from({ length: 2_500 }, (_, i) => `Persoon ${i};p${i}@groot.nl`);
    const started = (
      await postImport(caller, csv(`Naam;E-mail\n${rows.join('\n')}\n`))
    ).json<ContactImport>();
    const seen = new Set<number>();
    let state: ContactImport = started;
    while (state.state === 'running') {
      seen.add(state.processed);
      // Followed as the screen does, with a pause between reads (the import yields to the event
      // loop between slices of rows, which a loop of in-process requests without one would starve).
      await new Promise((resolve) => setTimeout(resolve, 5));
      state = (await call(caller, 'GET', `/contacts/imports/${started.id}`)).json<ContactImport>();
    }
    expect(state).toMatchObject({ state: 'done', processed: 2_500, created: 2_500 });
    for (const value of seen) expect([0, 1_000, 2_000, 2_500]).toContain(value);
    expect((await list(caller, '')).total).toBe(2_500);
    // Pages read from where they start (remembered) equal pages read by offset, in order, none twice.
    const ids = async (query: string) => (await list(caller, query)).items.map((contact) => contact.id);
    const byOffset = [
      await ids('?page=7&page_size=200&order=desc'),
      await ids('?page=8&page_size=200&order=desc'),
    ];
    const again = [
      await ids('?page=7&page_size=200&order=desc'),
      await ids('?page=8&page_size=200&order=desc'),
    ];
    expect(again).toEqual(byOffset);
    expect(new Set(byOffset.flat()).size).toBe(400);
    const walked: string[] = [];
    for (let page = 1; page <= 13; page++)
      walked.push(
        ...(await list(caller, `?page=${page}&page_size=200&sort=email`)).items.map((c) => c.email),
      );
    expect(walked).toHaveLength(2_500);
    expect(walked).toEqual([...walked].sort());
    const recent = (await call(caller, 'GET', '/contacts/imports')).json<ContactImport[]>();
    expect(recent.map((found) => found.id)).toEqual([started.id]);
  });

  it('should mark an import cut off by a crash as failed, at start and when read, keeping its rows', async () => {
    const t = await createTeam(ctx, 'Crash BV');
    const caller = asOwner(t);
    await add(caller, { name: 'Al opgeslagen', email: 'al@crash.nl' });
    const stale = new Date(ctx.clock.now().getTime() - IMPORT_STALE_MS - 1_000);
    const insert = () =>
      ctx.db
        .insert(contactImports)
        .values({
          organizationId: t.organization.id,
          fileName: 'half.csv',
          state: 'running',
          onDuplicate: 'update',
          rowCount: 5_000,
          processed: 1_000,
          createdCount: 1,
          createdAt: stale,
          progressAt: stale,
        })
        .returning();
    const [atStart] = await insert();
    await ctx.buildApp({});
    const [row] = await ctx.db.select().from(contactImports).where(eq(contactImports.id, atStart!.id));
    expect(row).toMatchObject({
      state: 'failed',
      error: CONTACT_IMPORT_MESSAGES.interrupted,
      processed: 1_000,
    });
    const [whenRead] = await insert();
    expect((await call(caller, 'GET', `/contacts/imports/${whenRead!.id}`)).json()).toMatchObject({
      state: 'failed',
      error: CONTACT_IMPORT_MESSAGES.interrupted,
    });
    expect((await list(caller, '')).total).toBe(1);
  });
});
