/**
 * Load through HAProxy for the cluster tests (R-CLUSTER-9): respondents submitting on personal
 * links, members signing in and opening the KPI board, each request recorded with its outcome and
 * time, so a test can say which failed, when, and which answers the servers acknowledged.
 */
import { createHash } from 'node:crypto';
import { DEMO_ADMIN } from '@loop/server';
import { everyTypeAnswers, everyTypeQuestions } from '@loop/server/testing';

export const ANSWERS = everyTypeAnswers();
const BODY = JSON.stringify({ final: true, answers: ANSWERS });

export interface Outcome {
  readonly kind: 'respond' | 'login' | 'board';
  /** 0: no HTTP answer at all (connection refused or reset). */
  readonly status: number;
  /** When the request was sent and answered (Date.now()). */
  readonly sentAt: number;
  readonly doneAt: number;
  readonly token?: string;
  /** Why there was no HTTP answer (the fetch error's cause). */
  readonly error?: string;
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Another client address for HAProxy's X-Forwarded-For (TRUST_PROXY): each its own rate limits. */
let clients = 0;
export const nextClient = () => {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
};

async function call(
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown; error?: string }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (an HTML error page of HAProxy, say)
    }
    return { status: response.status, body };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, body: null, error: cause?.code ?? cause?.message ?? (error as Error).name };
  }
}

/** The demo admin's bearer token (from whichever instance HAProxy picks). */
export async function signIn(url: string, client = nextClient()): Promise<{ status: number; token: string }> {
  const { status, body } = await call(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  return { status, token: (body as { access_token?: string } | null)?.access_token ?? '' };
}

/** A signed-in API caller; fails the test on an unexpected status. */
export function apiOf(url: string, token: string) {
  return async <T>(method: string, path: string, body?: unknown, expected = [200, 201, 202]): Promise<T> => {
    const answer = await call(`${url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-forwarded-for': nextClient(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!expected.includes(answer.status))
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer.body as T;
  };
}

/** An open survey of every question type with `count` personal links. */
export async function surveyWithLinks(
  api: ReturnType<typeof apiOf>,
  title: string,
  count: number,
): Promise<{ id: number; tokens: string[] }> {
  const survey = await api<{ id: number }>('POST', '/surveys', {
    title,
    description_html: '',
    introduction_html: '<p>Fijn dat je meedoet.</p>',
    thank_you_text: 'Bedankt!',
    close_at: null,
    questions: everyTypeQuestions(),
  });
  await api('POST', `/surveys/${survey.id}/status`, { status: 'open' });
  const tokens: string[] = [];
  while (tokens.length < count) {
    const made = await api<{ tokens: string[] }>('POST', `/surveys/${survey.id}/personal-links`, {
      count: Math.min(500, count - tokens.length),
    });
    tokens.push(...made.tokens);
  }
  return { id: survey.id, tokens };
}

export interface Load {
  /** Stops sending and answers every request's outcome. */
  stop(): Promise<Outcome[]>;
}

/**
 * `connections` loops, each sending one request at a time: mostly final submissions on the next
 * unused personal link, every tenth a login and every tenth the KPI board (signed in).
 */
export function startLoad(
  url: string,
  options: { tokens: readonly string[]; connections: number; bearer: string },
): Load {
  const outcomes: Outcome[] = [];
  let next = 0;
  let stopping = false;
  let step = 0;
  const one = async (): Promise<void> => {
    step += 1;
    const sentAt = Date.now();
    if (step % 10 === 3) {
      const { status } = await signIn(url);
      outcomes.push({ kind: 'login', status, sentAt, doneAt: Date.now() });
      return;
    }
    // Out of personal links (a slow run needs fewer, a fast one more): the board instead.
    if (step % 10 === 7 || next >= options.tokens.length) {
      const { status } = await call(`${url}/api/v1/kpis/board?periods=4`, {
        headers: { authorization: `Bearer ${options.bearer}`, 'x-forwarded-for': nextClient() },
      });
      outcomes.push({ kind: 'board', status, sentAt, doneAt: Date.now() });
      return;
    }
    const token = options.tokens[next++] as string;
    const { status, error } = await call(`${url}/api/v1/respond/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClient() },
      body: BODY,
    });
    outcomes.push({
      kind: 'respond',
      status,
      sentAt,
      doneAt: Date.now(),
      token,
      ...(error ? { error } : {}),
    });
  };
  const loops = Array.from({ length: options.connections }, async () => {
    while (!stopping) await one();
  });
  return {
    async stop() {
      stopping = true;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

export const succeeded = (outcome: Outcome) => outcome.status >= 200 && outcome.status < 300;

/** Polls until `check` holds, or throws after `timeoutMs`. */
export async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
