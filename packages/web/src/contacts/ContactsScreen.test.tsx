import { STORAGE_KEYS } from '@loop/adapters';
import type { Contact, ContactImport, ContactSegment, DownloadedFile, MemberRole } from '@loop/core';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { json, type SeenRequest } from '../testing/fakeApi';
import { button, choose, chooseFile, click, render, type, unmountAll, waitFor } from '../testing/render';
import { createSignedInApp } from '../testing/testContainer';

afterEach(unmountAll);

// The route's lazy chunk is transformed on first import, which takes longer than waitFor waits.
beforeAll(async () => {
  await import('./ContactsScreen');
});

const contact = (id: number, name: string, patch: Partial<Contact> = {}): Contact => ({
  id,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.nl`,
  phone: null,
  company: 'Café Zuid',
  street: null,
  house_number: null,
  postcode: null,
  city: 'Tilburg',
  language: 'nl',
  attributes: {},
  tags: ['klant'],
  position: null,
  unsubscribed_at: null,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-01T09:00:00Z',
  ...patch,
});

const ANNA = contact(1, 'Anna de Vries');
const BRAM = contact(2, 'Bram Jansen', { city: 'Breda', tags: ['klant', 'vip'] });
const CHRIS = contact(3, 'Chris Bakker', { company: null, tags: [] });

const run = (patch: Partial<ContactImport>): ContactImport => ({
  id: 7,
  file_name: 'excel.csv',
  state: 'running',
  on_duplicate: 'skip',
  file_duplicates: null,
  rows: 200,
  processed: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  duplicates: 0,
  refused: 0,
  refusals: [],
  error: null,
  created_at: '2026-11-26T09:00:00Z',
  finished_at: null,
  ...patch,
});

interface Options {
  role?: MemberRole;
  contacts?: Contact[];
  /** The list's total (more than one page when larger than the contacts given). */
  total?: number;
  path?: string;
  /** The last poll of an import waits for this. */
  importDone?: Promise<void>;
}

/** The app on /contacten with an API that keeps contacts and segments in memory. */
function app(options: Options = {}) {
  const stored = [...(options.contacts ?? [ANNA, BRAM, CHRIS])];
  const segments: ContactSegment[] = [];
  const saved: DownloadedFile[] = [];
  const polls = [run({ processed: 100 }), run({ state: 'done', processed: 200 })];
  const test = createSignedInApp({
    role: options.role ?? 'owner',
    path: options.path ?? '/contacten',
    storage: { [STORAGE_KEYS.currentOrgId]: '7', [STORAGE_KEYS.currentOrgName]: 'Demo BV' },
    routes: {
      'GET /organization/members': () => json(200, []),
      'GET /user-subscriptions/me': () =>
        json(200, {
          id: 3,
          plan_id: 2,
          plan_name: 'smartloop',
          status: 'active',
          start_date: '2026-01-01T10:00:00Z',
          end_date: null,
          features: ['core'].map((key) => ({ key, name: key, description: '' })),
        }),
      'GET /contacts': (request: SeenRequest) => {
        const query = new URLSearchParams(request.path.split('?')[1]);
        const q = (query.get('q') ?? '').toLowerCase();
        const items = stored.filter(
          (each) =>
            each.name.toLowerCase().includes(q) &&
            query.getAll('tag').every((tag) => each.tags.includes(tag)),
        );
        const page = Number(query.get('page') ?? '1');
        return json(200, {
          items: page > Math.ceil((options.total ?? items.length) / 50) ? [] : items,
          total: Math.max(items.length, items.length === stored.length ? (options.total ?? 0) : 0),
          page,
          page_size: 50,
        });
      },
      'GET /contacts/facets': () =>
        json(200, {
          tags: [
            { tag: 'klant', count: 2 },
            { tag: 'vip', count: 1 },
          ],
          attribute_keys: [],
          total: stored.length,
        }),
      'GET /contacts/segments': () => json(200, segments),
      'POST /contacts/segments': (request: SeenRequest) => {
        const body = request.body as { name: string; filter: ContactSegment['filter'] };
        if (
          segments.some((segment) => segment.name.toLowerCase() === body.name.toLowerCase()) ||
          body.name === 'Klanten'
        )
          return json(409, { detail: `Er is al een segment met de naam '${body.name}'.` });
        const segment = {
          id: 4,
          ...body,
          contact_count: 2,
          created_at: '2026-11-26T09:00:00Z',
          updated_at: '2026-11-26T09:00:00Z',
        };
        segments.push(segment);
        return json(201, segment);
      },
      'PATCH /contacts/1': () =>
        json(400, {
          detail: 'Vul een geldig e-mailadres in.',
          fields: { email: 'Vul een geldig e-mailadres in.' },
        }),
      'DELETE /contacts/1': () => {
        stored.splice(
          stored.findIndex((each) => each.id === 1),
          1,
        );
        return json(204, undefined);
      },
      'POST /contacts/bulk': () => json(200, { affected: options.total ?? 2 }),
      'GET /contacts/export': () =>
        new Response('naam;e-mail', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="contacten-selectie-2026-11-26.csv"' },
        }),
      'POST /contacts/imports': (request: SeenRequest) => {
        const form = request.body as FormData;
        if (form.get('dry_run') === 'true') {
          const mapping = form.get('mapping');
          // The e-mail column read as the dry run's own suggestion, or as the mapping sent.
          const email = mapping === null ? 'E-mail' : JSON.parse(String(mapping)).fields.email;
          return json(200, {
            file_name: 'excel.csv',
            encoding: 'windows-1252',
            delimiter: ';',
            headers: ['Naam', 'E-mail', 'Bedrijf', 'Plaats'],
            mapping: { fields: { name: 'Naam', email: 'E-mail', company: 'Bedrijf', city: 'Plaats' } },
            sample: [['José Müller', 'jose@example.nl', 'Café Zuid', 'Tilburg']],
            rows: 200,
            duplicates:
              email === 'E-mail'
                ? {
                    addresses: 1,
                    rows: 2,
                    items: [{ email: 'jan@example.nl', count: 3, lines: [4, 17, 230] }],
                  }
                : { addresses: 0, rows: 0, items: [] },
          });
        }
        return json(202, run({}));
      },
      'GET /contacts/imports/7': async () => {
        const next = polls.shift() as ContactImport;
        if (next.state === 'done') {
          await options.importDone;
          return json(200, {
            ...next,
            file_duplicates: 'last',
            created: 195,
            updated: 0,
            skipped: 1,
            duplicates: 2,
            refused: 2,
            refusals: [
              { line: 5, reason: "Het e-mailadres 'jan@' is niet geldig." },
              { line: 9, reason: 'De naam ontbreekt.' },
            ],
          });
        }
        return json(200, next);
      },
    },
    overrides: {
      FileSaver: {
        saveFile: (file) => saved.push(file),
        saveText: () => undefined,
        saveBytes: () => undefined,
      },
    },
  });
  return { ...test, saved };
}

const requests = (test: ReturnType<typeof app>, method: string, path: string) =>
  test.api.seen.filter((request) => request.method === method && request.path.split('?')[0] === path);
const row = (container: HTMLElement, id: number) => container.querySelector(`[data-contact-id="${id}"]`);
const dialog = () =>
  waitFor(() => {
    const found = document.querySelector('[role="dialog"], [role="alertdialog"]');
    expect(found).not.toBeNull();
    return found as HTMLElement;
  });
const labelled = (root: ParentNode, label: string) => {
  const found = [...root.querySelectorAll('label')].find((each) => each.textContent?.trim() === label);
  return document.getElementById(found?.htmlFor ?? '');
};

async function open(options: Options = {}) {
  const test = app(options);
  const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
  await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Contacten'));
  return { test, container };
}

describe('ContactsScreen', () => {
  it('should list the contacts with name, e-mail, organisation, place and tags, and sort by a column header', async () => {
    const { test, container } = await open();
    await waitFor(() => expect(row(container, 2)).not.toBeNull());
    expect(row(container, 2)?.textContent).toContain('Bram Jansenbram@example.nlCafé ZuidBredaklant, vip');
    await waitFor(() =>
      expect(container.querySelector('#main-nav a[href="/contacten"]')?.getAttribute('aria-current')).toBe(
        'page',
      ),
    );
    const place = [...container.querySelectorAll('th')].find((th) => th.textContent?.startsWith('Plaats'));
    expect(place?.getAttribute('aria-sort')).toBe('none');
    await click(place?.querySelector('button') ?? null);
    await waitFor(() => expect(test.location.history.at(-1)).toBe('/contacten?sort=city'));
    await waitFor(() => expect(place?.getAttribute('aria-sort')).toBe('ascending'));
    expect(requests(test, 'GET', '/contacts').at(-1)?.path).toContain('sort=city&order=asc');
    await click(place?.querySelector('button') ?? null);
    await waitFor(() => expect(test.location.history.at(-1)).toBe('/contacten?sort=city&order=desc'));
  });

  it('should send the search once typing rests, keep it in the address, and say when nobody matches', async () => {
    const { test, container } = await open();
    await waitFor(() => expect(row(container, 1)).not.toBeNull());
    const search = container.querySelector('input[type="search"]');
    await type(search, 'b');
    await type(search, 'br');
    await type(search, 'bram');
    await waitFor(() => expect(test.location.history.at(-1)).toBe('/contacten?q=bram'));
    await waitFor(() => expect(row(container, 1)).toBeNull());
    expect(row(container, 2)).not.toBeNull();
    // Only the rested text went out, not every keystroke.
    expect(requests(test, 'GET', '/contacts').map((request) => request.path)).toEqual([
      '/contacts?sort=name&order=asc&page=1&page_size=50',
      '/contacts?q=bram&sort=name&order=asc&page=1&page_size=50',
    ]);
    await type(search, 'niemand');
    await waitFor(() => expect(container.textContent).toContain('Geen contacten gevonden met dit filter.'));
    await click(button(container, 'Wis filters'));
    await waitFor(() => expect(test.location.history.at(-1)).toBe('/contacten'));
    await waitFor(() => expect((search as HTMLInputElement).value).toBe(''));
  });

  it('should read a bookmarked filter from the address and filter on a tag from the facets', async () => {
    const { test, container } = await open({ path: '/contacten?tag=vip' });
    await waitFor(() => expect(row(container, 2)).not.toBeNull());
    expect(row(container, 1)).toBeNull();
    expect(container.querySelector('[aria-label="Tag vip uit het filter halen"]')).not.toBeNull();
    await choose(labelled(container, 'Tag'), 'klant');
    await waitFor(() => expect(test.location.history.at(-1)).toBe('/contacten?tag=klant&tag=vip'));
  });

  it('should go to the last page when the address names a page beyond it', async () => {
    const { test, container } = await open({ path: '/contacten?page=5&sort=city' });
    await waitFor(() => expect(test.location.history.at(-1)).toBe('/contacten?sort=city'));
    await waitFor(() => expect(row(container, 1)).not.toBeNull());
  });

  it('should explain an empty organisation and offer adding and importing', async () => {
    const { container } = await open({ contacts: [] });
    await waitFor(() => expect(container.textContent).toContain('Nog geen contacten'));
    expect(button(container, 'Contact toevoegen')).not.toBeNull();
    await click(button(container, 'Importeren'));
    await waitFor(() => expect(container.querySelector('input[type="file"]')).not.toBeNull());
  });

  it("should save the filter as a segment, showing the server's 409 at the name, then list the segment", async () => {
    const { test, container } = await open({ path: '/contacten?tag=klant' });
    await waitFor(() => expect(button(container, 'Opslaan als segment')).not.toBeNull());
    await click(button(container, 'Opslaan als segment'));
    const form = await dialog();
    const name = labelled(form, 'Naam van het segment');
    await type(name, 'Klanten');
    await click(button(form, 'Opslaan'));
    await waitFor(() => expect(form.textContent).toContain("Er is al een segment met de naam 'Klanten'."));
    expect(name?.getAttribute('aria-invalid')).toBe('true');
    await type(name, 'Klanten Zuid');
    await click(button(form, 'Opslaan'));
    await waitFor(() => expect(test.location.history.at(-1)).toBe('/contacten?segment=4'));
    expect(requests(test, 'POST', '/contacts/segments').at(-1)?.body).toEqual({
      name: 'Klanten Zuid',
      filter: { tags: ['klant'] },
    });
    await waitFor(() => expect(container.textContent).toContain("Segment 'Klanten Zuid'"));
    await waitFor(() => expect(requests(test, 'GET', '/contacts').at(-1)?.path).toContain('segment_id=4'));
  });

  it('should tick rows, select all N of the filter, add tags to them all, and delete after a confirmation', async () => {
    const { test, container } = await open({ total: 120 });
    await waitFor(() => expect(row(container, 1)).not.toBeNull());
    await click(row(container, 1)?.querySelector('input[type="checkbox"]') ?? null);
    await waitFor(() => expect(container.textContent).toContain('1 contact geselecteerd.'));
    await click(container.querySelector('input[aria-label="Alle contacten op deze pagina selecteren"]'));
    await waitFor(() => expect(container.textContent).toContain('3 contacten geselecteerd.'));
    await click(button(container, 'Selecteer alle 120 contacten'));
    await waitFor(() =>
      expect(container.textContent).toContain('Alle 120 contacten van dit filter zijn geselecteerd.'),
    );
    await type(labelled(container, "Tags (gescheiden door komma's)"), 'VIP, nieuwsbrief');
    await click(button(container, 'Tags toevoegen'));
    await waitFor(() => expect(requests(test, 'POST', '/contacts/bulk')).toHaveLength(1));
    expect(requests(test, 'POST', '/contacts/bulk')[0]?.body).toEqual({
      action: 'add_tags',
      tags: ['nieuwsbrief', 'vip'],
      selection: { filter: {} },
    });
    await click(button(container.querySelector('.contacts-bulk') as HTMLElement, 'Verwijderen'));
    const confirm = await dialog();
    expect(confirm.textContent).toContain('De 120 contacten worden verwijderd.');
    expect(confirm.textContent).toContain('(AVG)');
    expect(requests(test, 'POST', '/contacts/bulk')).toHaveLength(1);
    await click(button(confirm, 'Definitief verwijderen'));
    await waitFor(() => expect(requests(test, 'POST', '/contacts/bulk')).toHaveLength(2));
    expect(requests(test, 'POST', '/contacts/bulk')[1]?.body).toEqual({
      action: 'delete',
      selection: { filter: {} },
    });
    await waitFor(() => expect(container.querySelector('.contacts-bulk')).toBeNull());
  });

  it('should delete one contact only after a confirmation that explains the AVG erase', async () => {
    const { test, container } = await open();
    await waitFor(() => expect(row(container, 1)).not.toBeNull());
    await click(row(container, 1)?.querySelector('button[aria-label="Anna de Vries verwijderen"]') ?? null);
    const confirm = await dialog();
    expect(confirm.getAttribute('role')).toBe('alertdialog');
    expect(confirm.textContent).toContain('Anna de Vries (anna@example.nl) wordt verwijderd.');
    expect(confirm.textContent).toContain('Alles wat Loop van deze persoon bewaart wordt gewist (AVG)');
    expect(requests(test, 'DELETE', '/contacts/1')).toHaveLength(0);
    await click(button(confirm, 'Definitief verwijderen'));
    await waitFor(() => expect(row(container, 1)).toBeNull());
    expect(requests(test, 'DELETE', '/contacts/1')).toHaveLength(1);
  });

  it("should show the server's reason for a refused change at the field it names", async () => {
    const { test, container } = await open();
    await waitFor(() => expect(row(container, 1)).not.toBeNull());
    await click(row(container, 1)?.querySelector('button[aria-label="Anna de Vries wijzigen"]') ?? null);
    const form = await dialog();
    const email = labelled(form, 'E-mailadres');
    expect((email as HTMLInputElement).value).toBe('anna@example.nl');
    await type(email, 'anna@');
    await click(button(form, 'Wijzigingen opslaan'));
    await waitFor(() => expect(email?.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email?.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Vul een geldig e-mailadres in.',
    );
    expect(requests(test, 'PATCH', '/contacts/1')[0]?.body).toMatchObject({
      email: 'anna@',
      tags: ['klant'],
    });
  });

  it("should offer the eight languages by their Dutch names under 'Taal' and send the chosen code", async () => {
    const { test, container } = await open();
    await waitFor(() => expect(row(container, 1)).not.toBeNull());
    await click(row(container, 1)?.querySelector('button[aria-label="Anna de Vries wijzigen"]') ?? null);
    const form = await dialog();
    const language = labelled(form, 'Taal') as HTMLSelectElement;
    expect(language.value).toBe('nl');
    expect([...language.options].map((option) => [option.value, option.textContent])).toEqual([
      ['nl', 'Nederlands'],
      ['en', 'Engels'],
      ['de', 'Duits'],
      ['fr', 'Frans'],
      ['pl', 'Pools'],
      ['tr', 'Turks'],
      ['ar', 'Arabisch'],
      ['uk', 'Oekraïens'],
    ]);
    await choose(language, 'uk');
    expect(language.value).toBe('uk');
    await click(button(form, 'Wijzigingen opslaan'));
    await waitFor(() => expect(requests(test, 'PATCH', '/contacts/1')).toHaveLength(1));
    expect(requests(test, 'PATCH', '/contacts/1')[0]?.body).toMatchObject({ language: 'uk' });
  });

  it('should export the list as the server writes it', async () => {
    const { test, container } = await open({ path: '/contacten?tag=klant&sort=city' });
    await waitFor(() => expect(button(container, 'Exporteren')).not.toBeNull());
    await click(button(container, 'Exporteren'));
    await waitFor(() => expect(test.saved).toHaveLength(1));
    expect(test.saved[0]?.filename).toBe('contacten-selectie-2026-11-26.csv');
    expect(requests(test, 'GET', '/contacts/export')[0]?.path).toBe(
      '/contacts/export?tag=klant&sort=city&order=asc',
    );
  });

  it('should import a CSV: the dry run, the mapping, the duplicate choices, the progress and the refused rows', async () => {
    let finish = () => {};
    const { test, container } = await open({ importDone: new Promise<void>((done) => (finish = done)) });
    await click(button(container, 'Importeren'));
    await waitFor(() => expect(container.querySelector('input[type="file"]')).not.toBeNull());
    await chooseFile(
      container.querySelector('input[type="file"]'),
      new File(['Naam;E-mail;Bedrijf;Plaats\r\n'], 'excel.csv', { type: 'text/csv' }),
    );
    await waitFor(() => expect(container.querySelector('[data-testid="import-detected"]')).not.toBeNull());
    expect(container.querySelector('[data-testid="import-detected"]')?.textContent).toBe(
      'excel.csv: 200 rijen, gelezen als Windows-1252 (Excel) met puntkomma (;) als scheidingsteken.',
    );
    const dry = requests(test, 'POST', '/contacts/imports')[0]?.body as FormData;
    expect(dry.get('dry_run')).toBe('true');
    expect(container.querySelector('section[aria-label="Voorbeeld van de import"] tbody')?.textContent).toBe(
      'José Müllerjose@example.nlCafé ZuidTilburg',
    );
    // The organisation column unmapped: the sample follows the choice.
    await choose(labelled(container, 'Organisatie'), '');
    await waitFor(() =>
      expect(
        container.querySelector('section[aria-label="Voorbeeld van de import"] tbody')?.textContent,
      ).toBe('José Müllerjose@example.nlTilburg'),
    );
    const radio = (value: string) =>
      [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
        (each) => each.value === value,
      ) ?? null;
    await click(radio('skip'));
    // The address on three rows, with their lines; nothing chosen, so the import does not start.
    const repeated = () => container.querySelector('[data-testid="import-file-duplicates"]');
    expect(repeated()?.textContent).toContain('jan@example.nl staat op regel 4, 17 en 230');
    expect(radio('first')?.checked).toBe(false);
    expect(radio('last')?.checked).toBe(false);
    await click(button(container, 'Import starten'));
    expect(container.textContent).toContain(
      'Kies welke regel telt bij een e-mailadres dat op meer dan één regel staat.',
    );
    expect(requests(test, 'POST', '/contacts/imports')).toHaveLength(1);
    // Another e-mail column: the server reads the file again with it, and finds no repeats there.
    await choose(labelled(container, 'E-mailadres'), 'Plaats');
    await waitFor(() => expect(repeated()).toBeNull());
    const recheck = requests(test, 'POST', '/contacts/imports')[1]?.body as FormData;
    expect(recheck.get('dry_run')).toBe('true');
    expect(JSON.parse(String(recheck.get('mapping'))).fields.email).toBe('Plaats');
    await choose(labelled(container, 'E-mailadres'), 'E-mail');
    await waitFor(() =>
      expect(repeated()?.textContent).toContain('jan@example.nl staat op regel 4, 17 en 230'),
    );
    const label = [...container.querySelectorAll('label')].find((each) =>
      each.textContent?.includes('Laatste regel telt'),
    );
    expect(label?.querySelector('input')).toBe(radio('last'));
    await click(radio('last'));
    await click(button(container, 'Import starten'));
    const progress = await waitFor(() => {
      const found = container.querySelector('[data-testid="import-progress"]');
      expect(found?.textContent).toContain('100 van 200 rijen verwerkt');
      return found;
    });
    expect(progress?.getAttribute('role')).toBe('status');
    expect(progress?.querySelector('progress')?.getAttribute('value')).toBe('100');
    expect(progress?.querySelector('progress')?.getAttribute('max')).toBe('200');
    const sent = requests(test, 'POST', '/contacts/imports')[3]?.body as FormData;
    expect(sent.get('dry_run')).toBe('false');
    expect(sent.get('on_duplicate')).toBe('skip');
    expect(sent.get('file_duplicates')).toBe('last');
    expect(JSON.parse(String(sent.get('mapping')))).toEqual({
      fields: { name: 'Naam', email: 'E-mail', city: 'Plaats' },
      delimiter: ';',
    });
    await act(async () => finish());
    const report = await waitFor(() => {
      const found = container.querySelector('[data-testid="import-report"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(report.textContent).toContain('De import van excel.csv is klaar.');
    expect(report.textContent).toContain('195 contacten toegevoegd.');
    expect(report.textContent).toContain('1 rij overgeslagen');
    expect(report.textContent).toContain(
      '2 rijen overgeslagen: het e-mailadres stond ook op een andere regel van het bestand (de laatste regel telde).',
    );
    expect(report.textContent).toContain('2 rijen geweigerd.');
    expect(report.querySelector('tbody')?.textContent).toBe(
      "5Het e-mailadres 'jan@' is niet geldig.9De naam ontbreekt.",
    );
    expect(requests(test, 'GET', '/contacts/imports/7')).toHaveLength(2);
  });

  it('should tell a viewer why contacts are closed to them, and not offer them in the menu', async () => {
    const { test, container } = await open({ role: 'viewer' });
    await waitFor(() => expect(container.textContent).toContain(PERMISSION_DENIED['contacts.manage']));
    // The menu (its own chunk) is there, without Contacten.
    await waitFor(() => expect(container.querySelector('#main-nav a[href="/surveys"]')).not.toBeNull());
    expect(container.querySelector('#main-nav a[href="/contacten"]')).toBeNull();
    expect(requests(test, 'GET', '/contacts')).toHaveLength(0);
  });
});
