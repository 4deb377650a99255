import type { SurveyAlerts, WebhookView } from '@loop/core/surveys/alerts';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, type SeenRequest } from '../../testing/fakeApi';
import { click, type, unmountAll, waitFor } from '../../testing/render';
import {
  byLabel,
  focused,
  openEditor,
  pressEnter,
  stubRangeLayout,
  survey,
  tabTo,
} from '../editor/SurveyEditorScreen.fixtures';

afterEach(unmountAll);

stubRangeLayout();

const NOTHING: SurveyAlerts = { mine: { mode: 'none', conditions: false }, rules: [], webhook: null };
const CHANNEL: WebhookView = {
  kind: 'slack',
  host: 'hooks.slack.com',
  send: 'each',
  last_delivery_at: null,
  last_error: null,
  last_error_at: null,
  pending: 0,
};

const section = () => {
  const found = document.querySelector<HTMLElement>('[data-testid="survey-alerts"]');
  if (!found) throw new Error('no alerts section');
  return found;
};
const button = (text: string) => {
  const found = [...section().querySelectorAll('button')].find((item) => item.textContent?.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};
const sent = (app: { api: { seen: SeenRequest[] } }, method: string, path: string) =>
  app.api.seen
    .filter((request) => request.method === method && request.path === path)
    .map((request) => request.body);

async function open(
  alerts: SurveyAlerts,
  routes: Record<string, (request: SeenRequest) => Response> = {},
  role: 'member' | 'viewer' = 'member',
) {
  const opened = await openEditor(survey(), {
    role,
    routes: {
      'GET /surveys/5/alerts': () => json(200, alerts),
      'PUT /surveys/5/alerts/mine': (request) => json(200, request.body),
      'PUT /surveys/5/alerts/rules': (request) => json(200, request.body),
      ...routes,
    },
  });
  await waitFor(() => button('Mijn meldingen opslaan'));
  return opened;
}

describe("the editor's 'Meldingen' section (R-ALERT-1, R-ALERT-2)", () => {
  it('should save your own choice with the keyboard alone', async () => {
    const { app } = await open(NOTHING);
    const digest = await tabTo(
      (element) => element.id !== '' && element === byLabel(section(), 'Dagelijks overzicht'),
    );
    await act(async () => (digest as HTMLInputElement).click());
    expect(section().textContent).toContain('Elke ochtend om 7:00');
    await tabTo((element) => element.textContent === 'Mijn meldingen opslaan');
    expect(focused().textContent).toBe('Mijn meldingen opslaan');
    await pressEnter();
    await waitFor(() =>
      expect(sent(app, 'PUT', '/surveys/5/alerts/mine')).toEqual([{ mode: 'digest', conditions: false }]),
    );
  });

  it("should add a 'Criticaster' alert on the NPS question and save it", async () => {
    const { app } = await open(NOTHING);
    await click(button('Criticaster toevoegen (NPS 0–6)'));
    expect(byLabel(section(), 'Naam').value).toBe('Criticaster');
    await click(button('Meldingen bij voorwaarden opslaan'));
    const [body] = await waitFor(() => {
      const bodies = sent(app, 'PUT', '/surveys/5/alerts/rules');
      expect(bodies).toHaveLength(1);
      return bodies as Array<{ rules: Array<{ name: string; when: unknown }> }>;
    });
    expect(body?.rules.map((rule) => [rule.name, rule.when])).toEqual([
      [
        'Criticaster',
        {
          match: 'all',
          conditions: [{ source: 'question', question_id: 'q-nps', operator: 'between', min: 0, max: 6 }],
        },
      ],
    ]);
  });
});

describe("the channel in 'Meldingen' (R-ALERT-4, R-ALERT-6)", () => {
  it("should show the server's Dutch refusal at the address, then the channel with its last error and a test button", async () => {
    const refusal = 'Dit is geen webhook-adres van Slack of Microsoft Teams.';
    let tested = 0;
    const { app } = await open(NOTHING, {
      'PUT /surveys/5/alerts/webhook': (request) =>
        (request.body as { url: string }).url.includes('slack')
          ? json(200, CHANNEL)
          : json(400, { detail: refusal, fields: { url: refusal } }),
      'POST /surveys/5/alerts/webhook/test': () => {
        tested += 1;
        return json(200, {
          ...CHANNEL,
          last_error: 'Poging 1 van 8 mislukt (HTTP 500: boom); nieuwe poging over 1 minuut.',
          last_error_at: '2026-05-01T08:00:00.000Z',
        });
      },
    });
    const address = byLabel(section(), 'Webhook-adres');
    await type(address, 'https://example.com/hook');
    await click(button('Kanaal opslaan'));
    await waitFor(() => expect(section().textContent).toContain(refusal));
    expect(address.getAttribute('aria-invalid')).toBe('true');
    await type(byLabel(section(), 'Webhook-adres'), 'https://hooks.slack.com/services/T/B/x');
    await click(button('Kanaal opslaan'));
    await waitFor(() => expect(section().textContent).toContain('Slack (hooks.slack.com)'));
    expect(section().querySelector('[data-testid="webhook-last-delivery"]')?.textContent).toBe(
      'Nog niets afgeleverd',
    );
    // The address itself is never shown again.
    expect(section().textContent).not.toContain('services/T/B/x');
    await click(button('Testbericht sturen'));
    await waitFor(() =>
      expect(section().querySelector('[data-testid="webhook-last-error"]')?.textContent).toContain(
        'Poging 1 van 8 mislukt (HTTP 500: boom)',
      ),
    );
    expect(tested).toBe(1);
    expect(sent(app, 'PUT', '/surveys/5/alerts/webhook')).toHaveLength(2);
  });
});
