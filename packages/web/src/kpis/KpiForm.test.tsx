import { STORAGE_KEYS } from '@loop/adapters';
import type { Kpi, Survey } from '@loop/core';
import { act, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContainerProvider } from '../app/ContainerProvider';
import { freshJwt, json, type SeenRequest } from '../testing/fakeApi';
import { button, click, render, type, unmountAll, waitFor } from '../testing/render';
import { createTestApp } from '../testing/testContainer';
import { KpiForm } from './KpiForm';

afterEach(unmountAll);

const SURVEY = {
  id: 3,
  title: 'Klanten',
  questions: [
    { id: 'open', type: 'open_short', title: 'Naam', required: false, position: 0, settings: {} },
    {
      id: 'aanbevelen',
      type: 'nps',
      title: 'Zou je ons aanbevelen?',
      required: true,
      position: 1,
      settings: {},
    },
  ],
} as unknown as Survey;

const NPS_KPI: Kpi = {
  id: 8,
  name: 'NPS klanten',
  description: '',
  unit: 'number',
  direction: 'higher',
  period_kind: 'quarter',
  target: 30,
  warning: 10,
  period_targets: [{ period: '2026-Q1', target: 20, warning: null }],
  owner: null,
  source: {
    type: 'survey',
    metric: 'nps',
    survey_id: 3,
    question_id: 'aanbevelen',
    statement_id: null,
    survey_title: 'Klanten',
  },
  state: 'ok',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

function setup(answer: (request: SeenRequest) => Response) {
  const saved: Kpi[] = [];
  const app = createTestApp({
    storage: {
      [STORAGE_KEYS.token]: freshJwt(),
      [STORAGE_KEYS.refreshToken]: 'r1',
      [STORAGE_KEYS.currentOrgId]: '7',
      [STORAGE_KEYS.currentOrgName]: 'Demo BV',
    },
    routes: {
      'GET /organization/members': () => json(200, []),
      'GET /surveys': () => json(200, { items: [SURVEY], total: 1, page: 1, page_size: 100 }),
      'GET /surveys/3': () => json(200, SURVEY),
      'PUT /kpis/8': answer,
    },
  });
  const ui = (
    <ContainerProvider container={app.container}>
      <Suspense fallback={<p>laden</p>}>
        <KpiForm kpi={NPS_KPI} onSaved={(kpi) => saved.push(kpi)} onCancel={() => undefined} />
      </Suspense>
    </ContainerProvider>
  );
  return { app, ui, saved };
}

const select = (container: HTMLElement, label: string) => {
  const element = [...container.querySelectorAll('label')].find((each) => each.textContent === label);
  return container.querySelector<HTMLSelectElement>(`#${CSS.escape(element?.htmlFor ?? '')}`);
};

describe('KpiForm', () => {
  it('should show a survey KPI with its question and save it with its targets per period kept', async () => {
    const { app, ui, saved } = setup((request) => json(200, { ...NPS_KPI, ...(request.body as object) }));
    const { container } = await render(ui);
    await waitFor(() => expect(select(container, 'Vraag')?.options.length).toBe(2));
    expect(select(container, 'Survey')?.value).toBe('3');
    expect(select(container, 'Vraag')?.value).toBe('aanbevelen');
    // Only NPS questions are offered for an NPS metric, numbered as in the survey.
    expect([...(select(container, 'Vraag')?.options ?? [])].map((option) => option.textContent)).toEqual([
      'Kies een vraag',
      '2. Zou je ons aanbevelen?',
    ]);
    expect(container.textContent).toContain('Eenheid: getal (volgt uit de meting).');

    const target = container.querySelector<HTMLInputElement>('input[inputmode="decimal"]');
    expect(target?.value).toBe('30');
    await type(target, '40');
    await click(button(container, 'Wijzigingen opslaan'));
    await waitFor(() => expect(saved).toHaveLength(1));
    const put = app.api.seen.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({
      target: 40,
      warning: 10,
      period_kind: 'quarter',
      period_targets: [{ period: '2026-Q1', target: 20, warning: null }],
      source: { type: 'survey', metric: 'nps', survey_id: 3, question_id: 'aanbevelen', statement_id: null },
    });
  });

  it('should show the server’s field errors beside their fields', async () => {
    const { app, ui, saved } = setup(() =>
      json(400, {
        detail: 'De KPI is niet opgeslagen.',
        fields: { period_kind: 'Een KPI met waarden houdt zijn periode.' },
      }),
    );
    const { container } = await render(ui);
    await waitFor(() => expect(select(container, 'Vraag')?.value).toBe('aanbevelen'));
    await act(async () => {
      const period = select(container, 'Periode') as HTMLSelectElement;
      period.value = 'month';
      period.dispatchEvent(new Event('change', { bubbles: true }));
    });
    // The target of its own for 2026-Q1 means nothing to a monthly KPI: the form says it goes.
    expect(container.textContent).toContain('Met deze periode vervallen het doel per periode van deze KPI.');
    await click(button(container, 'Wijzigingen opslaan'));
    await waitFor(() => expect(container.textContent).toContain('Een KPI met waarden houdt zijn periode.'));
    expect(app.api.seen.find((request) => request.method === 'PUT')?.body).toMatchObject({
      period_kind: 'month',
      period_targets: [],
    });
    const period = select(container, 'Periode');
    expect(period?.getAttribute('aria-invalid')).toBe('true');
    expect(period?.getAttribute('aria-describedby')).toContain('-error');
    expect(container.textContent).toContain('De KPI is niet opgeslagen.');
    expect(saved).toEqual([]);
  });
});
