import { type ApiResult, apiFailure, apiOk } from '../../../domain/api';
import type {
  AnswerInput,
  Question,
  RespondentView,
  RespondRequest,
  RespondResult,
} from '../../../domain/contract';
import { NO_LOGIC } from '../../../domain/contract';
import { RESPONDENT_MESSAGES } from '../../../domain/surveys/model';
import { type Deferred, deferred } from '../../../testing/deferred';
import { RespondentSession } from './RespondentSession';
import type { AnswerDraft, PublicLinkEntry, RespondGateway } from './respondPorts';

// --- fakes --------------------------------------------------------------------------------------

export interface Call {
  readonly token: string;
  readonly request: RespondRequest;
}

/** Views per token; POSTs answer `replies` in order (default: in progress on the same token), or wait while `hold`. */
export class FakeGateway implements RespondGateway {
  views = new Map<string, ApiResult<RespondentView>>();
  viewCalls: string[] = [];
  calls: Call[] = [];
  replies: Array<ApiResult<RespondResult>> = [];
  hold = false;
  readonly waiting: Array<Deferred<ApiResult<RespondResult>>> = [];

  /** The language each view was asked in (undefined: none). */
  viewLanguages: Array<string | undefined> = [];

  /** A view asked in a language is `views` under `token?lang=xx` when set, else the token's. */
  async view(token: string, language?: string): Promise<ApiResult<RespondentView>> {
    this.viewCalls.push(token);
    this.viewLanguages.push(language);
    const translated = language === undefined ? undefined : this.views.get(`${token}?lang=${language}`);
    return translated ?? this.views.get(token) ?? apiFailure(404, RESPONDENT_MESSAGES.unknownToken);
  }

  respond(token: string, request: RespondRequest): Promise<ApiResult<RespondResult>> {
    this.calls.push({ token, request });
    if (this.hold) {
      const answer = deferred<ApiResult<RespondResult>>();
      this.waiting.push(answer);
      return answer.promise;
    }
    const reply =
      this.replies.shift() ??
      apiOk({ status: request.final ? 'completed' : 'in_progress', response_token: token });
    return Promise.resolve(reply);
  }

  release(result: ApiResult<RespondResult>): void {
    const answer = this.waiting.shift();
    if (!answer) throw new Error('no call is waiting');
    answer.resolve(result);
  }
}

export class FakeClock {
  ms = 1_000_000;
  now = () => this.ms;
  advance(seconds: number) {
    this.ms += seconds * 1000;
  }
}

export class FakeTimer {
  tasks: Array<{ ms: number; task: () => void; cancelled: boolean }> = [];
  after = (ms: number, task: () => void) => {
    const entry = { ms, task, cancelled: false };
    this.tasks.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };
  pending() {
    return this.tasks.filter((t) => !t.cancelled);
  }
  runAll() {
    const due = this.pending();
    this.tasks = [];
    for (const t of due) t.task();
  }
}

// --- data ---------------------------------------------------------------------------------------

export const QUESTIONS: Question[] = [
  {
    id: 'q-nps',
    type: 'nps',
    title: 'Zou je ons aanbevelen?',
    required: true,
    position: 0,
    settings: {},
  },
  {
    id: 'q-open',
    type: 'open_short',
    title: 'Waarom?',
    required: false,
    position: 2,
    settings: { max_length: 20 },
  },
  {
    id: 'q-likert',
    type: 'likert',
    title: 'Stellingen',
    required: true,
    position: 1,
    settings: {
      points: 5,
      labels: ['1', '2', '3', '4', '5'],
      neutral_middle: true,
      statements: [
        { id: 's1', text: 'Een' },
        { id: 's2', text: 'Twee' },
      ],
    },
  },
];

export const view = (
  overrides: Partial<RespondentView['survey']> = {},
  more: Partial<RespondentView> = {},
): RespondentView => ({
  status: 'open',
  link_kind: 'personal',
  anonymous: false,
  branding: { organization_name: 'Acme', logo_url: null, background_url: null, primary_color: '#0f766e' },
  survey: {
    title: 'Klanttevredenheid',
    description_html: '',
    introduction_html: '<p>Welkom</p>',
    thank_you_text: 'Dank je!',
    close_at: null,
    questions: QUESTIONS,
    logic: NO_LOGIC,
    hidden_values: {},
    language: null,
    estimated_seconds: 95,
    saved_answers: [],
    ...overrides,
  },
  ...more,
});

export let gateway: FakeGateway;

export let clock: FakeClock;

export let timer: FakeTimer;

export let links: Map<string, PublicLinkEntry>;

export let drafts: Map<string, AnswerDraft>;

export let shown: string[];

export let keysMade: number;

export let draftWrites: number;

/** The page's address query and browser language the session reads (R-RESP-9). */
export let browserFacts: { query: Record<string, string>; language: string | null };

/** Addresses the page went on to (an end screen's redirect). */
export let left: string[];

export const session = () =>
  new RespondentSession({
    gateway,
    clock,
    timer,
    keys: {
      newKey: () => {
        keysMade++;
        return `key-${keysMade}-abcdefghijklmnop`;
      },
    },
    links: { read: (t) => links.get(t) ?? null, write: (t, e) => links.set(t, e) },
    drafts: {
      read: (t) => drafts.get(t) ?? null,
      write: (t, d) => {
        draftWrites++;
        drafts.set(t, d);
      },
      clear: (t) => drafts.delete(t),
    },
    location: { showToken: (t) => shown.push(t), leave: (url) => left.push(url) },
    browser: { query: () => browserFacts.query, language: () => browserFacts.language },
  });

export const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** Starts on a personal link and answers the first question, ready to move on. */
export async function started(token = 'tok-personal') {
  gateway.views.set(token, apiOk(view()));
  const s = session();
  await s.start(token);
  s.begin();
  return s;
}

export const answersOf = (call: Call | undefined): readonly AnswerInput[] => call?.request.answers ?? [];

/** Fresh fakes for every test (each test file calls it in its beforeEach). */
export function resetRespondFakes(): void {
  gateway = new FakeGateway();
  clock = new FakeClock();
  timer = new FakeTimer();
  links = new Map();
  drafts = new Map();
  shown = [];
  keysMade = 0;
  draftWrites = 0;
  browserFacts = { query: {}, language: null };
  left = [];
}
