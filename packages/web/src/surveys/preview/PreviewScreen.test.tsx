import type { Survey } from '@loop/core';
import { NO_LOGIC } from '@loop/core';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { ContainerProvider } from '../../app/ContainerProvider';
import { json } from '../../testing/fakeApi';
import { button, click, render, settle, unmountAll, waitFor } from '../../testing/render';
import { createTestApp } from '../../testing/testContainer';
import { PreviewScreen } from './PreviewScreen';

const SURVEY: Survey = {
  id: 4,
  organization_id: 1,
  title: 'Teamcheck',
  description_html: '',
  introduction_html: '<p>Welkom bij de teamcheck.</p>',
  thank_you_text: 'Bedankt!',
  status: 'draft',
  close_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  published_at: null,
  closed_at: null,
  questions: [
    {
      id: 'q1',
      type: 'rating',
      title: 'Hoe gaat het?',
      required: true,
      position: 0,
      settings: { scale: 5, style: 'stars' },
    },
  ],
  logic: NO_LOGIC,
  languages: [],
  translations: {},
  max_responses: null,
  quotas: [],
  version: 1,
  estimated_seconds: 15,
  retention_until: null,
  retention_months: null,
  anonymous: false,
};

const mount = (app: ReturnType<typeof createTestApp>) =>
  render(
    <ContainerProvider container={app.container}>
      <Router hook={app.location.hook}>
        <Route path="/survey/:id/preview">
          <PreviewScreen />
        </Route>
      </Router>
    </ContainerProvider>,
  );

afterEach(unmountAll);

describe('PreviewScreen', () => {
  it('should show the survey as a respondent sees it, check answers and store nothing', async () => {
    const app = createTestApp({
      path: '/survey/4/preview',
      routes: { 'GET /surveys/4': () => json(200, SURVEY) },
    });
    const { container } = await mount(app);
    // The preview's use-case loads on demand: slow on a busy machine the first time.
    await waitFor(() =>
      expect(container.querySelector('.preview-bar-text')?.textContent).toBe(
        'Voorbeeld: antwoorden worden niet opgeslagen.',
      ),
    );
    await waitFor(() => expect(container.querySelector('.respondent h1')?.textContent).toBe('Teamcheck'));
    expect(container.querySelector('.respondent-rich')?.textContent).toBe('Welkom bij de teamcheck.');
    await click(button(container, 'Starten'));
    await click(button(container, 'Versturen'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Deze vraag is verplicht.');
    await click(container.querySelectorAll<HTMLInputElement>('input[type="radio"]')[3] ?? null);
    expect(container.querySelectorAll('.rq-scale-option.is-filled')).toHaveLength(4);
    await click(button(container, 'Versturen'));
    await waitFor(() => expect(container.querySelector('.respondent h1')?.textContent).toBe('Bedankt!'));
    await settle();
    expect(app.api.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /surveys/4']);
  });

  it("should start over empty on 'Opnieuw beginnen' and link back to the editor", async () => {
    const app = createTestApp({
      path: '/survey/4/preview',
      routes: { 'GET /surveys/4': () => json(200, SURVEY) },
    });
    const { container } = await mount(app);
    await waitFor(() => expect(button(container, 'Starten')).not.toBeNull());
    await click(button(container, 'Starten'));
    await click(container.querySelectorAll<HTMLInputElement>('input[type="radio"]')[1] ?? null);
    await click(button(container, 'Opnieuw beginnen'));
    await waitFor(() => expect(button(container, 'Starten')).not.toBeNull());
    await click(button(container, 'Starten'));
    expect(container.querySelectorAll('.rq-scale-option.is-filled')).toHaveLength(0);
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/survey/4/email-preview',
      '/survey/4/edit',
    ]);
  });

  it("should leave a draft's incomplete questions out and say so", async () => {
    const draft: Survey = {
      ...SURVEY,
      questions: [
        ...SURVEY.questions,
        {
          id: 'q2',
          type: 'open_short',
          title: '',
          required: true,
          position: 1,
          settings: { max_length: 250 },
        },
      ],
    };
    const app = createTestApp({
      path: '/survey/4/preview',
      routes: { 'GET /surveys/4': () => json(200, draft) },
    });
    const { container } = await mount(app);
    await waitFor(() =>
      expect(container.querySelector('[data-testid="preview-left-out"]')?.textContent).toBe(
        '1 vraag is nog niet af en staat niet in dit voorbeeld.',
      ),
    );
    await click(button(container, 'Starten'));
    await click(container.querySelectorAll<HTMLInputElement>('input[type="radio"]')[3] ?? null);
    // The one complete question is the last one: the empty one never comes.
    await click(button(container, 'Versturen'));
    await waitFor(() => expect(container.querySelector('.respondent h1')?.textContent).toBe('Bedankt!'));
  });

  it('should follow the survey logic to an end screen, offer its address and never leave by itself', async () => {
    const withLogic: Survey = {
      ...SURVEY,
      questions: [
        ...SURVEY.questions,
        {
          id: 'q2',
          type: 'open_short',
          title: 'Wat kan beter?',
          required: true,
          position: 1,
          settings: { max_length: 250 },
        },
      ],
      logic: {
        rules: [
          {
            id: 'r1',
            action: 'jump',
            from_question_id: 'q1',
            to: { end_screen_id: 'e1' },
            when: {
              match: 'all',
              conditions: [{ source: 'question', question_id: 'q1', operator: 'greater', value: 3 }],
            },
          },
        ],
        end_screens: [{ id: 'e1', text: 'Fijn om te horen!', redirect_url: 'https://example.nl/review' }],
        hidden_fields: [],
      },
    };
    const app = createTestApp({
      path: '/survey/4/preview',
      routes: { 'GET /surveys/4': () => json(200, withLogic) },
    });
    const { container } = await mount(app);
    await waitFor(() => expect(button(container, 'Starten')).not.toBeNull());
    await click(button(container, 'Starten'));
    expect(button(container, 'Volgende')).not.toBeNull();
    await click(container.querySelectorAll<HTMLInputElement>('input[type="radio"]')[4] ?? null);
    // Five stars jump to the end screen: this question submits, the required open question never comes.
    await click(button(container, 'Versturen'));
    await waitFor(() => expect(container.querySelector('.respondent h1')?.textContent).toBe('Bedankt!'));
    expect(container.querySelector('.respondent-thanks-text')?.textContent).toBe('Fijn om te horen!');
    const link = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Doorgaan');
    expect(link?.getAttribute('href')).toBe('https://example.nl/review');
    expect(container.textContent).not.toContain('vanzelf verder');
    expect(app.api.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /surveys/4']);
  });
});
