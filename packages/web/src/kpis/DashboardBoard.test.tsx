import { STORAGE_KEYS } from '@loop/adapters';
import type {
  ApiResult,
  Kpi,
  KpiBoard,
  KpiBoardSettings,
  KpiCard,
  KpiInput,
  KpiValueInput,
  MemberRole,
  SurveySummary,
} from '@loop/core';
import type { KpiGateway } from '@loop/core/kpis';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { json } from '../testing/fakeApi';
import { button, choose, click, render, settle, type, unmountAll, waitFor } from '../testing/render';
import { createSignedInApp } from '../testing/testContainer';

afterEach(unmountAll);

// The lazy chunks are transformed on first import, which takes longer than waitFor waits.
beforeAll(async () => {
  await Promise.all([
    import('../organisation/DashboardScreen'),
    import('./DashboardBoard'),
    import('./KpiFormDialog'),
    import('./KpiValueDialog'),
    import('./BoardChoiceDialog'),
  ]);
});

const MANUAL = {
  type: 'manual',
  metric: null,
  survey_id: null,
  question_id: null,
  statement_id: null,
} as const;

const kpi = (id: number, name: string, overrides: Partial<Kpi> = {}): Kpi => ({
  id,
  name,
  description: '',
  unit: 'percentage',
  direction: 'higher',
  period_kind: 'month',
  target: 45,
  warning: 40,
  period_targets: [],
  owner: null,
  source: { ...MANUAL, survey_title: null },
  state: 'ok',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

const card = (of: Kpi, overrides: Partial<KpiCard> = {}): KpiCard => ({
  kpi: {
    id: of.id,
    name: of.name,
    unit: of.unit,
    direction: of.direction,
    period_kind: of.period_kind,
    owner: of.owner,
    source: of.source,
    state: of.state,
  },
  current: {
    period: '2026-03',
    start: '2026-03-01',
    end: '2026-03-31',
    value: 42.5,
    target: 45,
    warning: 40,
    status: 'at_risk',
  },
  trend: {
    previous_period: '2026-02',
    previous_value: 40,
    change: 2.5,
    relative_change: 0.0625,
    direction: 'up',
    assessment: 'good',
  },
  sparkline: [
    { period: '2026-02', value: 40, status: 'at_risk' },
    { period: '2026-03', value: 42.5, status: 'at_risk' },
  ],
  ...overrides,
});

const ok = <T,>(value: T): Promise<ApiResult<T>> => Promise.resolve({ ok: true, value });
const unused = () => Promise.reject(new Error('not used by the board'));

/** A KpiGateway over a list of KPIs and board cards, recording the calls that change something. */
function fakeKpis(kpis: Kpi[], cards: KpiCard[], settings: Partial<KpiBoardSettings> = {}) {
  const calls: { method: string; args: unknown[] }[] = [];
  let boardCards = cards;
  const board = (): KpiBoard => ({ today: '2026-03-18', periods: 8, personal: false, cards: boardCards });
  const gateway: KpiGateway = {
    list: (query) =>
      ok({
        items: query.source ? kpis.filter((each) => each.source.type === query.source) : kpis,
        total: kpis.length,
        page: 1,
        page_size: 100,
      }),
    get: unused,
    create: (input: KpiInput) => {
      calls.push({ method: 'create', args: [input] });
      const created = kpi(90, input.name.trim(), { unit: input.unit, target: input.target });
      kpis.push(created);
      boardCards = [...boardCards, card(created, { current: null, trend: null, sparkline: [] })];
      return ok(created);
    },
    update: unused,
    remove: unused,
    board: () => ok(board()),
    boardSettings: () =>
      ok({ personal: false, kpi_ids: cards.map((each) => each.kpi.id), default_kpi_ids: [], ...settings }),
    chooseBoard: (ids) => {
      calls.push({ method: 'chooseBoard', args: [ids] });
      return ok({ personal: true, kpi_ids: ids, default_kpi_ids: [] });
    },
    resetBoard: () => {
      calls.push({ method: 'resetBoard', args: [] });
      return ok(undefined);
    },
    chooseDefaultBoard: (ids) => {
      calls.push({ method: 'chooseDefaultBoard', args: [ids] });
      return ok({ personal: false, kpi_ids: ids, default_kpi_ids: ids });
    },
    values: unused,
    setValue: (id: number, period: string, input: KpiValueInput) => {
      calls.push({ method: 'setValue', args: [id, period, input] });
      if (input.value > 100)
        return Promise.resolve({
          ok: false,
          status: 400,
          detail: 'De waarde is niet opgeslagen.',
          fields: { value: 'Waarde: een percentage ligt tussen 0 en 100.' },
        });
      return ok({
        period,
        value: input.value,
        note: input.note,
        origin: 'manual',
        entered_by: null,
        entered_at: '2026-03-18T10:00:00Z',
      });
    },
    removeValue: unused,
    history: unused,
    compare: unused,
    drillDown: unused,
    exportValues: unused,
    importValues: unused,
  };
  return { gateway, calls };
}

const survey = (overrides: Partial<SurveySummary>): SurveySummary => ({
  id: 11,
  title: 'Klanttevredenheid',
  status: 'open',
  close_at: null,
  created_at: '2026-01-01T08:00:00Z',
  updated_at: '2026-01-01T08:00:00Z',
  published_at: '2026-01-01T08:00:00Z',
  closed_at: null,
  question_count: 3,
  response_count: 1234,
  invited_count: 0,
  response_rate: null,
  last_response_at: '2026-03-17T13:05:00Z',
  estimated_seconds: 90,
  ...overrides,
});

function dashboard(
  role: MemberRole,
  kpis: ReturnType<typeof fakeKpis>,
  surveys: { open: SurveySummary[]; all: number } = { open: [], all: 0 },
) {
  return createSignedInApp({
    role: role,
    path: '/dashboard',
    storage: { [STORAGE_KEYS.currentOrgId]: '7', [STORAGE_KEYS.currentOrgName]: 'Demo BV' },
    routes: {
      'GET /organization/members': () =>
        json(200, [
          { user_id: 1, name: 'Olga', email: 'o@v.nl', role: 'owner', joined_at: null, is_you: true },
          { user_id: 2, name: 'Bram', email: 'b@v.nl', role: 'member', joined_at: null, is_you: false },
        ]),
      'GET /surveys': (request) => {
        const open = request.path.includes('status=open');
        const items = open ? surveys.open : [];
        return json(200, { items, total: open ? items.length : surveys.all, page: 1, page_size: 25 });
      },
    },
    overrides: { KpiGateway: kpis.gateway },
  });
}

/** The control a label names (dialogs live in a portal on document.body). */
function field(text: string): HTMLElement {
  const label = [...document.body.querySelectorAll('label')].find(
    (each) => each.textContent?.trim() === text,
  );
  const control = label ? document.getElementById(label.htmlFor) : null;
  if (!control) throw new Error(`No field labelled ${text}`);
  return control;
}

const dialog = () => document.body.querySelector('[role="dialog"]');

describe('DashboardBoard', () => {
  it('should show each KPI card with value, status, target, trend, sparkline values and source', async () => {
    const nps = kpi(2, 'NPS klanten', {
      unit: 'number',
      source: {
        type: 'survey',
        metric: 'nps',
        survey_id: 3,
        question_id: 'q',
        statement_id: null,
        survey_title: null,
      },
      state: 'survey_deleted',
    });
    const kpis = fakeKpis(
      [kpi(1, 'Tevredenheid'), nps],
      [card(kpi(1, 'Tevredenheid')), card(nps, { current: null, trend: null })],
    );
    const test = dashboard('member', kpis, { open: [survey({})], all: 1 });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelectorAll('.kpi-card')).toHaveLength(2));

    const [first, second] = [...container.querySelectorAll('.kpi-card')] as HTMLElement[];
    expect(first!.querySelector('h3')?.textContent).toBe('Tevredenheid');
    expect(first!.querySelector('.kpi-value')?.textContent).toBe('42,5%');
    expect(first!.querySelector('.kpi-status')?.textContent).toBe('RisicoDoel: 45%');
    expect(first!.querySelector('.kpi-status svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(first!.querySelector('.kpi-trend')?.textContent).toBe(
      'Gestegen, een verbetering: +2,5 procentpunt (+6,3%) t.o.v. februari 2026',
    );
    expect(first!.querySelector('.sparkline .visually-hidden')?.textContent).toBe(
      'Verloop: februari 2026: 40%; maart 2026: 42,5%.',
    );
    expect(first!.querySelector('.kpi-source')?.textContent).toBe('Bron: Handmatig');
    expect(second!.querySelector('.kpi-status')?.textContent).toBe('Geen waarde');
    expect(second!.querySelector('.kpi-state')?.textContent).toMatch(/^De survey van deze KPI is verwijderd/);
    expect(second!.querySelector('.kpi-source')?.textContent).toBe('Bron: Survey: NPS');

    const open = container.querySelector('.open-survey') as HTMLElement;
    expect(open.querySelector('a')?.getAttribute('href')).toBe('/survey/11');
    expect(open.textContent).toContain('1.234 reacties');
    expect(open.textContent).toContain('Laatste reactie: 17 mrt. 2026, 14:05');
    // The greeting, the organisation and the links of before stay.
    expect(container.querySelector('h1')?.textContent).toBe('Welkom, Demo Gebruiker');
    expect(container.textContent).toContain('Je werkt nu in Demo BV.');
    expect(container.textContent).not.toContain('Welkom bij Loop');
  });

  it('should start a new organisation with its first survey and KPI, and put the new KPI on the board', async () => {
    const kpis = fakeKpis([], []);
    const test = dashboard('owner', kpis);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.textContent).toContain('Welkom bij Loop'));
    expect(
      [...container.querySelectorAll('.dashboard-start a')].map((a) => [
        a.textContent,
        a.getAttribute('href'),
      ]),
    ).toEqual([['Maak je eerste survey', '/new-survey']]);
    expect(button(container, 'Bord aanpassen')).toBeNull();

    await click(button(container, 'Voeg je eerste KPI toe'));
    await waitFor(() => expect(dialog()?.querySelector('h2')?.textContent).toBe('KPI toevoegen'));
    await click(button(dialog()!, 'KPI toevoegen'));
    await waitFor(() => expect(dialog()?.textContent).toContain('Geef de KPI een naam.'));
    expect(kpis.calls).toEqual([]);

    await type(field('Naam'), 'Klanten per week');
    await choose(field('Eenheid'), 'percentage');
    await type(field('Doel (niet verplicht)'), '12.5');
    await click(button(dialog()!, 'KPI toevoegen'));
    await waitFor(() =>
      expect(dialog()?.textContent).toContain(
        'Doel: schrijf een getal op zijn Nederlands, bijvoorbeeld 1.234,56.',
      ),
    );
    await type(field('Doel (niet verplicht)'), '12,5');
    await waitFor(() => expect((field('Eigenaar') as HTMLSelectElement).options).toHaveLength(3));
    await choose(field('Eigenaar'), '2');
    await click(button(dialog()!, 'KPI toevoegen'));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(kpis.calls).toEqual([
      {
        method: 'create',
        args: [
          expect.objectContaining({
            name: 'Klanten per week',
            unit: 'percentage',
            target: 12.5,
            owner_id: 2,
            source: { ...MANUAL },
          }),
        ],
      },
    ]);
    await waitFor(() =>
      expect(container.querySelector('.kpi-card h3')?.textContent).toBe('Klanten per week'),
    );
    expect(container.textContent).not.toContain('Welkom bij Loop');
  });

  it('should enter a value for a manual KPI in the running period, refusing English notation', async () => {
    const manual = kpi(1, 'Tevredenheid');
    const kpis = fakeKpis([manual], [card(manual)]);
    const test = dashboard('member', kpis);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(button(container, 'Waarde invoeren')?.disabled).toBe(false));
    await click(button(container, 'Waarde invoeren'));
    await waitFor(() => expect(field('Periode')).toBeTruthy());
    expect((field('Periode') as HTMLSelectElement).value).toBe('2026-03');
    expect((field('Periode') as HTMLSelectElement).options[0]?.textContent).toBe('maart 2026 (lopend)');

    await type(field('Waarde'), '45.5');
    await click(button(dialog()!, 'Waarde opslaan'));
    await waitFor(() =>
      expect(dialog()?.textContent).toContain(
        'Waarde: schrijf een getal op zijn Nederlands, bijvoorbeeld 1.234,56.',
      ),
    );
    expect(kpis.calls).toEqual([]);

    // The server's refusal shows beside the field too.
    await type(field('Waarde'), '150');
    await click(button(dialog()!, 'Waarde opslaan'));
    await waitFor(() =>
      expect(dialog()?.textContent).toContain('Waarde: een percentage ligt tussen 0 en 100.'),
    );

    await type(field('Waarde'), '45,5%');
    await choose(field('Periode'), '2026-02');
    await click(button(dialog()!, 'Waarde opslaan'));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(kpis.calls.at(-1)).toEqual({
      method: 'setValue',
      args: [1, '2026-02', { value: 45.5, note: '' }],
    });
  });

  it('should let a viewer choose the board but not add KPIs or enter values', async () => {
    const a = kpi(1, 'Omzet');
    const b = kpi(2, 'Kosten');
    const c = kpi(3, 'Marge');
    const kpis = fakeKpis([a, b, c], [card(a), card(b)]);
    const test = dashboard('viewer', kpis, { open: [], all: 3 });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelectorAll('.kpi-card')).toHaveLength(2));
    expect(button(container, 'KPI toevoegen')).toBeNull();
    expect(button(container, 'Waarde invoeren')).toBeNull();
    expect(container.textContent).toContain('Er staan geen surveys open.');

    await click(button(container, 'Bord aanpassen'));
    await waitFor(() => expect(dialog()?.querySelectorAll('input[type="checkbox"]')).toHaveLength(3));
    const checks = () => [...dialog()!.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(checks().map((each) => [each.parentElement?.textContent, each.checked])).toEqual([
      ['Omzet', true],
      ['Kosten', true],
      ['Marge', false],
    ]);
    expect(button(dialog()!, 'Opslaan als standaardbord')).toBeNull();
    await click(checks()[2]!);
    await click(dialog()!.querySelector('[aria-label="Omzet omlaag"]'));
    expect(dialog()?.textContent).toContain("KPI 'Omzet' staat nu op plaats 2 van 3.");
    await click(button(dialog()!, 'Bord opslaan'));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(kpis.calls).toEqual([{ method: 'chooseBoard', args: [[2, 1, 3]] }]);
  });

  it('should reorder the board with the keyboard on a drag handle, Escape cancelling only the drag', async () => {
    const [a, b, c] = [kpi(1, 'Omzet'), kpi(2, 'Kosten'), kpi(3, 'Marge')];
    const kpis = fakeKpis([a, b, c], [card(a), card(b), card(c)]);
    const test = dashboard('member', kpis, { open: [], all: 1 });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(button(container, 'Bord aanpassen')).not.toBeNull());
    await click(button(container, 'Bord aanpassen'));
    await waitFor(() => expect(dialog()?.querySelectorAll('.drag-handle')).toHaveLength(3));
    // jsdom has no layout: give each entry a box by its place in the list, as a browser would.
    const rect = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const item = this.closest('.board-choice-item');
      const index = item ? [...(item.parentElement?.children ?? [])].indexOf(item) : 0;
      const top = index * 60;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        right: 500,
        bottom: top + 50,
        width: 500,
        height: 50,
        toJSON: () => ({}),
      };
    };
    const names = () =>
      [...dialog()!.querySelectorAll('.board-choice-label')].map((label) => label.textContent);
    const key = async (code: string) => {
      await act(async () => {
        document.activeElement?.dispatchEvent(
          new KeyboardEvent('keydown', { code, key: code, bubbles: true, cancelable: true }),
        );
      });
      await settle();
    };
    try {
      const handle = dialog()!.querySelector<HTMLElement>('.drag-handle');
      expect(handle?.getAttribute('aria-label')).toBe('Omzet verslepen');
      expect(handle?.getAttribute('aria-roledescription')).toBe('versleepbare KPI');
      const help = document.getElementById(handle?.getAttribute('aria-describedby') ?? '');
      expect(help?.textContent).toContain('Druk op spatie of Enter om de KPI op te pakken.');
      handle?.focus();
      await key('Space');
      await key('ArrowDown');
      await key('Escape');
      expect(dialog()).not.toBeNull();
      expect(names()).toEqual(['Omzet', 'Kosten', 'Marge']);

      dialog()!.querySelector<HTMLElement>('.drag-handle')?.focus();
      await key('Space');
      await key('ArrowDown');
      await key('Space');
      await waitFor(() => expect(names()).toEqual(['Kosten', 'Omzet', 'Marge']));
    } finally {
      Element.prototype.getBoundingClientRect = rect;
    }
    await click(button(dialog()!, 'Bord opslaan'));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(kpis.calls).toEqual([{ method: 'chooseBoard', args: [[2, 1, 3]] }]);
  });

  it('should let a manager save the board as the organisation’s default or go back to it', async () => {
    const a = kpi(1, 'Omzet');
    const kpis = fakeKpis([a], [card(a)], { personal: true });
    const test = dashboard('manager', kpis, { open: [], all: 1 });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(button(container, 'Bord aanpassen')).not.toBeNull());
    await click(button(container, 'Bord aanpassen'));
    await waitFor(() => expect(button(dialog()!, 'Opslaan als standaardbord')).not.toBeNull());
    await click(button(dialog()!, 'Opslaan als standaardbord'));
    await waitFor(() => expect(dialog()).toBeNull());
    await click(button(container, 'Bord aanpassen'));
    await waitFor(() => expect(button(dialog()!, 'Standaardbord herstellen')).not.toBeNull());
    await click(button(dialog()!, 'Standaardbord herstellen'));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(kpis.calls).toEqual([
      { method: 'chooseDefaultBoard', args: [[1]] },
      { method: 'resetBoard', args: [] },
    ]);
  });
});
