import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../api/apiResult';
import type {
  Question,
  Survey,
  SurveyStatus,
  SurveyTemplate,
  SurveyTemplateInput,
  SurveyUpdateRequest,
} from '../contract/surveys';
import type { Timer } from '../session/ports';
import { type Deferred, deferred } from '../testing/deferred';
import type { SurveysGateway, SurveyTemplatesGateway } from './ports';
import {
  AUTOSAVE_DELAY_MS,
  AUTOSAVE_RETRY_MS,
  createSurveyEditorPool,
  SurveyEditor,
  saveStatusText,
} from './SurveyEditor';

/** A timer on a virtual clock: `advance` runs what falls due, in order. */
class FakeTimer implements Timer {
  now = 0;
  readonly tasks: Array<{ at: number; task: () => void; cancelled: boolean }> = [];

  after(ms: number, task: () => void): () => void {
    const entry = { at: this.now + ms, task, cancelled: false };
    this.tasks.push(entry);
    return () => {
      entry.cancelled = true;
    };
  }

  pending(): number {
    return this.tasks.filter((entry) => !entry.cancelled).length;
  }

  async advance(ms: number): Promise<void> {
    const until = this.now + ms;
    for (;;) {
      const due = this.tasks
        .filter((entry) => !entry.cancelled && entry.at <= until)
        .sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.now = due.at;
      due.cancelled = true;
      due.task();
      await settle();
    }
    this.now = until;
    await settle();
  }
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

const likert: Question = {
  id: 'q-likert',
  type: 'likert',
  title: 'Hoe tevreden ben je?',
  required: true,
  position: 0,
  settings: {
    points: 5,
    labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
    neutral_middle: true,
    statements: [{ id: 's-1', text: 'Ik werk hier met plezier.' }],
  },
};

const nps: Question = {
  id: 'q-nps',
  type: 'nps',
  title: 'Zou je ons aanbevelen?',
  required: false,
  position: 1,
  settings: {},
};

const SURVEY: Survey = {
  id: 5,
  organization_id: 7,
  title: 'Medewerkerstevredenheid',
  description_html: '',
  introduction_html: '<p>Welkom</p>',
  thank_you_text: 'Bedankt!',
  status: 'draft',
  close_at: null,
  created_at: '2026-05-01T08:00:00.000Z',
  updated_at: '2026-05-01T08:00:00.000Z',
  published_at: null,
  closed_at: null,
  questions: [likert, nps],
  response_count: 0,
  version: 3,
  estimated_seconds: 27,
  retention_until: null,
  retention_months: null,
};

/** A gateway whose saves wait for the test; other calls answer at once from `answers`. */
class FakeGateway implements SurveysGateway {
  readonly saves: Array<{ id: number; body: SurveyUpdateRequest; answer: Deferred<ApiResult<Survey>> }> = [];
  readonly calls: string[] = [];
  getAnswers: ApiResult<Survey>[] = [];
  statusAnswer: ApiResult<Survey> | null = null;

  list = async () => apiFailure(500, 'niet gebruikt');
  create = async () => apiFailure(500, 'niet gebruikt');
  duplicate = async () => apiFailure(500, 'niet gebruikt');
  remove = async () => apiFailure(500, 'niet gebruikt');

  get = async (id: number): Promise<ApiResult<Survey>> => {
    this.calls.push(`GET ${id}`);
    return this.getAnswers.shift() ?? apiOk(SURVEY);
  };

  update = (id: number, body: SurveyUpdateRequest): Promise<ApiResult<Survey>> => {
    this.calls.push(`PUT ${id} v${body.version}`);
    const answer = deferred<ApiResult<Survey>>();
    this.saves.push({ id, body, answer });
    return answer.promise;
  };

  changeStatus = async (id: number, status: SurveyStatus): Promise<ApiResult<Survey>> => {
    this.calls.push(`STATUS ${id} ${status}`);
    return this.statusAnswer ?? apiOk({ ...SURVEY, status, published_at: '2026-05-02T08:00:00.000Z' });
  };

  /** Answers the latest save as the server would: the body's content with the next version. */
  async acceptLatest(): Promise<void> {
    const save = this.saves.at(-1);
    if (!save) throw new Error('no save was sent');
    const { version, ...content } = save.body;
    save.answer.resolve(apiOk({ ...SURVEY, ...content, version: version + 1 }));
    await settle();
  }

  async answerLatest(result: ApiResult<Survey>): Promise<void> {
    const save = this.saves.at(-1);
    if (!save) throw new Error('no save was sent');
    save.answer.resolve(result);
    await settle();
  }
}

class FakeTemplates implements SurveyTemplatesGateway {
  readonly created: SurveyTemplateInput[] = [];
  list = async () => apiOk([] as readonly SurveyTemplate[]);
  update = async () => apiFailure(500, 'niet gebruikt');
  remove = async () => apiFailure(500, 'niet gebruikt');
  create = async (input: SurveyTemplateInput): Promise<ApiResult<SurveyTemplate>> => {
    this.created.push(input);
    return apiOk({
      ...input,
      id: 11,
      organization_id: 7,
      built_in: false,
      estimated_seconds: 30,
      created_at: '2026-05-01T08:00:00.000Z',
      updated_at: '2026-05-01T08:00:00.000Z',
    });
  };
}

let gateway: FakeGateway;
let templates: FakeTemplates;
let timer: FakeTimer;
let editor: SurveyEditor;
let nextId: number;

beforeEach(() => {
  gateway = new FakeGateway();
  templates = new FakeTemplates();
  timer = new FakeTimer();
  nextId = 1;
  editor = new SurveyEditor({ gateway, templates, timer, ids: { newId: () => `new-${nextId++}` } });
});

const state = () => editor.getSnapshot();
const statusText = () => saveStatusText(state().save);

async function loaded(): Promise<void> {
  await editor.load(5);
}

describe('SurveyEditor', () => {
  describe('load', () => {
    it('should hold the survey and its content as the draft', async () => {
      const first = editor.load(5);
      expect(state().status).toBe('loading');
      await first;
      expect(state().status).toBe('ready');
      expect(state().draft).toEqual({
        title: 'Medewerkerstevredenheid',
        description_html: '',
        introduction_html: '<p>Welkom</p>',
        thank_you_text: 'Bedankt!',
        close_at: null,
        questions: [likert, nps],
      });
      expect(statusText()).toBe('Opgeslagen');
    });

    it('should share one request between two loads of the same survey', async () => {
      await Promise.all([editor.load(5), editor.load(5)]);
      expect(gateway.calls).toEqual(['GET 5']);
    });

    it("should show the server's reason when loading fails and load again when asked", async () => {
      gateway.getAnswers = [apiFailure(404, 'Survey niet gevonden.')];
      await editor.load(5);
      expect(state()).toMatchObject({ status: 'failed', loadError: 'Survey niet gevonden.' });
      await editor.load(5);
      expect(state().status).toBe('ready');
      expect(gateway.calls).toEqual(['GET 5', 'GET 5']);
    });
  });

  describe('autosave', () => {
    it('should save once, 800 ms after the last of several quick changes', async () => {
      await loaded();
      editor.edit({ title: 'M' });
      await timer.advance(500);
      editor.edit({ title: 'Medewerkers 2026' });
      await timer.advance(AUTOSAVE_DELAY_MS - 1);
      expect(gateway.saves).toHaveLength(0);
      expect(statusText()).toBe('Opslaan…');
      await timer.advance(1);
      expect(gateway.saves).toHaveLength(1);
      expect(gateway.saves[0]?.body).toMatchObject({ title: 'Medewerkers 2026', version: 3 });
      expect(state().save).toEqual({ kind: 'saving' });
    });

    it('should adopt the version the server returns and send it with the next save', async () => {
      await loaded();
      editor.edit({ title: 'Eerste' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.acceptLatest();
      expect(state().save).toEqual({ kind: 'saved' });
      expect(state().survey?.version).toBe(4);
      editor.edit({ title: 'Tweede' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.calls).toEqual(['GET 5', 'PUT 5 v3', 'PUT 5 v4']);
      expect(editor.hasUnsavedChanges()).toBe(true);
      await gateway.acceptLatest();
      expect(editor.hasUnsavedChanges()).toBe(false);
    });

    it('should keep one save in flight and send the changes made meanwhile together afterwards', async () => {
      await loaded();
      editor.edit({ title: 'Een' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      editor.edit({ title: 'Twee' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      editor.edit({ thank_you_text: 'Dank je wel!' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.saves).toHaveLength(1);
      expect(statusText()).toBe('Opslaan…');
      await gateway.acceptLatest();
      expect(gateway.saves).toHaveLength(2);
      expect(gateway.saves[1]?.body).toMatchObject({
        title: 'Twee',
        thank_you_text: 'Dank je wel!',
        version: 4,
      });
      await gateway.acceptLatest();
      expect(gateway.saves).toHaveLength(2);
      expect(statusText()).toBe('Opgeslagen');
    });

    it('should wait for the pause when the change during a save is still being typed', async () => {
      await loaded();
      editor.edit({ title: 'Een' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      editor.edit({ title: 'Twee' });
      await gateway.acceptLatest();
      expect(gateway.saves).toHaveLength(1);
      expect(state().save).toEqual({ kind: 'pending' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.saves).toHaveLength(2);
    });

    it("should not overwrite what the user typed meanwhile with the server's answer", async () => {
      await loaded();
      editor.edit({ title: 'Een ' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      editor.edit({ title: 'Een titel' });
      await gateway.answerLatest(apiOk({ ...SURVEY, title: 'Een', version: 4 }));
      expect(state().draft?.title).toBe('Een titel');
      expect(state().survey?.title).toBe('Een');
    });

    it('should save at once on flush, without waiting for the pause', async () => {
      await loaded();
      editor.edit({ title: 'Nu' });
      const flushed = editor.flush();
      expect(gateway.saves).toHaveLength(1);
      await gateway.acceptLatest();
      expect(await flushed).toEqual({ kind: 'saved' });
      expect(timer.pending()).toBe(0);
    });

    it('should send nothing when nothing changed', async () => {
      await loaded();
      expect(await editor.flush()).toEqual({ kind: 'saved' });
      editor.edit({});
      await timer.advance(AUTOSAVE_DELAY_MS * 2);
      expect(gateway.saves).toHaveLength(0);
    });
  });

  describe('stale version', () => {
    it('should stop saving and say so until the latest version is loaded', async () => {
      await loaded();
      editor.edit({ title: 'Mijn titel' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.answerLatest(
        apiFailure(409, 'Deze survey is intussen ergens anders gewijzigd. Laad de nieuwste versie.'),
      );
      expect(state().save).toEqual({ kind: 'stale' });
      expect(statusText()).toBe('Niet opgeslagen: Deze survey is intussen ergens anders gewijzigd.');
      editor.edit({ title: 'Nog een wijziging' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(await editor.flush()).toEqual({ kind: 'stale' });
      expect(gateway.saves).toHaveLength(1);
      expect(state().draft?.title).toBe('Nog een wijziging');
    });

    it('should load the latest version in place of the draft and save on top of it', async () => {
      await loaded();
      editor.edit({ title: 'Mijn titel' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.answerLatest(apiFailure(409, 'Verouderd.'));
      gateway.getAnswers = [apiOk({ ...SURVEY, title: 'Van een collega', version: 9 })];
      const latest = await editor.loadLatest();
      expect(latest.ok).toBe(true);
      expect(state().draft?.title).toBe('Van een collega');
      expect(state().save).toEqual({ kind: 'saved' });
      editor.edit({ title: 'Verder' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.calls.at(-1)).toBe('PUT 5 v9');
    });
  });

  describe('refused and invalid edits', () => {
    it('should show a refused edit beside its question and keep the text the user typed', async () => {
      await loaded();
      editor.updateQuestion('q-nps', (question) => ({ ...question, required: true }));
      editor.edit({ title: 'Nieuwe titel' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      const message = 'De vraag ‘Zou je ons aanbevelen?’ kan niet meer verplicht worden.';
      await gateway.answerLatest({
        ok: false,
        status: 409,
        detail: message,
        fields: { 'questions.q-nps': message },
      });
      expect(state().save).toEqual({ kind: 'refused', message });
      expect(statusText()).toBe(`Niet opgeslagen: ${message}`);
      expect(state().issues.questions['q-nps']).toEqual({ question: message });
      expect(state().draft?.title).toBe('Nieuwe titel');
      expect(state().draft?.questions[1]?.required).toBe(true);
      // The refusal stays until a save succeeds, which then clears it.
      editor.updateQuestion('q-nps', (question) => ({ ...question, required: false }));
      expect(state().issues.questions['q-nps']).toEqual({ question: message });
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.acceptLatest();
      expect(state().issues).toEqual({ survey: {}, questions: {} });
      expect(statusText()).toBe('Opgeslagen');
    });

    it('should not send an incomplete draft and mark its fields when the user pauses', async () => {
      await loaded();
      const id = editor.addQuestion('open_short');
      expect(state().issues.questions[id]).toBeUndefined();
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.saves).toHaveLength(0);
      expect(state().save).toEqual({ kind: 'invalid' });
      expect(statusText()).toBe('Niet opgeslagen: vul de gemarkeerde velden in.');
      expect(state().issues.questions[id]).toEqual({ title: 'Vul de vraag in.' });
    });

    it('should lift a mark as soon as the field is fixed and then save', async () => {
      await loaded();
      const id = editor.addQuestion('open_short');
      editor.edit({ title: '' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(state().issues.survey).toEqual({ title: 'Geef de survey een titel.' });
      editor.updateQuestion(id, (question) => ({ ...question, title: 'Wat kan beter?' }));
      expect(state().issues.questions[id]).toBeUndefined();
      expect(state().issues.survey).toEqual({ title: 'Geef de survey een titel.' });
      expect(state().save).toEqual({ kind: 'invalid' });
      editor.edit({ title: 'Evaluatie' });
      expect(state().issues).toEqual({ survey: {}, questions: {} });
      expect(state().save).toEqual({ kind: 'pending' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.saves).toHaveLength(1);
    });

    it("should put the server's 400 fields beside the question they name by index", async () => {
      await loaded();
      editor.edit({ title: 'Nieuw' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.answerLatest({
        ok: false,
        status: 400,
        detail: 'De gegevens zijn niet geldig.',
        fields: { 'questions.1.settings.low_label': 'Een label mag hoogstens 60 tekens lang zijn.' },
      });
      expect(state().save).toEqual({ kind: 'invalid' });
      expect(state().issues.questions['q-nps']).toEqual({
        'settings.low_label': 'Een label mag hoogstens 60 tekens lang zijn.',
      });
    });
  });

  describe('failures', () => {
    it('should say why a save failed and try again a little later', async () => {
      await loaded();
      editor.edit({ title: 'Offline' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.answerLatest(apiFailure(0, 'Kan de server niet bereiken.'));
      expect(statusText()).toBe('Niet opgeslagen: Kan de server niet bereiken.');
      await timer.advance(AUTOSAVE_RETRY_MS - 1);
      expect(gateway.saves).toHaveLength(1);
      await timer.advance(1);
      expect(gateway.saves).toHaveLength(2);
      await gateway.acceptLatest();
      expect(statusText()).toBe('Opgeslagen');
    });

    it('should give up retrying by itself after five attempts', async () => {
      await loaded();
      editor.edit({ title: 'Offline' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      for (let i = 0; i < 7; i++) {
        if (gateway.saves.length === i + 1) await gateway.answerLatest(apiFailure(503, 'Onderhoud.'));
        await timer.advance(AUTOSAVE_RETRY_MS);
      }
      expect(gateway.saves).toHaveLength(6);
      expect(timer.pending()).toBe(0);
    });

    it('should not retry a refusal that will not change by itself', async () => {
      await loaded();
      editor.edit({ title: 'Nieuw' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.answerLatest(apiFailure(404, 'Survey niet gevonden.'));
      await timer.advance(AUTOSAVE_RETRY_MS * 3);
      expect(gateway.saves).toHaveLength(1);
      expect(statusText()).toBe('Niet opgeslagen: Survey niet gevonden.');
    });
  });

  describe('questions', () => {
    it('should add, duplicate, move, remove and restore questions, renumbered', async () => {
      await loaded();
      const added = editor.addQuestion('rating');
      expect(added).toBe('new-1');
      const copy = editor.duplicateQuestion('q-likert');
      expect(copy).toBe('new-2');
      const ids = () => state().draft?.questions.map((question) => `${question.position}:${question.id}`);
      expect(ids()).toEqual(['0:q-likert', '1:new-2', '2:q-nps', '3:new-1']);
      editor.moveQuestion('new-1', 0);
      expect(ids()).toEqual(['0:new-1', '1:q-likert', '2:new-2', '3:q-nps']);
      const removed = editor.removeQuestion('q-likert');
      expect(removed?.index).toBe(1);
      expect(ids()).toEqual(['0:new-1', '1:new-2', '2:q-nps']);
      if (removed) {
        editor.restoreQuestion(removed);
        editor.restoreQuestion(removed);
      }
      expect(ids()).toEqual(['0:new-1', '1:q-likert', '2:new-2', '3:q-nps']);
      expect(editor.removeQuestion('onbekend')).toBeNull();
    });

    it('should not count a move to the same place as a change', async () => {
      await loaded();
      editor.moveQuestion('q-likert', 0);
      expect(editor.hasUnsavedChanges()).toBe(false);
      editor.moveQuestion('q-likert', 1);
      expect(editor.hasUnsavedChanges()).toBe(true);
    });

    it('should change a question to another type, keeping its title', async () => {
      await loaded();
      editor.changeQuestionType('q-nps', 'rating');
      expect(state().draft?.questions[1]).toEqual({
        id: 'q-nps',
        type: 'rating',
        title: 'Zou je ons aanbevelen?',
        required: false,
        position: 1,
        settings: { scale: 5, style: 'stars' },
      });
    });
  });

  describe('changeStatus', () => {
    it('should save pending changes first and adopt the new status but keep the version', async () => {
      await loaded();
      editor.edit({ title: 'Klaar' });
      const publishing = editor.changeStatus('open');
      await settle();
      expect(gateway.calls).toEqual(['GET 5', 'PUT 5 v3']);
      await gateway.acceptLatest();
      const result = await publishing;
      expect(result.ok).toBe(true);
      expect(gateway.calls).toEqual(['GET 5', 'PUT 5 v3', 'STATUS 5 open']);
      expect(state().survey).toMatchObject({ status: 'open', version: 4, title: 'Klaar' });
    });

    it('should not publish while fields need attention', async () => {
      await loaded();
      editor.addQuestion('nps');
      const result = await editor.changeStatus('open');
      expect(result).toEqual({
        ok: false,
        message: 'Vul eerst de gemarkeerde velden in, zodat alle wijzigingen zijn opgeslagen.',
        fields: {},
      });
      expect(gateway.calls).toEqual(['GET 5']);
    });

    it("should hand back the server's reason when the change is refused", async () => {
      await loaded();
      gateway.statusAnswer = apiFailure(409, 'Voeg eerst minstens één vraag toe.');
      const result = await editor.changeStatus('open');
      expect(result).toMatchObject({ ok: false, message: 'Voeg eerst minstens één vraag toe.', status: 409 });
      expect(state().survey?.status).toBe('draft');
    });
  });

  describe('saveAsTemplate', () => {
    it('should ask for a name before anything is sent', async () => {
      await loaded();
      const result = await editor.saveAsTemplate({ name: '  ', description: '' });
      expect(result).toEqual({ ok: false, message: null, fields: { name: 'Geef het sjabloon een naam.' } });
      expect(templates.created).toEqual([]);
    });

    it('should send the current content with the name and description', async () => {
      await loaded();
      editor.edit({ title: 'Teamcheck', close_at: '2026-06-01T10:00:00.000Z' });
      const result = await editor.saveAsTemplate({ name: ' Teamcheck ', description: 'Kort en krachtig' });
      expect(result.ok).toBe(true);
      expect(templates.created).toEqual([
        {
          name: 'Teamcheck',
          description: 'Kort en krachtig',
          title: 'Teamcheck',
          description_html: '',
          introduction_html: '<p>Welkom</p>',
          thank_you_text: 'Bedankt!',
          questions: [likert, nps],
        },
      ]);
    });

    it('should mark the fields of an incomplete survey instead of sending it', async () => {
      await loaded();
      const id = editor.addQuestion('open_long');
      const result = await editor.saveAsTemplate({ name: 'Sjabloon', description: '' });
      expect(result.ok).toBe(false);
      expect(state().issues.questions[id]).toEqual({ title: 'Vul de vraag in.' });
      expect(templates.created).toEqual([]);
    });
  });

  it('should notify subscribers of every change and stop after unsubscribing', async () => {
    let calls = 0;
    const unsubscribe = editor.subscribe(() => {
      calls++;
    });
    await loaded();
    const afterLoad = calls;
    expect(afterLoad).toBeGreaterThan(0);
    unsubscribe();
    editor.edit({ title: 'Stil' });
    expect(calls).toBe(afterLoad);
  });
});

describe('createSurveyEditorPool', () => {
  const make = () => new SurveyEditor({ gateway, templates, timer, ids: { newId: () => `new-${nextId++}` } });

  it('should keep the editor of a survey with unsaved changes for the next visit', async () => {
    const pool = createSurveyEditorPool(make);
    const first = pool.open('7:5');
    await first.load(5);
    first.addQuestion('nps');
    await timer.advance(AUTOSAVE_DELAY_MS);
    expect(first.getSnapshot().save).toEqual({ kind: 'invalid' });
    expect(pool.open('7:5')).toBe(first);
    expect(pool.open('7:6')).not.toBe(first);
  });

  it('should make a new editor when the last one had saved everything', async () => {
    const pool = createSurveyEditorPool(make);
    const first = pool.open('7:5');
    await first.load(5);
    first.edit({ title: 'Opgeslagen' });
    const flushed = first.flush();
    await gateway.acceptLatest();
    await flushed;
    expect(first.hasUnsavedChanges()).toBe(false);
    expect(pool.open('7:5')).not.toBe(first);
  });
});
