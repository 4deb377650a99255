import type { AnswerValue, RespondResult } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { checkRespondentContext, hiddenValuesFrom, type LogicContext } from '@loop/core/surveys/logic';
import {
  type AnswerItem,
  answerFromItems,
  RESPONDENT_MESSAGES,
  respondentAccess,
} from '@loop/core/surveys/model';
import { anonymousInvitationHash } from '../invitations/invitationTokens';
import { planAnswers } from './answerPlan';
import type { CappedOutcome, CappedSubmission } from './cappedSubmission';
import type { ContactContext } from './respondentContext';
import { decidePath, type PathDecision } from './responsePath';
import type { PublicVisitor, RespondTarget, ResponseState, ResponseWrite, StoredContext } from './responses';
import type { SurveyContent } from './surveyQuestionsCache';

/** The Dutch texts of the answering routes besides core's RESPONDENT_MESSAGES. */
export const RESPOND_ERRORS = {
  respondentKeyMissing:
    'Je antwoorden konden niet worden gekoppeld. Vernieuw de pagina en probeer het opnieuw.',
  busy: 'Je antwoorden worden op dit moment ook ergens anders opgeslagen. Probeer het zo opnieuw.',
  /** A refused hidden field or language: the first field's own message. */
  contextInvalid: (fields: FieldErrors): string =>
    Object.values(fields)[0] ?? 'De gegevens van de link konden niet worden gelezen.',
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
  /** The survey's questions and logic at this content version (compiled once). */
  readonly content: (surveyId: number, version: number) => Promise<SurveyContent>;
  /** A personal link's invited contact (never for an anonymous survey); null: none. */
  readonly contact: (responseId: number) => Promise<ContactContext | null>;
  /** The hidden fields and language a response fixed at its first write. */
  readonly storedContext: (responseId: number) => Promise<StoredContext>;
  /** A public-link visitor's own response token, derived from their key. */
  readonly publicToken: (surveyId: number, respondentKey: string) => string;
  /** Makes a public-link visitor's response where it is missing, or finds it. */
  readonly visitorResponse: (visitor: PublicVisitor) => Promise<ResponseState | null>;
  readonly savedItems: (responseId: number) => Promise<ReadonlyMap<string, readonly AnswerItem[]>>;
  /** One write guarded by the response's row version; false when another request changed it first. */
  readonly write: (write: ResponseWrite) => Promise<boolean>;
  /** A submission of a survey with a cap or quotas, one at a time per survey (R-RESP-13). */
  readonly submitCapped: (submission: CappedSubmission) => Promise<CappedOutcome>;
  /** After a save of such a survey: whether the respondent can already be told it is full. */
  readonly fullAtSave: (
    check: Omit<CappedSubmission, 'write'> & { readonly surveyId: number },
  ) => Promise<CappedOutcome | null>;
  /**
   * A quota's end-screen text in `language` when that is a complete language of the survey at this
   * content version and the text is translated (R-SURV-25); null: the Dutch text stands.
   */
  readonly quotaText: (
    surveyId: number,
    version: number,
    language: string,
    quotaId: string,
  ) => Promise<string | null>;
}

export interface SaveResponseRequest {
  readonly token: string;
  readonly final: boolean;
  readonly answers: unknown;
  readonly respondentKey?: string | null;
  /** The link's hidden fields (`hidden_fields`) and the language, as sent (R-RESP-5). */
  readonly hiddenFields?: unknown;
  readonly language?: unknown;
}

/** The context the evaluator reads: no language is ''. */
const logicContextOf = (context: {
  readonly hidden_fields: Readonly<Record<string, string>>;
  readonly language: string | null;
}): LogicContext => ({ hidden_fields: context.hidden_fields, language: context.language ?? '' });

/**
 * The hidden fields and language a response is evaluated with (R-RESP-5): those it stored at its
 * first write (read only for a survey with rules: without, nothing reads them and the write keeps
 * them); before that, what this request sent, over which a personal link's contact wins (its
 * attributes of the declared names, its language) when the survey's logic uses them.
 */
async function contextOf(
  deps: SaveResponseDeps,
  content: SurveyContent,
  response: ResponseState,
  personal: boolean,
  sent: StoredContext,
): Promise<StoredContext> {
  if (response.status !== 'pending')
    return content.compiled === null ? sent : deps.storedContext(response.id);
  if (!personal || !content.usesContact) return sent;
  const contact = await deps.contact(response.id);
  if (contact === null) return sent;
  return {
    hidden_fields: {
      ...sent.hidden_fields,
      ...hiddenValuesFrom(content.logic.hidden_fields, contact.attributes),
    },
    language: contact.language ?? sent.language,
  };
}

/** The answer to a request that found the survey or a quota full (R-RESP-13). */
const fullResult = (
  outcome: { readonly text: string; readonly quota: string | null },
  responseToken: string,
): { readonly ok: true; readonly value: RespondResult } => ({
  ok: true,
  value: {
    status: outcome.quota === null ? 'full' : 'quota_full',
    end_screen: { text: outcome.text },
    response_token: responseToken,
  },
});

/**
 * A full quota's text in the language the page speaks (what it sent, else the response's), R-SURV-25;
 * the cap's and an untranslated quota's text stay as they are.
 */
async function inLanguage(
  deps: SaveResponseDeps,
  target: RespondTarget,
  language: string | null,
  outcome: { readonly text: string; readonly quota: string | null },
): Promise<{ readonly text: string; readonly quota: string | null }> {
  if (outcome.quota === null || language === null) return outcome;
  const text = await deps.quotaText(target.surveyId, target.version, language, outcome.quota);
  return text === null ? outcome : { ...outcome, text };
}

type SentAnswer = { readonly question_id: string; readonly value: AnswerValue };

/** The whole response as submitted, for its quotas: the saved answers with the sent ones over them. */
async function submittedAnswers(
  deps: SaveResponseDeps,
  content: SurveyContent,
  response: ResponseState,
  plan: { readonly questionIds: readonly string[]; readonly answers: readonly SentAnswer[] },
  onPath: ((questionId: string) => boolean) | null,
): Promise<Map<string, AnswerValue>> {
  const answers = new Map<string, AnswerValue>();
  const sent = new Set(plan.questionIds);
  if (response.status !== 'pending') {
    const items = await deps.savedItems(response.id);
    for (const question of content.questions) {
      if (sent.has(question.id)) continue;
      const value = answerFromItems(question, items.get(question.id) ?? []);
      if (value !== null) answers.set(question.id, value);
    }
  }
  for (const answer of plan.answers)
    if (onPath === null || onPath(answer.question_id)) answers.set(answer.question_id, answer.value);
  return answers;
}

/**
 * Saves (`final: false`) or submits a respondent's answers. Answers are checked with core's rules
 * before anything is made or written; a public-link visitor's response is made by the first request
 * that will be written; a write that finds the response changed by a concurrent request reads it
 * again and goes on, at most WRITE_ATTEMPTS times. A repeated submission changes nothing and answers
 * completed; a save after the submission is refused. A survey with rules follows the respondent's
 * path (R-RESP-6, `decidePath`); one without pays nothing for it.
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
  const content = await deps.content(target.surveyId, target.version);
  const { compiled } = content;
  const plan = planAnswers(content.questions, answers, final, { pathRequired: compiled !== null });
  const sentContext = checkRespondentContext(content.logic.hidden_fields, {
    hidden_fields: request.hiddenFields,
    language: request.language,
  });
  let current: ResponseState | null = target.response;
  /** A public visitor's path over what they sent alone, with what they sent as context. */
  let alone: PathDecision | null = null;
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
    // With rules, what was sent must also fit its path on its own: then a new visitor's response may
    // be made at once (an existing visitor's is only found, and checked over its saved answers below).
    if (compiled !== null && plan.ok && sentContext.ok)
      alone = await decidePath(content, compiled, plan, final, logicContextOf(sentContext), null);
    const writable =
      plan.ok && plan.checkWithSaved === null && sentContext.ok && (compiled === null || alone?.ok === true);
    current = writable
      ? await deps.visitorResponse(visitor)
      : ((await deps.target(responseToken))?.response ?? null);
    if (plan.ok && sentContext.ok && current === null) {
      // A new visitor has nothing saved: what they sent must be complete on its own.
      const refusal = plan.checkWithSaved?.(new Map()) ?? null;
      if (refusal !== null) return refused('invalid', refusal.detail, refusal.fields);
      if (alone !== null && !alone.ok) return refused('invalid', alone.refusal.detail, alone.refusal.fields);
      current = await deps.visitorResponse(visitor);
    }
  }
  if (current?.status === 'completed') return submitted(responseToken);
  if (!plan.ok) return refused('invalid', plan.refusal.detail, plan.refusal.fields);
  if (!sentContext.ok)
    return refused('invalid', RESPOND_ERRORS.contextInvalid(sentContext.fields), sentContext.fields);
  if (current === null) throw new Error('A checked request without its response');

  for (let attempt = 1; ; attempt++) {
    const response: ResponseState = current;
    if (response.status === 'completed') return submitted(responseToken);
    if (plan.checkWithSaved !== null) {
      const refusal = plan.checkWithSaved(await deps.savedItems(response.id));
      if (refusal !== null) return refused('invalid', refusal.detail, refusal.fields);
    }
    const context = await contextOf(deps, content, response, target.response !== null, sentContext);
    let path: PathDecision | null = null;
    if (compiled !== null) {
      // A new public visitor's response has nothing saved and the context they sent: decided above.
      const fresh = response.status === 'pending';
      path =
        fresh && target.response === null && alone !== null
          ? alone
          : await decidePath(
              content,
              compiled,
              plan,
              final,
              logicContextOf(context),
              fresh ? null : () => deps.savedItems(response.id),
            );
      if (!path.ok) return refused('invalid', path.refusal.detail, path.refusal.fields);
    }
    // Answers off the path are not written (a submission refused those it sent, R-RESP-6).
    const onPath = path === null ? null : path.isVisible;
    const keep = <T extends { readonly question_id: string }>(list: readonly T[]): readonly T[] =>
      onPath === null ? list : list.filter((entry) => onPath(entry.question_id));
    const write: ResponseWrite = {
      response,
      surveyId: target.surveyId,
      final,
      now,
      questionIds: onPath === null ? plan.questionIds : plan.questionIds.filter(onPath),
      items: keep(plan.items),
      seconds: keep(plan.seconds),
      hiddenFields: context.hidden_fields,
      language: context.language,
      ...(path?.ok === true && path.unseenQuestionIds !== undefined
        ? { unseenQuestionIds: path.unseenQuestionIds, endScreenId: path.endScreenId }
        : {}),
      ...(final && target.alerts === true ? { alerts: true } : {}),
      ...(final && target.webhooks === true ? { webhooks: true } : {}),
      ...(final && target.response !== null ? { invitationHash: anonymousInvitationHash(token) } : {}),
    };
    let written: boolean;
    if (final && target.capped === true) {
      // A survey with a cap or quotas: counted under its lock; over them nothing is submitted and
      // the answers stay saved as a response in progress, never counted (R-RESP-13).
      const outcome = await deps.submitCapped({
        write,
        content,
        answers: await submittedAnswers(deps, content, response, plan, onPath),
        context: logicContextOf(context),
      });
      if (outcome.kind === 'full') {
        const { unseenQuestionIds: _unseen, endScreenId: _end, ...save } = write;
        await deps.write({ ...save, final: false });
        const language = sentContext.language ?? context.language;
        return fullResult(await inLanguage(deps, target, language, outcome), responseToken);
      }
      written = outcome.kind === 'written';
    } else written = await deps.write(write);
    if (written && !final && target.capped === true) {
      // A full cap, or a full quota the saved answers already decide, ends the survey now.
      const outcome = await deps.fullAtSave({
        surveyId: target.surveyId,
        content,
        answers: await submittedAnswers(deps, content, { ...response, status: 'in_progress' }, plan, onPath),
        context: logicContextOf(context),
      });
      if (outcome?.kind === 'full') {
        const language = sentContext.language ?? context.language;
        return fullResult(await inLanguage(deps, target, language, outcome), responseToken);
      }
    }
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
