import type { Question, RespondResult } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { type AnswerItem, RESPONDENT_MESSAGES, respondentAccess } from '@loop/core/surveys/model';
import { planAnswers } from './answerPlan';
import type { PublicVisitor, RespondTarget, ResponseState, ResponseWrite } from './responses';

/** The Dutch texts of the answering routes besides core's RESPONDENT_MESSAGES. */
export const RESPOND_ERRORS = {
  respondentKeyMissing:
    'Je antwoorden konden niet worden gekoppeld. Vernieuw de pagina en probeer het opnieuw.',
  busy: 'Je antwoorden worden op dit moment ook ergens anders opgeslagen. Probeer het zo opnieuw.',
} as const;

/** Writes of one request that may find the response changed by another request before it gives up. */
export const WRITE_ATTEMPTS = 5;

/** What a public-link visitor's key must look like (the contract: 16–64 characters of base64url). */
const RESPONDENT_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** Why a request is refused; the route maps each to its HTTP status. */
export type RespondRefusalCode =
  | 'unknown' // 404: unknown link, survey not open yet
  | 'closed' // 410
  | 'invalid' // 400: answers or the visitor's key
  | 'already_submitted' // 409: a save after the submission
  | 'busy'; // 409: other requests kept changing the response

export interface RespondRefusal {
  readonly ok: false;
  readonly code: RespondRefusalCode;
  readonly detail: string;
  readonly fields?: FieldErrors;
}

const refused = (code: RespondRefusalCode, detail: string, fields?: FieldErrors): RespondRefusal => ({
  ok: false,
  code,
  detail,
  ...(fields ? { fields } : {}),
});

/**
 * Core's respondentAccess on a looked-up token: the target when it may be answered (a submitted
 * response too: it gets its thank-you), else why not.
 */
export function respondAccess(
  target: RespondTarget | null,
  now: Date,
): { readonly ok: true; readonly target: RespondTarget } | RespondRefusal {
  const decision = respondentAccess({
    survey:
      target === null ? null : { status: target.status, close_at: target.closeAt?.toISOString() ?? null },
    alreadySubmitted: target?.response?.status === 'completed',
    now,
  });
  if (target !== null && (decision.ok || decision.error === 'already_submitted')) return { ok: true, target };
  const detail = decision.ok
    ? RESPONDENT_MESSAGES.unknownToken
    : (decision.detail ?? RESPONDENT_MESSAGES.unknownToken);
  return refused(!decision.ok && decision.error === 'closed' ? 'closed' : 'unknown', detail);
}

/** What saving answers needs from the database and the server; fakes in tests. */
export interface SaveResponseDeps {
  readonly now: () => Date;
  /** The survey and response a token leads to; null for an unknown token. */
  readonly target: (token: string) => Promise<RespondTarget | null>;
  readonly questions: (surveyId: number, version: number) => Promise<readonly Question[]>;
  /** A public-link visitor's own response token, derived from their key. */
  readonly publicToken: (surveyId: number, respondentKey: string) => string;
  /** Makes a public-link visitor's response where it is missing, or finds it. */
  readonly visitorResponse: (visitor: PublicVisitor) => Promise<ResponseState | null>;
  readonly savedItems: (responseId: number) => Promise<ReadonlyMap<string, readonly AnswerItem[]>>;
  /** One write guarded by the response's row version; false when another request changed it first. */
  readonly write: (write: ResponseWrite) => Promise<boolean>;
}

export interface SaveResponseRequest {
  readonly token: string;
  readonly final: boolean;
  readonly answers: unknown;
  readonly respondentKey?: string | null;
}

/**
 * Saves (`final: false`) or submits a respondent's answers. Answers are checked with core's rules
 * before anything is made or written; a public-link visitor's response is made by the first request
 * that will be written; a write that finds the response changed by a concurrent request reads it
 * again and goes on, at most WRITE_ATTEMPTS times. A repeated submission changes nothing and answers
 * completed; a save after the submission is refused.
 */
export async function saveResponse(
  deps: SaveResponseDeps,
  request: SaveResponseRequest,
): Promise<{ readonly ok: true; readonly value: RespondResult } | RespondRefusal> {
  const { token, final, answers } = request;
  const now = deps.now();
  const access = respondAccess(await deps.target(token), now);
  if (!access.ok) return access;
  const { target } = access;
  const submitted = (responseToken: string) =>
    final
      ? { ok: true as const, value: { status: 'completed' as const, response_token: responseToken } }
      : refused('already_submitted', RESPONDENT_MESSAGES.alreadySubmitted);

  let responseToken = token;
  let key: string | null = null;
  if (target.response === null) {
    key = request.respondentKey ?? null;
    if (key === null || !RESPONDENT_KEY.test(key))
      return refused('invalid', RESPOND_ERRORS.respondentKeyMissing, {
        respondent_key: RESPOND_ERRORS.respondentKeyMissing,
      });
    responseToken = deps.publicToken(target.surveyId, key);
  }
  const questions = await deps.questions(target.surveyId, target.version);
  const plan = planAnswers(questions, answers, final);
  let current: ResponseState | null = target.response;
  if (current === null) {
    // A public-link visitor. A request that will be written (a valid save, a complete submission)
    // makes their response if it is missing, in the same step that finds it; anything else only
    // looks, so a refused request leaves nothing behind.
    const visitor: PublicVisitor = {
      surveyId: target.surveyId,
      organizationId: target.organizationId,
      respondentKey: key as string,
      token: responseToken,
      now,
    };
    const writable = plan.ok && plan.checkWithSaved === null;
    current = writable
      ? await deps.visitorResponse(visitor)
      : ((await deps.target(responseToken))?.response ?? null);
    if (plan.ok && current === null) {
      // A new visitor has nothing saved: what they sent must be complete on its own.
      const refusal = plan.checkWithSaved?.(new Map()) ?? null;
      if (refusal !== null) return refused('invalid', refusal.detail, refusal.fields);
      current = await deps.visitorResponse(visitor);
    }
  }
  if (current?.status === 'completed') return submitted(responseToken);
  if (!plan.ok) return refused('invalid', plan.refusal.detail, plan.refusal.fields);
  if (current === null) throw new Error('A checked request without its response');

  for (let attempt = 1; ; attempt++) {
    const response: ResponseState = current;
    if (response.status === 'completed') return submitted(responseToken);
    if (plan.checkWithSaved !== null) {
      const refusal = plan.checkWithSaved(await deps.savedItems(response.id));
      if (refusal !== null) return refused('invalid', refusal.detail, refusal.fields);
    }
    const written = await deps.write({
      response,
      surveyId: target.surveyId,
      final,
      now,
      questionIds: plan.questionIds,
      items: plan.items,
      seconds: plan.seconds,
    });
    if (written)
      return {
        ok: true,
        value: { status: final ? 'completed' : 'in_progress', response_token: responseToken },
      };
    // Another request of this response was written first: read it again and go on from there.
    if (attempt >= WRITE_ATTEMPTS) return refused('busy', RESPOND_ERRORS.busy);
    current = (await deps.target(responseToken))?.response ?? null;
    if (current === null) return refused('unknown', RESPONDENT_MESSAGES.unknownToken);
  }
}
