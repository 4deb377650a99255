import type { QuestionResult, SharedResults, SurveyResults } from '@loop/core';
import { isAnswerable, renumberQuestions } from '@loop/core/surveys/model';
import { logicHidesQuestions, RESULTS_LINK_MESSAGES, sharesOpenAnswers } from '@loop/core/surveys/results';
import type { AppDeps } from '../appDeps';
import { hashToken } from '../auth/secureToken';
import type { SurveyRow } from '../db/schema';
import { ApiError } from '../http/apiError';
import { EncodedBody } from '../http/contentEncoding';
import { toRespondentBranding } from '../responses/respondentBranding';
import { TOKEN_PATTERN } from '../responses/responseTokens';
import { loadSurveyResults } from '../results/surveyResults';
import { findLinkByTokenHash, type LinkedSurvey, surveyRow } from './resultsLinkStore';

/**
 * The shared results page's data (R-SHARE-5 to R-SHARE-8). Every request looks its link up (one
 * unique-index lookup), so a revoked link stops at the next request; the results themselves are
 * computed at most once per `SHARED_RESULTS_TTL_MS` per survey version and period in this process,
 * however many visitors ask at once (R-SHARE-7): over 100,000 responses one computation takes a few
 * hundred milliseconds, and a shared page is read by many people at the same moment.
 */

/** How long computed results serve a shared page. */
export const SHARED_RESULTS_TTL_MS = 30_000;
/** Results of this many surveys and periods are kept; the oldest goes first. */
const CACHE_ENTRIES = 200;

interface Entry {
  /** When `results` was asked for. */
  readonly at: number;
  readonly results: Promise<SurveyResults>;
  /** A newer computation under way while `results` still serves. */
  refreshing: boolean;
}

/** Computed results by survey version and period, shared by concurrent requests (single flight). */
export interface SharedResultsCache {
  results(key: string, now: number, compute: () => Promise<SurveyResults>): Promise<SurveyResults>;
  /**
   * The serialised page of `key` made from `results`, kept with those results (and its compressed
   * forms with it), so a page asked again costs a lookup, not a serialisation.
   */
  keptPage(results: SurveyResults, key: string): EncodedBody | undefined;
  keepPage(results: SurveyResults, key: string, page: EncodedBody): void;
}

/** Pages kept per results: one per link and look, at most this many (then they start over). */
const PAGES_PER_RESULTS = 100;

/**
 * Results kept for `ttlMs`; after that the next request starts one new computation and, until it is
 * done, every request still gets the results kept (stale while revalidating), so no visitor waits
 * for a computation but the very first. A failed computation is not kept: the next request tries
 * again (and a failed refresh leaves the kept results serving).
 */
export function createSharedResultsCache(ttlMs: number = SHARED_RESULTS_TTL_MS): SharedResultsCache {
  const entries = new Map<string, Entry>();
  const keep = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > CACHE_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  };
  const pages = new WeakMap<SurveyResults, Map<string, EncodedBody>>();
  return {
    keptPage: (results, key) => pages.get(results)?.get(key),
    keepPage(results, key, page) {
      let kept = pages.get(results);
      if (kept === undefined) {
        kept = new Map();
        pages.set(results, kept);
      }
      if (kept.size >= PAGES_PER_RESULTS) kept.clear();
      kept.set(key, page);
    },
    results(key, now, compute) {
      const kept = entries.get(key);
      if (kept !== undefined) {
        if (now - kept.at >= ttlMs && !kept.refreshing) {
          kept.refreshing = true;
          const fresh = compute();
          fresh.then(
            () => keep(key, { at: now, results: fresh, refreshing: false }),
            () => {
              kept.refreshing = false;
            },
          );
        }
        return kept.results;
      }
      const results = compute();
      keep(key, { at: now, results, refreshing: false });
      results.catch(() => {
        if (entries.get(key)?.results === results) entries.delete(key);
      });
      return results;
    },
  };
}

/** The link of a token, or the Dutch 404 that says it is unknown or revoked (R-SHARE-5). */
async function liveLink(deps: Pick<AppDeps, 'db'>, token: string): Promise<LinkedSurvey> {
  const found = TOKEN_PATTERN.test(token) ? await findLinkByTokenHash(deps.db, hashToken(token)) : null;
  if (found === null) throw new ApiError(404, RESULTS_LINK_MESSAGES.unknown);
  if (found.link.revokedAt !== null) throw new ApiError(404, RESULTS_LINK_MESSAGES.revoked);
  return found;
}

const OPEN_TYPES: ReadonlySet<string> = new Set(['open_short', 'open_long']);

/**
 * What a shared page may show of the results (R-SHARE-3, R-SHARE-4): the chosen questions only;
 * without open answers no open question and no 'anders, namelijk' text (their count stays);
 * nothing of the responses but how many were submitted, and no response ids.
 */
function sharedPart(
  results: SurveyResults,
  questionIds: ReadonlySet<string>,
  openAnswers: boolean,
): SurveyResults {
  const shown = (result: QuestionResult): QuestionResult | null => {
    if (!questionIds.has(result.question_id)) return null;
    if ('latest' in result) {
      if (!openAnswers) return null;
      return {
        ...result,
        latest: result.latest.map((answer, index) => ({ ...answer, response_id: index + 1 })),
      };
    }
    if ('other_texts' in result && !openAnswers) return { ...result, other_texts: [] };
    return result;
  };
  return {
    survey_id: 0,
    responses: {
      completed: results.responses.completed,
      in_progress: 0,
      invited: 0,
      response_rate: null,
      completion_rate: null,
      last_response_at: null,
    },
    bucket: results.bucket,
    over_time: results.over_time,
    questions: results.questions.flatMap((result) => shown(result) ?? []),
  };
}

/**
 * GET (`password` undefined) or POST /shared-results/:token, serialised by `serialize` (the route's
 * schema serializer). A link with a password answers `locked` until the password is given; a wrong
 * one is a Dutch 403 (the route counts the guesses, R-SHARE-6). The open page is kept with the
 * results it shows, per link and look (the survey's version and title, the organisation's name and
 * branding version), so the next visitor gets the same bytes without their being made again.
 */
export async function openSharedResults(
  deps: Pick<AppDeps, 'db' | 'clock' | 'passwords'>,
  cache: SharedResultsCache,
  token: string,
  password: string | undefined,
  serialize: (page: SharedResults) => string | ArrayBuffer | Buffer,
): Promise<EncodedBody> {
  const found = await liveLink(deps, token);
  const { link, survey } = found;
  const branding = toRespondentBranding(found.organizationName, found.branding);
  if (link.passwordHash !== null) {
    if (password === undefined) return encodedOf(serialize({ status: 'locked', branding }));
    if (!(await deps.passwords.verify(link.passwordHash, password)))
      throw new ApiError(403, RESULTS_LINK_MESSAGES.wrongPassword);
  }
  const now = deps.clock.now();
  // The survey's whole row is read only when something has to be made from it.
  let whole: Promise<SurveyRow> | null = null;
  const full = () => {
    whole ??= surveyRow(deps.db, survey.id);
    return whole;
  };
  const filter = { from: link.periodFrom, to: link.periodTo };
  const key = `${survey.id}:${survey.version}:${link.periodFrom ?? ''}:${link.periodTo ?? ''}`;
  const results = await cache.results(key, now.getTime(), async () =>
    loadSurveyResults(deps.db, await full(), filter, now),
  );
  const look = JSON.stringify([
    link.id,
    survey.version,
    survey.updatedAt.getTime(),
    survey.anonymous,
    found.organizationName,
    found.branding?.version ?? null,
  ]);
  const kept = cache.keptPage(results, look);
  if (kept !== undefined) return kept;
  const page = encodedOf(serialize(openPage(link, await full(), branding, results)));
  cache.keepPage(results, look, page);
  return page;
}

const encodedOf = (serialized: string | ArrayBuffer | Buffer): EncodedBody =>
  new EncodedBody(
    typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.from(serialized as ArrayBuffer),
  );

/** The open page of a link from its survey's results. */
function openPage(
  link: LinkedSurvey['link'],
  survey: SurveyRow,
  branding: SharedResults['branding'],
  results: SurveyResults,
): SharedResults {
  const openAnswers = sharesOpenAnswers(link.openAnswers, survey.anonymous, results.responses.completed);
  const chosen = new Set(link.questionIds);
  const questions = renumberQuestions(survey.questions).filter(
    (question) =>
      chosen.has(question.id) && isAnswerable(question) && (openAnswers || !OPEN_TYPES.has(question.type)),
  );
  return {
    status: 'open',
    branding,
    title: survey.title,
    from: link.periodFrom,
    to: link.periodTo,
    questions,
    hides_questions: logicHidesQuestions(survey.logic),
    open_answers: openAnswers,
    results: sharedPart(results, new Set(questions.map((question) => question.id)), openAnswers),
  };
}
