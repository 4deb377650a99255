import { STORAGE_KEYS } from '@loop/adapters';
import {
  apiFailure,
  apiOk,
  type DownloadedFile,
  type Kpi,
  type KpiDrillDownRow,
  type KpiHeading,
  type KpiImportReport,
  type KpiImportRequest,
  type KpiPoint,
  type KpiValueInput,
} from '@loop/core';
import type { KpiGateway, KpiRangeQuery } from '@loop/core/kpis';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { json } from '../../testing/fakeApi';
import { button, choose, chooseFile, click, render, type, unmountAll, waitFor } from '../../testing/render';
import { createSignedInApp } from '../../testing/testContainer';

afterEach(unmountAll);

// The route's lazy chunk is transformed on first import, which takes longer than waitFor waits.
beforeAll(async () => {
  await import('./AdvancedKpisScreen');
});

/** 15 March 2026, 12:00 in the Netherlands. */
const NOW = Date.parse('2026-03-15T11:00:00Z');

const manualSource = {
  type: 'manual' as const,
  metric: null,
  survey_id: null,
  question_id: null,
  statement_id: null,
  survey_title: null,
};

const REVENUE: Kpi = {
  id: 5,
  name: 'Omzet',
  description: 'Gefactureerd per maand',
  unit: 'euro',
  direction: 'higher',
  period_kind: 'month',
  target: 1_000_000,
  warning: 800_000,
  period_targets: [],
  owner: { id: 1, name: 'Demo Gebruiker' },
  source: manualSource,
  state: 'ok',
  created_at: '2026-01-02T09:00:00Z',
  updated_at: '2026-01-02T09:00:00Z',
};
const heading: KpiHeading = {
  id: REVENUE.id,
  name: REVENUE.name,
  unit: REVENUE.unit,
  direction: REVENUE.direction,
  period_kind: REVENUE.period_kind,
  owner: REVENUE.owner,
  source: REVENUE.source,
  state: 'ok',
};

const point = (period: string, value: number | null, status: KpiPoint['status']): KpiPoint => ({
  period,
  start: `${period}-01`,
  end: `${period}-28`,
  value,
  target: 1_000_000,
  warning: 800_000,
  status,
});

const row = (patch: Partial<KpiDrillDownRow> & Pick<KpiDrillDownRow, 'period'>): KpiDrillDownRow => ({
  ...point(patch.period, 1_200_000, 'on_track'),
  note: '',
  origin: 'manual',
  entered_by: { id: 1, name: 'Demo Gebruiker' },
  entered_at: '2026-02-28T10:00:00Z',
  ...patch,
});

const CHECK: KpiImportReport = {
  stored: false,
  lines: 3,
  created: 1,
  updated: 1,
  unchanged: 0,
  refused: [{ line: 4, reason: 'Waarde: schrijf een getal op zijn Nederlands, bijvoorbeeld 1.234,56.' }],
  summary: 'Controle: 1 nieuw, 1 bijgewerkt, 1 regel geweigerd.',
};

/** The gateway as the screen uses it, recording every call; `kpis` empty for a new organisation. */
function fakeGateway(kpis: readonly Kpi[], history: 'ok' | 'forbidden' = 'ok') {
  const calls: { name: string; args: unknown[] }[] = [];
  const record = (name: string, ...args: unknown[]) => calls.push({ name, args });
  const notUsed = async () => apiFailure(500, 'Niet gebruikt in deze test.');
  const gateway: KpiGateway = {
    list: async () => apiOk({ items: kpis, total: kpis.length, page: 1, page_size: 100 }),
    get: notUsed,
    create: notUsed,
    update: notUsed,
    remove: async (id) => {
      record('remove', id);
      return apiOk(undefined);
    },
    board: notUsed,
    boardSettings: notUsed,
    chooseBoard: notUsed,
    resetBoard: notUsed,
    chooseDefaultBoard: notUsed,
    values: notUsed,
    setValue: async (id: number, period: string, input: KpiValueInput) => {
      record('setValue', id, period, input);
      return apiOk({
        period,
        ...input,
        origin: 'manual',
        entered_by: { id: 1, name: 'Demo Gebruiker' },
        entered_at: '2026-03-15T11:00:00Z',
      });
    },
    removeValue: async (id, period) => {
      record('removeValue', id, period);
      return apiOk(undefined);
    },
    history: async (query: KpiRangeQuery) => {
      record('history', query);
      if (history === 'forbidden')
        return apiFailure(403, 'Voor deze functie is de functie Analyse nodig in het abonnement.');
      return apiOk({
        from: query.from ?? '',
        to: query.to ?? '',
        items: [
          {
            kpi: heading,
            points: [
              point('2026-01', 700_000, 'off_track'),
              point('2026-02', 900_000, 'at_risk'),
              point('2026-03', null, 'no_value'),
            ],
          },
        ],
      });
    },
    compare: async (a, b) => {
      record('compare', a, b);
      return apiOk({
        a,
        b,
        items: [
          {
            kpi: heading,
            a: point('2026-03', 1_200_000, 'on_track'),
            b: point('2025-03', 900_000, 'at_risk'),
            change: 300_000,
            relative_change: 1 / 3,
            assessment: 'good',
          },
        ],
      });
    },
    drillDown: async (id, query) => {
      record('drillDown', id, query);
      return apiOk({
        kpi: REVENUE,
        from: '2026-01-01',
        to: '2026-03-15',
        rows: [
          row({ period: '2026-03', value: null, status: 'no_value', entered_by: null, entered_at: null }),
          row({ period: '2026-02', value: 900_000, status: 'at_risk', note: 'Vakantie' }),
          row({ period: '2026-01', value: 700_000, status: 'off_track', origin: 'import' }),
        ],
      });
    },
    exportValues: async (id, query) => {
      record('exportValues', id, query);
      return apiOk({ filename: 'kpi-5-waarden.csv', content: new Blob(['Periode;Waarde']) });
    },
    importValues: async (id: number, request: KpiImportRequest) => {
      record('importValues', id, request);
      return apiOk(
        request.dry_run
          ? CHECK
          : { ...CHECK, stored: true, summary: '2 waarden geïmporteerd, 1 regel overgeslagen.' },
      );
    },
  };
  return { gateway, calls };
}

function app(options: { kpis?: readonly Kpi[]; role?: string; path?: string; history?: 'ok' | 'forbidden' }) {
  const fake = fakeGateway(options.kpis ?? [REVENUE], options.history);
  const saved: DownloadedFile[] = [];
  const test = createSignedInApp({
    role: options.role ?? 'owner',
    path: options.path ?? '/advanced-kpis',
    storage: { [STORAGE_KEYS.currentOrgId]: '7' },
    routes: {
      'GET /user-subscriptions/me': () =>
        json(200, {
          id: 3,
          plan_id: 3,
          plan_name: 'proloop',
          status: 'active',
          start_date: '2026-03-05T10:00:00Z',
          end_date: null,
          features: ['core', 'analytics'].map((key) => ({ key, name: key, description: '' })),
        }),
    },
    overrides: {
      KpiGateway: fake.gateway,
      Clock: { now: () => NOW },
      FileSaver: {
        saveFile: (file) => saved.push(file),
        saveText: () => undefined,
        saveBytes: () => undefined,
      },
    },
  });
  return { ...test, calls: fake.calls, saved };
}

const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim();
const nbsp = (value: string) => value.replace(/\u00a0/g, ' ');
/** A table row's cells as one line, a space between cells. */
const cells = (row: Element) => nbsp([...row.children].map((cell) => text(cell)).join(' '));

describe('AdvancedKpisScreen', () => {
  it('should chart the history with the target in words and a status per period, and compare two periods', async () => {
    const test = app({});
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Geavanceerd KPI-dashboard'));
    await waitFor(() => expect(container.querySelector('.kpi-history-item')).not.toBeNull());
    expect(container.querySelector('a[href="/dashboard"]')).not.toBeNull();
    // The last 12 months up to today: twelve whole calendar months.
    expect(test.calls.find((call) => call.name === 'history')?.args).toEqual([
      { from: '2025-04-01', to: '2026-03-15' },
    ]);
    const item = container.querySelector('.kpi-history-item');
    expect(nbsp(text(item?.querySelector('.kpi-target-summary')) ?? '')).toBe(
      'Doel: € 10.000,00, risico tot € 8.000,00 (hoger is beter).',
    );
    expect(item?.querySelectorAll('.kpi-target-line')).toHaveLength(1);
    expect(item?.querySelectorAll('.kpi-band')).toHaveLength(1);
    expect(item?.querySelectorAll('polyline')).toHaveLength(1);
    const rows = [...(item?.querySelectorAll('.chart-table tbody tr') ?? [])].map(cells);
    expect(rows).toEqual([
      'januari 2026 € 7.000,00 € 10.000,00 € 8.000,00 Niet op koers',
      'februari 2026 € 9.000,00 € 10.000,00 € 8.000,00 Risico',
      'maart 2026 – € 10.000,00 € 8.000,00 Geen waarde',
    ]);

    // The comparison asked for today against the same day a year before.
    await waitFor(() => expect(container.textContent).toContain('1 KPI: 1 beter'));
    expect(test.calls.find((call) => call.name === 'compare')?.args).toEqual(['2026-03-15', '2025-03-15']);
    const compared = [...container.querySelectorAll('.table-scroll')].find((each) =>
      each.getAttribute('aria-label')?.startsWith('Vergelijking'),
    );
    expect(cells(compared?.querySelector('tbody tr') as Element)).toContain(
      'Omzet maart 2026 € 12.000,00Op koers maart 2025 € 9.000,00Risico € +3.000,00 +33,3% BeterHoger is beter.',
    );

    // Last year as columns: the address keeps the choice, the server gets the year's days.
    await choose(container.querySelector('select'), 'last-year');
    await waitFor(() =>
      expect(test.calls.filter((call) => call.name === 'history').at(-1)?.args).toEqual([
        { from: '2025-01-01', to: '2025-12-31' },
      ]),
    );
    await choose(container.querySelectorAll('select')[1] ?? null, 'bar');
    await waitFor(() => expect(container.querySelectorAll('.kpi-column')).toHaveLength(2));
    expect(test.location.history.at(-1)).toBe('/advanced-kpis?range=last-year&chart=bar');
  });

  it('should keep a backwards custom range in its fields with the reason and ask nothing', async () => {
    const test = app({ path: '/advanced-kpis?range=custom&from=2026-03-01&to=2026-02-01' });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.textContent).toContain('De einddatum ligt voor de begindatum.'));
    expect(container.querySelector('input[type="date"][aria-invalid="true"]')).not.toBeNull();
    expect(test.calls.some((call) => call.name === 'history')).toBe(false);
  });

  it('should show the server’s Dutch reason when the history is refused', async () => {
    const test = app({ history: 'forbidden' });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toContain(
        'Voor deze functie is de functie Analyse nodig in het abonnement.',
      ),
    );
  });

  it('should drill into a KPI: values newest first, change one, export and import after a dry run', async () => {
    const test = app({ path: '/advanced-kpis?kpi=5' });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('.kpi-drill-down h2')?.textContent).toBe('Omzet'));
    const rows = [...container.querySelectorAll('.kpi-values tbody tr')].map(cells);
    expect(rows[0]).toContain('maart 2026 – € 10.000,00 Geen waarde');
    expect(rows[1]).toContain('februari 2026 € 9.000,00 € 10.000,00 Risico Vakantie Demo Gebruiker');
    expect(rows[1]).toContain('Handmatig');
    expect(rows[2]).toContain('CSV-import');
    expect(container.querySelector('.kpi-drill-down a[href="/advanced-kpis"]')?.textContent).toBe(
      'Terug naar het overzicht',
    );

    // Change February's value in Dutch notation; a value in English notation is refused first.
    await click(button(container, 'Wijzigen (februari 2026)'));
    const field = container.querySelector('.kpi-value-editor input');
    expect((field as HTMLInputElement).value).toBe('9.000,00');
    await type(field, '9500.5');
    await click(button(container, 'Opslaan'));
    expect(container.textContent).toContain('Waarde: schrijf een getal op zijn Nederlands');
    expect(test.calls.some((call) => call.name === 'setValue')).toBe(false);
    await type(field, '€ 9.500,50');
    await click(button(container, 'Opslaan'));
    await waitFor(() => expect(container.querySelector('.kpi-value-editor')).toBeNull());
    expect(test.calls.find((call) => call.name === 'setValue')?.args).toEqual([
      5,
      '2026-02',
      { value: 950_050, note: 'Vakantie' },
    ]);

    await click(button(container, 'Waarden exporteren (CSV)'));
    await waitFor(() => expect(test.saved.map((file) => file.filename)).toEqual(['kpi-5-waarden.csv']));

    // Import: a Windows-1252 file from Excel is checked first, then imported with bad lines skipped.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('Periode;Waarde;Notitie\r\n2026-01;7.500;Caf'),
      0xe9,
      ...new TextEncoder().encode('\r\n2026-02;9.000;\r\n2026-03;12.5;\r\n'),
    ]);
    await chooseFile(container.querySelector('input[type="file"]'), new File([bytes], 'waarden.csv'));
    await waitFor(() => expect(container.textContent).toContain('Controle van waarden.csv'));
    const dryRun = test.calls.find((call) => call.name === 'importValues')?.args[1] as KpiImportRequest;
    expect(dryRun.dry_run).toBe(true);
    expect(dryRun.csv).toContain('2026-01;7.500;Café');
    expect(text(container.querySelector('.kpi-refused'))).toBe(
      'Regel 4: Waarde: schrijf een getal op zijn Nederlands, bijvoorbeeld 1.234,56.',
    );
    expect(button(container, 'Importeren')?.disabled).toBe(true);
    const skip = [...container.querySelectorAll('label')].find((label) =>
      label.textContent?.includes('Foute regels overslaan'),
    );
    await click(skip?.querySelector('input') ?? null);
    expect(button(container, 'Importeren')?.disabled).toBe(false);
    await click(button(container, 'Importeren'));
    await waitFor(() =>
      expect(container.textContent).toContain('2 waarden geïmporteerd, 1 regel overgeslagen.'),
    );
    const imported = test.calls.filter((call) => call.name === 'importValues').at(-1)?.args[1];
    expect(imported).toMatchObject({ dry_run: false, skip_invalid: true });
  });

  it('should delete a KPI after confirming and return to the overview', async () => {
    const test = app({ path: '/advanced-kpis?range=this-year&kpi=5' });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(button(container, 'Bewerken')).not.toBeNull());
    const actions = container.querySelector('.kpi-drill-down .row-actions');
    await click(
      [...(actions?.querySelectorAll('button') ?? [])].find((each) => each.textContent === 'Verwijderen') ??
        null,
    );
    const dialog = document.querySelector('[role="alertdialog"]');
    expect(dialog?.textContent).toContain('Omzet wordt verwijderd met al zijn waarden');
    expect(test.calls.some((call) => call.name === 'remove')).toBe(false);
    await click(button(document.body, 'Definitief verwijderen'));
    await waitFor(() => expect(test.location.history.at(-1)).toBe('/advanced-kpis?range=this-year'));
    expect(test.calls.find((call) => call.name === 'remove')?.args).toEqual([5]);
  });

  it('should explain an empty organisation and offer a new KPI to who may make one', async () => {
    const test = app({ kpis: [] });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.textContent).toContain("Nog geen KPI's"));
    expect(button(container, 'Nieuwe KPI')).not.toBeNull();
    expect(test.calls.some((call) => call.name === 'history')).toBe(false);
  });

  it('should let a viewer read but not change values', async () => {
    const test = app({ role: 'viewer', path: '/advanced-kpis?kpi=5' });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('.kpi-values tbody tr')).not.toBeNull());
    await waitFor(() => expect(container.textContent).toContain(PERMISSION_DENIED['kpis.manage']));
    expect(container.querySelector('input[type="file"]')).toBeNull();
    expect(button(container, 'Bewerken')).toBeNull();
    expect(container.textContent).not.toContain('Wijzigen');
    expect(button(container, 'Waarden exporteren (CSV)')).not.toBeNull();
  });
});
