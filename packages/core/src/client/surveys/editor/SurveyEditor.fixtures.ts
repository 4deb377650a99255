import { type ApiResult, apiFailure, apiOk } from '../../../domain/api';
import type {
  Question,
  Survey,
  SurveyStatus,
  SurveyTemplate,
  SurveyTemplateInput,
  SurveyUpdateRequest,
} from '../../../domain/contract';
import { NO_LOGIC } from '../../../domain/contract';
import type { SurveysGateway, SurveyTemplatesGateway } from '../../../domain/surveys/model';
import { type Deferred, deferred } from '../../../testing/deferred';
import type { Timer } from '../../session';
import { SurveyEditor } from './SurveyEditor';
import { saveStatusText } from './surveyEditorState';

/** A timer on a virtual clock: `advance` runs what falls due, in order. */
export class FakeTimer implements Timer {
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

export const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

export const likert: Question = {
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

export const nps: Question = {
  id: 'q-nps',
  type: 'nps',
  title: 'Zou je ons aanbevelen?',
  required: false,
  position: 1,
  settings: {},
};

export const SURVEY: Survey = {
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
  logic: NO_LOGIC,
  languages: [],
  translations: {},
  max_responses: null,
  quotas: [],
  response_count: 0,
  version: 3,
  estimated_seconds: 27,
  retention_until: null,
  retention_months: null,
  anonymous: false,
};

/** A gateway whose saves wait for the test; other calls answer at once from `answers`. */
export class FakeGateway implements SurveysGateway {
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

export class FakeTemplates implements SurveyTemplatesGateway {
  readonly created: SurveyTemplateInput[] = [];
  list = async () => apiOk([] as readonly SurveyTemplate[]);
  update = async () => apiFailure(500, 'niet gebruikt');
  remove = async () => apiFailure(500, 'niet gebruikt');
  create = async (input: SurveyTemplateInput): Promise<ApiResult<SurveyTemplate>> => {
    this.created.push(input);
    return apiOk({
      ...input,
      logic: input.logic ?? NO_LOGIC,
      languages: input.languages ?? [],
      translations: input.translations ?? {},
      id: 11,
      organization_id: 7,
      built_in: false,
      estimated_seconds: 30,
      created_at: '2026-05-01T08:00:00.000Z',
      updated_at: '2026-05-01T08:00:00.000Z',
    });
  };
}

export let gateway: FakeGateway;

export let templates: FakeTemplates;

export let timer: FakeTimer;

export let editor: SurveyEditor;

export let nextId: number;

/** The next id the editor's `ids` hands out: new-1, new-2, … (numbering starts over for every test). */
export const newId = () => `new-${nextId++}`;

export const state = () => editor.getSnapshot();

export const statusText = () => saveStatusText(state().save);

export async function loaded(): Promise<void> {
  await editor.load(5);
}

/** Fresh fakes for every test (each test file calls it in its beforeEach). */
export function resetEditorFakes(): void {
  gateway = new FakeGateway();
  templates = new FakeTemplates();
  timer = new FakeTimer();
  nextId = 1;
  editor = new SurveyEditor({ gateway, templates, timer, ids: { newId } });
}
