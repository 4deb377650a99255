import type { Question } from '@loop/core';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { json } from '../../testing/fakeApi';
import { button, click, render, settle, type, unmountAll, waitFor } from '../../testing/render';
import { createSignedInApp } from '../../testing/testContainer';
import {
  byLabel,
  card,
  cards,
  likert,
  nps,
  openEditor,
  puts,
  saveStatus,
  survey,
} from './SurveyEditorScreen.fixtures';

afterEach(unmountAll);

describe('SurveyEditorScreen', () => {
  it('should show the survey with its fields, questions and time estimate', async () => {
    const { container } = await openEditor(survey());
    expect(container.querySelector('h1')?.textContent).toBe('Survey bewerken');
    expect(byLabel(container, 'Titel').value).toBe('Medewerkerstevredenheid');
    await waitFor(
      () => expect(container.querySelector('.rich-text-content')?.innerHTML).toContain('Over je werk'),
      400,
    );
    const description = container.querySelector('.rich-text-content');
    expect(description?.getAttribute('role')).toBe('textbox');
    expect(document.getElementById(description?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'Beschrijving',
    );
    expect(container.querySelector('[role="toolbar"]')?.getAttribute('aria-label')).toBe(
      'Opmaak: Beschrijving',
    );
    expect(cards(container).map((c) => c.querySelector('h3')?.textContent)).toEqual(['Vraag 1', 'Vraag 2']);
    expect(byLabel(card(container, 1), 'Vraagtekst').value).toBe('Hoe ervaar je je werk?');
    expect(container.querySelector('[data-testid="time-estimate"]')?.textContent).toBe(
      'Geschatte invultijd: ± 1 minuut',
    );
    expect(saveStatus(container)).toBe('Opgeslagen');
    expect(container.querySelector('[data-testid="save-status"]')?.getAttribute('role')).toBe('status');
    expect(button(container, 'Publiceren')).not.toBeNull();
    expect(container.querySelector('a[href="/survey/5/preview"]')?.textContent).toBe('Voorbeeld');
    expect(container.querySelector('a[href="/survey/5/email-preview"]')?.textContent).toBe('E-mailvoorbeeld');
    expect(container.querySelector('a[href="/survey/5"]')?.textContent).toBe('Resultaten');
  });

  describe('rich text', () => {
    // jsdom has no text layout; ProseMirror asks ranges where the cursor is when it scrolls to it.
    const range = Range.prototype as Partial<Pick<Range, 'getClientRects' | 'getBoundingClientRect'>>;
    const original = { rects: range.getClientRects, box: range.getBoundingClientRect };
    beforeEach(() => {
      range.getClientRects = () => [] as unknown as DOMRectList;
      range.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
    });
    afterEach(() => {
      range.getClientRects = original.rects;
      range.getBoundingClientRect = original.box;
    });

    it('should refuse a link that is not a web or e-mail address and add a good one to the text', async () => {
      const { app, container, autosave } = await openEditor(survey());
      await waitFor(() => expect(container.querySelector('[role="toolbar"]')).not.toBeNull(), 400);
      const toolbar = container.querySelector('[role="toolbar"]') as HTMLElement;
      expect([...toolbar.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
        'BVet',
        'ICursief',
        '•Opsomming',
        '1.Genummerde lijst',
        'Link',
      ]);
      await click(button(toolbar, 'Link'));
      const href = byLabel(container, 'Linkadres');
      expect(document.activeElement).toBe(href);
      await type(href, 'javascript:alert(1)');
      await click(button(container, 'Link toepassen'));
      expect(document.getElementById(href.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Gebruik een webadres (https://…) of een e-mailadres (mailto:…).',
      );
      expect(container.querySelector('.rich-text-content a')).toBeNull();

      await type(href, 'www.loop.nl');
      await click(button(container, 'Link toepassen'));
      const link = container.querySelector('.rich-text-content a');
      expect(link?.getAttribute('href')).toBe('https://www.loop.nl');
      expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
      await autosave.fire();
      const saved = puts(app).at(-1)?.body as { description_html: string };
      expect(saved.description_html).toContain('href="https://www.loop.nl"');
      expect(saved.description_html).not.toContain('javascript');
    });
  });

  describe('Likert editor', () => {
    it('should switch to 7 points with the 7-point labels and a matrix preview, and save it', async () => {
      const { app, container, autosave } = await openEditor(survey());
      const likertCard = card(container, 1);
      expect(
        [...likertCard.querySelectorAll('.likert-labels input')].map((i) => (i as HTMLInputElement).value),
      ).toEqual(['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens']);

      await click(byLabel(likertCard, '7 punten'));
      expect(
        [...likertCard.querySelectorAll('.likert-labels input')].map((i) => (i as HTMLInputElement).value),
      ).toEqual([
        'Helemaal oneens',
        'Oneens',
        'Een beetje oneens',
        'Neutraal',
        'Een beetje eens',
        'Eens',
        'Helemaal eens',
      ]);
      const header = [...likertCard.querySelectorAll('.likert-preview thead th')].map((th) => th.textContent);
      expect(header).toHaveLength(7);
      expect(likertCard.querySelector('.likert-preview th.is-neutral')?.textContent).toBe('Neutraal');

      await type(byLabel(likertCard, 'Label punt 7'), 'Volledig mee eens');
      expect(likertCard.querySelector('.likert-preview thead th:last-child')?.textContent).toBe(
        'Volledig mee eens',
      );
      expect(saveStatus(container)).toBe('Opslaan…');

      await autosave.fire();
      await waitFor(() => expect(saveStatus(container)).toBe('Opgeslagen'));
      expect(puts(app)).toHaveLength(1);
      const saved = puts(app)[0]?.body as { version: number; questions: Question[] };
      expect(saved.version).toBe(3);
      expect(saved.questions[0]).toMatchObject({
        type: 'likert',
        settings: { points: 7, neutral_middle: true, labels: expect.arrayContaining(['Volledig mee eens']) },
      });
    });

    it('should add, fill, reorder and remove statements, focusing the new one', async () => {
      const { app, container, autosave } = await openEditor(survey());
      const likertCard = card(container, 1);
      await click(button(likertCard, 'Stelling toevoegen'));
      const second = byLabel(likertCard, 'Stelling 2');
      expect(document.activeElement).toBe(second);
      await type(second, 'Mijn werkdruk is goed te doen.');
      expect(
        [...likertCard.querySelectorAll('.likert-preview tbody th')].map((th) => th.textContent),
      ).toEqual(['Ik werk hier met plezier.', 'Mijn werkdruk is goed te doen.']);

      await click(likertCard.querySelector('[aria-label="Stelling 2 omhoog"]'));
      expect(byLabel(likertCard, 'Stelling 1').value).toBe('Mijn werkdruk is goed te doen.');
      // The moved statement is first now, so its 'omhoog' is disabled and 'omlaag' has the focus.
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Stelling 1 omlaag');

      await click(likertCard.querySelector('[aria-label="Stelling 2 verwijderen"]'));
      expect(likertCard.querySelectorAll('.item-row')).toHaveLength(1);
      expect(document.activeElement).toBe(byLabel(likertCard, 'Stelling 1'));

      await autosave.fire();
      const saved = puts(app).at(-1)?.body as { questions: Question[] };
      expect(saved.questions[0]?.type === 'likert' && saved.questions[0].settings.statements).toEqual([
        { id: expect.any(String), text: 'Mijn werkdruk is goed te doen.' },
      ]);
    });

    it('should save an empty statement and mark its question with what it lacks', async () => {
      const { app, container, autosave } = await openEditor(survey());
      const likertCard = card(container, 1);
      await click(button(likertCard, 'Stelling toevoegen'));
      await autosave.fire();
      expect(puts(app)).toHaveLength(1);
      await waitFor(() => expect(saveStatus(container)).toBe('Opgeslagen'));
      const second = byLabel(likertCard, 'Stelling 2');
      expect(second.getAttribute('aria-invalid')).toBeNull();
      expect(likertCard.querySelector('[data-testid="question-incomplete"]')?.textContent).toBe(
        'Nog niet af: vul stelling 2 in',
      );
    });
  });

  describe('reordering questions', () => {
    it('should move a question with the Omlaag button, keep the focus on it and announce it', async () => {
      const { container } = await openEditor(survey());
      const down = button(card(container, 1), 'Omlaag');
      down?.focus();
      await click(down);
      expect(cards(container).map((c) => c.dataset.questionId)).toEqual(['q-nps', 'q-likert']);
      // At the bottom 'Omlaag' is disabled, so 'Omhoog' of the moved question has the focus.
      expect(document.activeElement).toBe(button(card(container, 2), 'Omhoog'));
      expect(container.querySelector('.question-list ~ [aria-live="polite"]')?.textContent).toBe(
        "Vraag 1 ('Hoe ervaar je je werk?') staat nu op plaats 2 van 2.",
      );
    });

    it('should pick a question up with the keyboard on its handle and put it down one place lower', async () => {
      const { container, app, autosave } = await openEditor(survey());
      // jsdom has no layout: give each question a box by its place in the list, as a browser would.
      const rect = Element.prototype.getBoundingClientRect;
      Element.prototype.getBoundingClientRect = function (this: Element) {
        const item = this.closest('.question-item');
        const index = item ? [...(item.parentElement?.children ?? [])].indexOf(item) : 0;
        const top = index * 200;
        return {
          x: 0,
          y: top,
          top,
          left: 0,
          right: 600,
          bottom: top + 180,
          width: 600,
          height: 180,
          toJSON: () => ({}),
        };
      };
      try {
        const handle = card(container, 1).querySelector<HTMLElement>('.drag-handle');
        expect(handle?.getAttribute('aria-roledescription')).toBe('versleepbare vraag');
        const instructions = document.getElementById(handle?.getAttribute('aria-describedby') ?? '');
        expect(instructions?.textContent).toContain('Druk op spatie of Enter om de vraag op te pakken.');
        handle?.focus();
        const key = async (code: string) => {
          await act(async () => {
            document.activeElement?.dispatchEvent(
              new KeyboardEvent('keydown', { code, key: code, bubbles: true }),
            );
          });
          await settle();
        };
        await key('Space');
        await key('ArrowDown');
        await key('Space');
        await waitFor(() =>
          expect(cards(container).map((c) => c.dataset.questionId)).toEqual(['q-nps', 'q-likert']),
        );
        await autosave.fire();
        const saved = puts(app).at(-1)?.body as { questions: Question[] };
        expect(saved.questions.map((q) => `${q.position}:${q.id}`)).toEqual(['0:q-nps', '1:q-likert']);
      } finally {
        Element.prototype.getBoundingClientRect = rect;
      }
    });
  });

  describe('a survey with answers', () => {
    it('should show the notice and lock what would break the answers, saying why', async () => {
      const { container } = await openEditor(survey({ status: 'open', response_count: 12 }));
      expect(container.querySelector('[data-testid="open-survey-notice"]')?.textContent).toContain(
        'Deze survey heeft al antwoorden.',
      );
      const likertCard = card(container, 1);
      expect(byLabel(likertCard, 'Soort vraag').disabled).toBe(true);
      expect(byLabel(likertCard, '5 punten').disabled).toBe(true);
      expect(likertCard.textContent).toContain('Het aantal punten ligt vast');
      expect(button(likertCard, 'Verwijderen')?.disabled).toBe(true);
      expect(
        (likertCard.querySelector('[aria-label="Stelling 1 verwijderen"]') as HTMLButtonElement).disabled,
      ).toBe(true);
      const npsCard = card(container, 2);
      expect(byLabel(npsCard, 'Verplicht').disabled).toBe(true);
      expect(npsCard.textContent).toContain('Kan niet meer verplicht worden');
      expect(button(container, 'Terug naar concept')).toBeNull();
      expect(button(container, 'Sluiten')).not.toBeNull();
    });
  });

  describe('saving', () => {
    it('should say so when someone else saved first and load the latest version on request', async () => {
      let current = survey();
      const { container, autosave } = await openEditor(() => current, {
        put: () => json(409, { detail: 'Deze survey is intussen ergens anders gewijzigd.' }),
      });
      await type(byLabel(container, 'Titel'), 'Mijn titel');
      await autosave.fire();
      await waitFor(() =>
        expect(saveStatus(container)).toBe(
          'Niet opgeslagen: Deze survey is intussen ergens anders gewijzigd.',
        ),
      );
      current = survey({ title: 'Van een collega', version: 8 });
      await click(button(container, 'Nieuwste versie laden'));
      await waitFor(() => expect(byLabel(container, 'Titel').value).toBe('Van een collega'));
      expect(saveStatus(container)).toBe('Opgeslagen');
      expect(button(container, 'Nieuwste versie laden')).toBeNull();
    });

    it('should show a refused edit beside its question and keep the text', async () => {
      const message = "De vraag 'Zou je ons aanbevelen?' kan niet meer verplicht worden.";
      const { container, autosave } = await openEditor(survey({ status: 'open' }), {
        put: () => json(409, { detail: message, fields: { 'questions.q-nps': message } }),
      });
      await click(byLabel(card(container, 2), 'Verplicht'));
      await autosave.fire();
      await waitFor(() => expect(saveStatus(container)).toBe(`Niet opgeslagen: ${message}`));
      expect(card(container, 2).querySelector('[role="alert"]')?.textContent).toBe(message);
      expect(byLabel(card(container, 2), 'Verplicht').checked).toBe(true);
    });
  });

  describe('an incomplete draft', () => {
    const empty = (id: string, position: number): Question => ({
      id,
      type: 'open_short',
      title: '',
      required: false,
      position,
      settings: { max_length: 250 },
    });

    it('should save new empty questions at the pause and mark each one, named in its description', async () => {
      const { app, container, autosave } = await openEditor(survey());
      await click(container.querySelector('[data-testid="add-question-open_short"]'));
      await click(container.querySelector('[data-testid="add-question-single_choice"]'));
      await autosave.fire();
      await waitFor(() => expect(saveStatus(container)).toBe('Opgeslagen'));
      const saved = puts(app).at(-1)?.body as { questions: Question[] };
      expect(saved.questions.map((question) => [question.type, question.title])).toEqual([
        ['likert', 'Hoe ervaar je je werk?'],
        ['nps', 'Zou je ons aanbevelen?'],
        ['open_short', ''],
        ['single_choice', ''],
      ]);
      const markers = cards(container).map(
        (c) => c.querySelector('[data-testid="question-incomplete"]')?.textContent ?? null,
      );
      expect(markers).toEqual([
        null,
        null,
        'Nog niet af: vul de vraagtekst in',
        'Nog niet af: vul de vraagtekst in',
      ]);
      const third = card(container, 3);
      expect(document.getElementById(third.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Nog niet af: vul de vraagtekst in',
      );
      // Nothing shouts while drafting: the fields are not marked invalid until publishing is tried.
      expect(byLabel(third, 'Vraagtekst').getAttribute('aria-invalid')).toBeNull();
      await type(byLabel(third, 'Vraagtekst'), 'Wat kan beter?');
      expect(third.querySelector('[data-testid="question-incomplete"]')).toBeNull();
    });

    it('should list what to fill in on Publiceren, each item taking you to its question', async () => {
      const { app, container } = await openEditor(
        survey({ title: '', questions: [likert, empty('q-a', 1), nps, empty('q-b', 3)] }),
      );
      await click(button(container, 'Publiceren'));
      const list = await waitFor(() => {
        const found = container.querySelector('[data-testid="opening-problems"]');
        expect(found).not.toBeNull();
        return found as HTMLElement;
      });
      expect(app.api.seen.filter((request) => request.path === '/surveys/5/status')).toEqual([]);
      expect(list.querySelector('[role="alert"]')?.textContent).toBe(
        'Nog niet klaar om te publiceren. Maak eerst af:',
      );
      expect([...list.querySelectorAll('li button')].map((b) => b.textContent)).toEqual([
        'Geef de survey een titel',
        'Vraag 2: vul de vraagtekst in',
        'Vraag 4: vul de vraagtekst in',
      ]);
      expect(container.querySelector('[data-testid="survey-status"]')?.textContent).toBe('Concept');

      await click(button(list, 'Vraag 4: vul de vraagtekst in'));
      const fourth = byLabel(card(container, 4), 'Vraagtekst');
      expect(document.activeElement).toBe(fourth);
      expect(fourth.getAttribute('aria-invalid')).toBe('true');
      expect(container.querySelector(`#${fourth.id}-error`)?.textContent).toBe('Vul de vraag in.');
      await click(button(list, 'Geef de survey een titel'));
      expect(document.activeElement).toBe(byLabel(container, 'Titel'));

      // The list follows the draft: a question filled in leaves it.
      await type(fourth, 'Wat kan beter?');
      expect([...list.querySelectorAll('li button')].map((b) => b.textContent)).toEqual([
        'Geef de survey een titel',
        'Vraag 2: vul de vraagtekst in',
      ]);
      expect(fourth.getAttribute('aria-invalid')).toBeNull();
    });

    it('should keep the draft when the editor is left unsaved and opened again', async () => {
      const { app, container } = await openEditor(survey(), {
        put: () => json(503, { detail: 'Even onderhoud.' }),
      });
      await click(container.querySelector('[data-testid="add-question-open_short"]'));
      await act(async () => app.location.navigate('/profiel'));
      await waitFor(() => expect(container.querySelector('[data-testid="save-status"]')).toBeNull());
      await act(async () => app.location.navigate('/survey/5/edit'));
      await waitFor(() => expect(cards(container)).toHaveLength(3), 400);
      expect(saveStatus(container)).toBe('Niet opgeslagen: Even onderhoud.');
      expect(card(container, 3).querySelector('[data-testid="question-incomplete"]')).not.toBeNull();
    });
  });

  describe('status and templates', () => {
    it('should publish the survey and show its new status', async () => {
      const { app, container } = await openEditor(survey());
      expect(container.querySelector('[data-testid="survey-status"]')?.textContent).toBe('Concept');
      await click(button(container, 'Publiceren'));
      await waitFor(() =>
        expect(container.querySelector('[data-testid="survey-status"]')?.textContent).toBe('Open'),
      );
      expect(app.api.seen.find((r) => r.path === '/surveys/5/status')?.body).toEqual({ status: 'open' });
      expect(button(container, 'Sluiten')).not.toBeNull();
      expect(button(container, 'Terug naar concept')).not.toBeNull();
    });

    it("should show the server's reason when publishing is refused", async () => {
      const { container } = await openEditor(survey(), {
        status: () => json(409, { detail: 'Voeg eerst minstens één vraag toe.' }),
      });
      await click(button(container, 'Publiceren'));
      await waitFor(() =>
        expect(container.querySelector('.status-actions [role="alert"]')?.textContent).toBe(
          'Voeg eerst minstens één vraag toe.',
        ),
      );
      expect(container.querySelector('[data-testid="survey-status"]')?.textContent).toBe('Concept');
    });

    it('should offer template managers to save the survey as a template', async () => {
      const plain = await openEditor(survey());
      expect(button(plain.container, 'Opslaan als sjabloon')).toBeNull();
      unmountAll();

      const { app, container } = await openEditor(survey(), { manager: true });
      await waitFor(() => expect(button(container, 'Opslaan als sjabloon')).not.toBeNull());
      await click(button(container, 'Opslaan als sjabloon'));
      const name = byLabel(container, 'Naam van het sjabloon');
      expect(document.activeElement).toBe(name);
      expect(name.value).toBe('Medewerkerstevredenheid');
      await type(name, 'MTO kort');
      await click(button(container, 'Sjabloon opslaan'));
      await waitFor(() => expect(button(container, 'Opslaan als sjabloon')).not.toBeNull());
      expect(app.api.seen.find((r) => r.path === '/survey-templates')?.body).toEqual({
        name: 'MTO kort',
        description: '',
        title: 'Medewerkerstevredenheid',
        description_html: '<p>Over je werk</p>',
        introduction_html: '',
        thank_you_text: 'Bedankt!',
        questions: [likert, nps],
        logic: { rules: [], end_screens: [], hidden_fields: [] },
      });
      expect(document.activeElement).toBe(button(container, 'Opslaan als sjabloon'));
    });
  });

  it('should add a question of each type, focusing its title', async () => {
    const { container } = await openEditor(survey({ questions: [] }));
    expect(container.textContent).toContain('Nog geen vragen.');
    const types = ['likert', 'single_choice', 'multiple_choice', 'open_short', 'open_long', 'nps', 'rating'];
    for (const type of types) {
      await click(container.querySelector(`[data-testid="add-question-${type}"]`));
      expect(document.activeElement).toBe(byLabel(cards(container).at(-1) as HTMLElement, 'Vraagtekst'));
    }
    expect(cards(container).map((c) => byLabel(c, 'Soort vraag').value)).toEqual(types);
    expect(container.querySelector('[data-testid="add-question-nps"]')?.textContent).toBe('+ NPS toevoegen');
  });

  it('should set the retention in its own section, apart from the autosave', async () => {
    const { app, container } = await openEditor(survey({ retention_until: '2030-06-30' }), {
      role: 'manager',
      routes: {
        'PUT /surveys/5/retention': (request) => json(200, { ...survey(), ...(request.body as object) }),
      },
    });
    const section = container.querySelector('section[aria-labelledby="retention-heading"]');
    if (!section) throw new Error('no retention section');
    expect(section.querySelector('h2')?.textContent).toBe('Bewaartermijn');
    expect(section.querySelector('[data-testid="retention-summary"]')?.textContent).toBe(
      'Antwoorden worden bewaard tot en met 30 juni 2030.',
    );
    expect(section.textContent).toContain('Na de bewaartermijn wist Loop de open antwoorden');
    expect(byLabel(section, 'Bewaren tot en met').value).toBe('2030-06-30');
    await click(byLabel(section, 'Geen bewaartermijn'));
    await click(button(section, 'Bewaartermijn opslaan'));
    await waitFor(() =>
      expect(section.querySelector('[data-testid="retention-summary"]')?.textContent).toBe(
        'Geen bewaartermijn: antwoorden blijven bewaard tot je ze wist of de survey verwijdert.',
      ),
    );
    expect(puts(app).map((request) => [request.path, request.body])).toEqual([
      ['/surveys/5/retention', { retention_until: null, retention_months: null }],
    ]);
  });

  it('should make an anonymous survey named again beside the retention', async () => {
    const { app, container } = await openEditor(survey({ anonymous: true }), {
      role: 'manager',
      routes: {
        'PUT /surveys/5/anonymity': (request) => json(200, { ...survey(), ...(request.body as object) }),
      },
    });
    const section = container.querySelector('section[aria-labelledby="anonymity-heading"]');
    if (!section) throw new Error('no anonymity section');
    expect(section.previousElementSibling?.getAttribute('aria-labelledby')).toBe('retention-heading');
    const box = byLabel(section, 'Anonieme survey');
    expect(box.checked).toBe(true);
    await click(box);
    await waitFor(() => expect(byLabel(section, 'Anonieme survey').checked).toBe(false));
    expect(puts(app).map((request) => [request.path, request.body])).toEqual([
      ['/surveys/5/anonymity', { anonymous: false }],
    ]);
  });

  it('should not offer a viewer the editor, and say why', async () => {
    const app = createSignedInApp({
      role: 'viewer',
      path: '/survey/5/edit',

      routes: {
        'GET /surveys/5': () => json(200, survey()),
      },
    });
    const { container } = await render(<App container={app.container} locationHook={app.location.hook} />);
    await waitFor(() =>
      expect(container.textContent).toContain(
        'Met de rol Lezer kun je surveys bekijken, maar niet maken of wijzigen.',
      ),
    );
    expect(container.querySelector('[data-testid="save-status"]')).toBeNull();
    expect(container.querySelector('a[href="/survey/5"]')?.textContent).toBe('Resultaten');
    expect(container.querySelector('a[href="/survey/5/preview"]')?.textContent).toBe('Voorbeeld');
    await settle();
    expect(app.api.seen.filter((request) => request.path === '/surveys/5')).toEqual([]);
  });
});
