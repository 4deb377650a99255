import { STORAGE_KEYS } from '@loop/adapters';
import type { FinanceImport, FinanceOverview, FinanceRecord, MemberRole } from '@loop/core';
import { AMOUNT_MESSAGES, FINANCE_MESSAGES } from '@loop/core/finance';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { json, type SeenRequest } from '../testing/fakeApi';
import { button, choose, chooseFile, click, render, type, unmountAll, waitFor } from '../testing/render';
import { createSignedInApp } from '../testing/testContainer';

afterEach(unmountAll);

// The route's lazy chunk is transformed on first import, which takes longer than waitFor waits.
beforeAll(async () => {
  await import('./FinanceScreen');
});

const RECORD: FinanceRecord = {
  id: 1,
  date: '2026-01-05',
  direction: 'income',
  amount_cents: 121000,
  btw_rate: '21',
  btw_cents: 21000,
  net_cents: 100000,
  category: 'Omzet',
  description: 'Factuur F-1',
  counterparty: 'Klant Zuid B.V.',
  attachment_ref: null,
  source: 'manual',
  import_id: null,
  bank_account: null,
  bank_reference: null,
  created_by_name: 'Olga',
  created_at: '2026-01-05T09:00:00Z',
  updated_at: '2026-01-05T09:00:00Z',
};

const month = (key: string, income: number, cost: number) => ({
  month: key,
  income_cents: income,
  cost_cents: cost,
  result_cents: income - cost,
  record_count: income > 0 || cost > 0 ? 1 : 0,
});

const OVERVIEW: FinanceOverview = {
  from: '2026-01-01',
  to: '2026-12-31',
  months: ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((m) =>
    month(`2026-${m}`, m === '01' ? 121000 : 0, m === '02' ? 4599 : 0),
  ),
  categories: [
    {
      category: 'Omzet',
      direction: 'income',
      amount_cents: 121000,
      net_cents: 100000,
      record_count: 1,
      share: 1,
    },
    { category: '', direction: 'cost', amount_cents: 4599, net_cents: 4599, record_count: 1, share: 1 },
  ],
  quarters: [
    {
      quarter: '2026-Q1',
      start: '2026-01-01',
      end: '2026-03-31',
      btw_to_pay_cents: 21000,
      btw_to_reclaim_cents: 0,
      balance_cents: 21000,
      by_rate: [
        {
          btw_rate: '21',
          income_net_cents: 100000,
          income_btw_cents: 21000,
          cost_net_cents: 0,
          cost_btw_cents: 0,
        },
      ],
      unrated_count: 1,
    },
  ],
  totals: {
    income_cents: 121000,
    cost_cents: 4599,
    result_cents: 116401,
    btw_to_pay_cents: 21000,
    btw_to_reclaim_cents: 0,
    record_count: 2,
    unrated_count: 1,
  },
};

/** `importDone`: the import's answer waits for it, so the screen can be seen while it runs. */
function app(
  role: MemberRole,
  records: FinanceRecord[],
  importDone: Promise<void> = Promise.resolve(),
  imports: FinanceImport[] = [],
) {
  const stored = [...records];
  return createSignedInApp({
    role: role,
    path: '/finance',
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
          features: ['core', 'analytics'].map((key) => ({ key, name: key, description: '' })),
        }),
      'GET /finance/records': () =>
        json(200, { items: stored, total: stored.length, page: 1, page_size: 25 }),
      'POST /finance/records': (request: SeenRequest) => {
        const created = { ...RECORD, ...(request.body as object), id: 2 } as FinanceRecord;
        stored.unshift(created);
        return json(201, created);
      },
      'DELETE /finance/records/1': () => {
        stored.splice(
          stored.findIndex((record) => record.id === 1),
          1,
        );
        return json(204, undefined);
      },
      'GET /finance/overview': () => json(200, OVERVIEW),
      'GET /finance/categories': () =>
        json(200, { used: [{ name: 'Omzet', record_count: 1 }], suggestions: ['Inkoop'] }),
      'GET /finance/imports': () =>
        json(200, { items: imports, total: imports.length, page: 1, page_size: 25 }),
      'POST /finance/imports': async () => {
        await importDone;
        return json(422, {
          detail: 'Er zijn 1 regels geweigerd; er is niets geïmporteerd.',
          import_id: null,
          stored: false,
          dry_run: false,
          format: 'csv',
          file_name: 'ing.csv',
          encoding: 'utf-8',
          lines: 2,
          imported: 1,
          duplicates: 0,
          refused: 1,
          refusals: [{ line: 3, reason: "Kolom 'Datum': Dit is geen datum: '2026011'." }],
          csv: null,
        });
      },
    },
  });
}

const CSV = [
  '"Datum";"Naam / Omschrijving";"Af Bij";"Bedrag (EUR)";"Mededelingen"',
  '"20260105";"Klant Zuid B.V.";"Bij";"1.210,00";"Factuur F-1"',
  '"2026011";"Fout";"Af";"1,00";"x"',
].join('\n');

/** The form control whose label starts with `text` (the form's own, not the list filter's). */
function fieldLabelled(container: Element, text: string): HTMLElement | null {
  const form = container.querySelector('form.finance-form');
  const label = [...(form?.querySelectorAll('label') ?? [])].find((each) =>
    each.textContent?.startsWith(text),
  );
  return document.getElementById(label?.htmlFor ?? '');
}

describe('FinanceScreen', () => {
  it('should show the overview with totals, months in text, categories and BTW per quarter', async () => {
    const test = app('owner', [RECORD]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Financiën'));
    await waitFor(() => expect(container.querySelector('[data-testid="finance-totals"]')).not.toBeNull());
    const totals = container.querySelector('[data-testid="finance-totals"]')?.textContent ?? '';
    expect(totals).toContain('€\u00a01.210,00');
    expect(totals).toContain('winst €\u00a01.164,01');
    const monthTable = container.querySelector('figure table');
    expect(monthTable?.textContent).toContain('januari 2026€\u00a01.210,00€\u00a00,00€\u00a01.210,00');
    expect(monthTable?.textContent).toContain('februari 2026€\u00a00,00€\u00a045,99€\u00a0-45,99');
    expect(container.querySelector('[data-quarter="2026-Q1"]')?.textContent).toBe(
      '1e kwartaal 2026€\u00a0210,00€\u00a00,00€\u00a0210,00 te betalen',
    );
    expect(container.querySelector('[data-unrated="2026-Q1"]')?.textContent).toContain(
      '1 boeking heeft nog geen btw-tarief',
    );
    expect(container.textContent).toContain('Zonder categorie');
    await waitFor(() => expect(container.querySelector('[data-record-id="1"]')).not.toBeNull());
    expect(container.querySelector('[data-record-id="1"]')?.textContent).toContain('Inkomsten');
    expect(container.querySelector('a[href="/dashboard"]')).not.toBeNull();
    expect(container.querySelector('a[href="/finance"]')?.textContent).toBe('Financiën');
  });

  it('should refuse an amount in English notation beside the field and send a Dutch one in cents', async () => {
    const test = app('owner', [RECORD]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(button(container, 'Boeking toevoegen')).not.toBeNull());
    await click(button(container, 'Boeking toevoegen'));
    const amount = await waitFor(() => {
      const input = [...container.querySelectorAll('label')].find((label) =>
        label.textContent?.startsWith('Bedrag inclusief btw'),
      );
      const field = document.getElementById(input?.htmlFor ?? '');
      expect(field).not.toBeNull();
      return field;
    });
    await type(amount, '12.50');
    await click(button(container, 'Boeking opslaan'));
    await waitFor(() => expect(container.textContent).toContain(AMOUNT_MESSAGES.useComma));
    expect(amount?.getAttribute('aria-invalid')).toBe('true');
    expect(test.api.seen.some((request) => request.method === 'POST')).toBe(false);

    await type(amount, '1.234,56');
    await choose(fieldLabelled(container, 'Soort'), 'cost');
    await click(button(container, 'Boeking opslaan'));
    await waitFor(() => expect(test.api.seen.some((request) => request.method === 'POST')).toBe(true));
    const sent = test.api.seen.find((request) => request.method === 'POST');
    expect(sent?.body).toMatchObject({ amount_cents: 123456, direction: 'cost', btw_rate: '21' });
    await waitFor(() => expect(container.querySelector('[data-record-id="2"]')).not.toBeNull());
  });

  it('should delete a record only after confirming, then ask for the list and overview again', async () => {
    const test = app('owner', [RECORD, { ...RECORD, id: 3, description: 'Andere' }]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('[data-record-id="1"]')).not.toBeNull());
    const overviews = () =>
      test.api.seen.filter((request) => request.path.startsWith('/finance/overview')).length;
    const before = overviews();
    await click(button(container.querySelector('[data-record-id="1"]')!, 'Verwijderen'));
    const dialog = await waitFor(() => {
      const found = document.querySelector('[role="alertdialog"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(dialog.textContent).toContain('De boeking van 05-01-2026 (€\u00a0+1.210,00, Factuur F-1)');
    expect(test.api.seen.some((request) => request.method === 'DELETE')).toBe(false);
    await click(button(dialog, 'Verwijderen'));
    await waitFor(() => expect(container.querySelector('[data-record-id="1"]')).toBeNull());
    expect(test.api.seen.filter((request) => request.method === 'DELETE').map((r) => r.path)).toEqual([
      '/finance/records/1',
    ]);
    expect(overviews()).toBeGreaterThan(before);
  });

  it('should show a member the finance without controls that change it', async () => {
    const test = app('member', [RECORD]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('[data-record-id="1"]')).not.toBeNull());
    await act(async () => {});
    expect(button(container, 'Boeking toevoegen')).toBeNull();
    expect(button(container, 'Importeren')).toBeNull();
    expect(container.querySelector('[data-record-id="1"] button')).toBeNull();
    expect(container.textContent).toContain(
      'Alleen een eigenaar of beheerder kan bankafschriften importeren.',
    );
  });

  it('should explain finance to an organisation without records and offer both ways to start', async () => {
    const test = app('owner', []);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.textContent).toContain('Nog geen boekingen'));
    expect(button(container, 'Boeking toevoegen')).not.toBeNull();
    await click(button(container, 'Bankafschrift importeren'));
    await waitFor(() => expect(container.querySelector('input[type="file"]')).not.toBeNull());
  });

  it('should map a CSV file with a preview, send the mapping, and list refused lines by number and reason', async () => {
    let finish = () => {};
    const test = app('owner', [RECORD], new Promise<void>((done) => (finish = done)));
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('input[type="file"]')).not.toBeNull());
    await chooseFile(
      container.querySelector('input[type="file"]'),
      new File([CSV], 'ing.csv', { type: 'text/csv' }),
    );
    // Recognised as an ING export: the preview reads the lines as the server will.
    await waitFor(() => expect(container.textContent).toContain('Voorbeeld van de eerste regels'));
    const preview = container.querySelector('section[aria-label="Voorbeeld van de import"]');
    // The date as the file writes it (ING: jjjjmmdd), not reformatted.
    expect(preview?.textContent).toContain('202601051.210,00Klant Zuid B.V.Factuur F-1');
    expect(preview?.textContent).toContain("Wordt geweigerd: Kolom 'Datum'");

    await click(button(container, 'Importeren'));
    // While it runs: the live region says so, and nothing can be sent twice.
    const progress = container.querySelector('[data-testid="import-progress"]');
    expect(progress?.getAttribute('role')).toBe('status');
    expect(progress?.textContent).toContain('Bestand versturen');
    expect(button(container, 'Importeren')?.disabled).toBe(true);
    expect(container.querySelector<HTMLInputElement>('input[type="file"]')?.disabled).toBe(true);
    await act(async () => finish());
    await waitFor(() => expect(container.querySelector('[data-testid="import-report"]')).not.toBeNull());
    expect(progress?.textContent).toBe('Er zijn 1 regels geweigerd; er is niets geïmporteerd.');
    // The sentence is said once: in the live region, not again in the report below it.
    expect(
      container.textContent?.split('Er zijn 1 regels geweigerd; er is niets geïmporteerd.'),
    ).toHaveLength(2);
    const report = container.querySelector('[data-testid="import-report"]')?.textContent ?? '';
    expect(report).toContain('1 boeking zou worden geïmporteerd.');
    expect(report).toContain("3Kolom 'Datum': Dit is geen datum: '2026011'.");
    const sent = test.api.seen.find((request) => request.method === 'POST')?.body as FormData;
    expect(sent.get('format')).toBe('csv');
    expect(JSON.parse(String(sent.get('mapping')))).toMatchObject({
      date: 'Datum',
      amount: 'Bedrag (EUR)',
      direction: 'Af Bij',
    });
    expect(sent.get('skip_invalid')).toBe('false');
    expect((sent.get('file') as File).name).toBe('ing.csv');
  });
  it('should preselect no kind for a new record and ask for one before saving', async () => {
    const test = app('owner', [RECORD]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(button(container, 'Boeking toevoegen')).not.toBeNull());
    await click(button(container, 'Boeking toevoegen'));
    const kind = await waitFor(() => {
      const select = fieldLabelled(container, 'Soort');
      expect(select).not.toBeNull();
      return select as HTMLSelectElement;
    });
    expect(kind.value).toBe('');
    expect(kind.selectedOptions[0]?.textContent).toBe('Kies inkomsten of kosten');
    await type(fieldLabelled(container, 'Bedrag inclusief btw'), '121,00');
    await click(button(container, 'Boeking opslaan'));
    await waitFor(() => expect(container.textContent).toContain(FINANCE_MESSAGES.direction));
    expect(kind.getAttribute('aria-invalid')).toBe('true');
    expect(test.api.seen.some((request) => request.method === 'POST')).toBe(false);
    await choose(kind, 'income');
    await click(button(container, 'Boeking opslaan'));
    await waitFor(() => expect(test.api.seen.some((request) => request.method === 'POST')).toBe(true));
    expect(test.api.seen.find((request) => request.method === 'POST')?.body).toMatchObject({
      direction: 'income',
      amount_cents: 12_100,
    });
  });

  it('should preview a Windows-1252 CSV from Excel with its accents, as the server will store it', async () => {
    const test = app('owner', [RECORD]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('input[type="file"]')).not.toBeNull());
    const csv = 'Datum;Naam tegenpartij;Bedrag;Omschrijving\r\n05-01-2026;Café de Zoë;-12,50;Lunch\r\n';
    // Excel's 'CSV (puntkomma gescheiden)': one byte per character, é = 0xE9, ë = 0xEB.
    const bytes = Uint8Array.from(csv, (char) => char.charCodeAt(0));
    await chooseFile(container.querySelector('input[type="file"]'), new File([bytes], 'excel.csv'));
    const preview = await waitFor(() => {
      const found = container.querySelector('section[aria-label="Voorbeeld van de import"]');
      expect(found).not.toBeNull();
      return found;
    });
    expect(preview?.textContent).toContain('05-01-2026-12,50Café de ZoëLunch');
    expect(preview?.textContent).not.toContain('\uFFFD');
  });

  it('should offer no undo for an import whose records are all gone', async () => {
    const item = (id: number, record_count: number): FinanceImport => ({
      id,
      file_name: `afschrift-${id}.sta`,
      format: 'mt940',
      lines: 3,
      imported: 3,
      duplicates: 0,
      refused: 0,
      record_count,
      created_by_name: 'Olga',
      created_at: '2026-02-01T09:00:00Z',
    });
    const test = app('owner', [RECORD], Promise.resolve(), [item(2, 0), item(1, 3)]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const gone = await waitFor(() => {
      const row = container.querySelector('[data-import-id="2"]');
      expect(row).not.toBeNull();
      return row as Element;
    });
    expect(gone.querySelector('button')).toBeNull();
    expect(gone.textContent).toContain('Geen boekingen meer');
    expect(button(container.querySelector('[data-import-id="1"]')!, 'Ongedaan maken')).not.toBeNull();
  });
});
