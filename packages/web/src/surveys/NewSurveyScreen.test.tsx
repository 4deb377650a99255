import type { Question, SurveyTemplate } from '@loop/core';
import { NO_LOGIC } from '@loop/core';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { json, meBody, type SeenRequest } from '../testing/fakeApi';
import { button, click, render, type, unmountAll, waitFor } from '../testing/render';
import { createSignedInApp } from '../testing/testContainer';

afterEach(unmountAll);

const nps: Question = {
  id: 'q1',
  type: 'nps',
  title: 'Zou je ons aanbevelen?',
  required: true,
  position: 0,
  settings: {},
};
const open: Question = {
  id: 'q2',
  type: 'open_long',
  title: 'Wat kan beter?',
  required: false,
  position: 1,
  settings: { max_length: 2000 },
};

const template = (overrides: Partial<SurveyTemplate>): SurveyTemplate => ({
  id: 1,
  organization_id: null,
  built_in: true,
  name: 'Klanttevredenheid',
  description: 'NPS en verbeterpunten',
  title: 'Hoe tevreden ben je?',
  description_html: '',
  introduction_html: '',
  thank_you_text: 'Dank je wel!',
  questions: [nps, open],
  logic: NO_LOGIC,
  languages: [],
  translations: {},
  estimated_seconds: 170,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const TEMPLATES = [
  template({}),
  template({
    id: 9,
    organization_id: 7,
    built_in: false,
    name: 'Teamcheck',
    description: 'Onze eigen vragen',
    questions: [nps],
    estimated_seconds: 17,
  }),
];

async function openScreen({
  manager = false,
  post = () => json(201, { id: 12 }),
}: {
  manager?: boolean;
  post?: (request: SeenRequest) => Response;
} = {}) {
  let templates = [...TEMPLATES];
  const app = createSignedInApp({
    path: '/new-survey',

    routes: {
      'GET /users/me': () =>
        json(
          200,
          meBody({
            can_manage_templates: manager,
            // A plain member: no template rights from the role either.
            organizations: [{ id: 7, name: 'Demo BV', role: manager ? 'owner' : 'member' }],
          }),
        ),

      'GET /survey-templates': () => json(200, templates),
      'POST /surveys': post,
      'PUT /survey-templates/9': (request) => {
        templates = templates.map((t) => (t.id === 9 ? { ...t, ...(request.body as object) } : t));
        return json(200, templates[1]);
      },
      'DELETE /survey-templates/9': () => {
        templates = templates.filter((t) => t.id !== 9);
        return new Response(null, { status: 204 });
      },
    },
  });
  const { container } = await render(<App container={app.container} locationHook={app.location.hook} />);
  await waitFor(() => expect(container.querySelectorAll('.template-cards article')).toHaveLength(2), 400);
  return { app, container };
}

const articles = (root: ParentNode) => [...root.querySelectorAll('.template-cards article')];
const buttonStartingWith = (root: ParentNode, text: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent?.startsWith(text)) ?? null;

describe('NewSurveyScreen', () => {
  it('should offer a blank survey and every template with its size and time estimate', async () => {
    const { container } = await openScreen();
    expect(container.querySelector('h1')?.textContent).toBe('Nieuwe survey');
    expect(button(container, 'Lege survey')).not.toBeNull();
    expect(
      articles(container).map((a) => [
        a.querySelector('h3')?.textContent,
        a.querySelector('.template-description')?.textContent,
        a.querySelector('.template-meta')?.textContent,
      ]),
    ).toEqual([
      ['Klanttevredenheid', 'NPS en verbeterpunten', '2 vragen · ± 3 minuten'],
      ['Teamcheck', 'Onze eigen vragen', '1 vraag · ± 1 minuut · eigen sjabloon'],
    ]);
    expect(container.textContent).toContain('Sjablonen van Demo BV');
    expect(buttonStartingWith(container, 'Wijzigen')).toBeNull();
    expect(buttonStartingWith(container, 'Verwijderen')).toBeNull();
  });

  it('should create a blank survey and open it in the editor', async () => {
    const { app, container } = await openScreen();
    await click(button(container, 'Lege survey'));
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/survey/12/edit'));
    const sent = app.api.seen.find((r) => r.method === 'POST' && r.path === '/surveys');
    expect(sent?.body).toEqual({
      title: 'Naamloze survey',
      description_html: '',
      introduction_html: '',
      thank_you_text: 'Bedankt voor het invullen!',
      close_at: null,
      questions: [],
    });
  });

  it('should create a survey from a template', async () => {
    const { app, container } = await openScreen();
    const use = articles(container)[0]?.querySelector('button');
    expect(use?.textContent).toBe('Gebruik dit sjabloon: Klanttevredenheid');
    await click(use ?? null);
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/survey/12/edit'));
    expect(app.api.seen.find((r) => r.method === 'POST')?.body).toEqual({ template_id: 1 });
  });

  it("should show the server's reason when creating fails and stay", async () => {
    const { app, container } = await openScreen({
      post: () => json(403, { detail: 'Je abonnement staat geen nieuwe surveys meer toe.' }),
    });
    await click(button(container, 'Lege survey'));
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe(
        'Je abonnement staat geen nieuwe surveys meer toe.',
      ),
    );
    expect(app.location.history.at(-1)).toBe('/new-survey');
  });

  describe('for template managers', () => {
    it('should rename an own template and leave built-in ones alone', async () => {
      const { app, container } = await openScreen({ manager: true });
      const [builtIn, own] = articles(container);
      expect(buttonStartingWith(builtIn as Element, 'Wijzigen')).toBeNull();
      await click(buttonStartingWith(own as Element, 'Wijzigen'));
      const name = container.querySelector<HTMLInputElement>('.template-cards form input');
      expect(document.activeElement).toBe(name);
      await type(name, '  ');
      await click(button(container, 'Opslaan'));
      expect(container.textContent).toContain('Geef het sjabloon een naam.');
      expect(app.api.seen.some((r) => r.method === 'PUT')).toBe(false);

      await type(name, 'Teamcheck 2026');
      await click(button(container, 'Opslaan'));
      await waitFor(() =>
        expect(articles(container)[1]?.querySelector('h3')?.textContent).toBe('Teamcheck 2026'),
      );
      expect(app.api.seen.find((r) => r.method === 'PUT')?.body).toEqual({
        name: 'Teamcheck 2026',
        description: 'Onze eigen vragen',
        title: 'Hoe tevreden ben je?',
        description_html: '',
        introduction_html: '',
        thank_you_text: 'Dank je wel!',
        questions: [nps],
        // Renaming keeps the template's logic and languages (R-SURV-27).
        logic: NO_LOGIC,
        languages: [],
        translations: {},
      });
    });

    it('should delete an own template only after confirming', async () => {
      const { app, container } = await openScreen({ manager: true });
      await click(buttonStartingWith(articles(container)[1] as Element, 'Verwijderen'));
      expect(container.textContent).toContain("Sjabloon 'Teamcheck' verwijderen?");
      expect(document.activeElement?.textContent).toBe('Ja, verwijderen');
      await click(button(container, 'Annuleren'));
      expect(app.api.seen.some((r) => r.method === 'DELETE')).toBe(false);

      await click(buttonStartingWith(articles(container)[1] as Element, 'Verwijderen'));
      await click(button(container, 'Ja, verwijderen'));
      await waitFor(() => expect(articles(container)).toHaveLength(1));
      expect(app.api.seen.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
        '/survey-templates/9',
      ]);
    });
  });
});
