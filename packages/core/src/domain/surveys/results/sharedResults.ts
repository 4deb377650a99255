import { type FormResult, formInvalid, formOk } from '../../api';
import type { CreateResultsLinkRequest, ResultsLink, SharedResults } from '../../contract';
import { formatCount } from '../../format';
import { isAnswerable } from '../model';
import { questionResultView } from './questionResultView';
import { type ColumnChartView, columnChart } from './resultsCharts';
import { dateFilterError } from './resultsFilter';
import { BUCKET_LABELS, formatResultDate, formatResultDateTime } from './resultsFormat';
import type { QuestionResultView } from './resultsViewTypes';

/**
 * Read-only results links (R-SHARE-1 to R-SHARE-8): the rules the form, the list, the server and
 * the shared page (`/gedeeld/<token>`) have in common, and the shared page's view.
 */

/** The shared page's path: `/gedeeld/<token>` (Dutch, like every address a visitor reads). */
export const SHARED_RESULTS_PATH = '/gedeeld';
export const RESULTS_LINK_PASSWORD_MIN_LENGTH = 8;
export const RESULTS_LINK_PASSWORD_MAX_LENGTH = 200;
export const RESULTS_LINK_LABEL_MAX_LENGTH = 100;
/** An anonymous survey shares open answers only from this many submitted responses on (R-SHARE-4). */
export const SHARED_OPEN_ANSWERS_MIN_RESPONSES = 5;

export const RESULTS_LINK_MESSAGES = {
  noQuestions: 'Kies ten minste één vraag om te delen.',
  unknownQuestion: 'Een gekozen vraag bestaat niet (meer) in deze survey.',
  password: `Kies een wachtwoord van ${RESULTS_LINK_PASSWORD_MIN_LENGTH} tot ${RESULTS_LINK_PASSWORD_MAX_LENGTH} tekens, of laat het leeg.`,
  label: `Het label mag hoogstens ${RESULTS_LINK_LABEL_MAX_LENGTH} tekens hebben.`,
  openAnswersAnonymous: `Deze survey is anoniem en heeft minder dan ${SHARED_OPEN_ANSWERS_MIN_RESPONSES} reacties: open antwoorden kun je nog niet delen.`,
  linkNotFound: 'Deze resultatenlink bestaat niet.',
  unknown: 'Deze link naar resultaten bestaat niet. Controleer of je de hele link hebt gekopieerd.',
  revoked: 'Deze link naar resultaten is ingetrokken. Vraag de afzender om een nieuwe link.',
  passwordRequired: 'Deze resultaten zijn beveiligd. Vul het wachtwoord in dat je van de afzender kreeg.',
  wrongPassword: 'Het wachtwoord klopt niet.',
  tooManyGuesses: 'Te vaak een verkeerd wachtwoord geprobeerd. Probeer het over een kwartier opnieuw.',
  keepNow: 'Kopieer de link nu: hij wordt niet opnieuw getoond.',
} as const;

/** The shared page of a token: `<origin>/gedeeld/<token>`. */
export const sharedResultsUrl = (origin: string, token: string): string =>
  `${origin.replace(/\/+$/, '')}${SHARED_RESULTS_PATH}/${encodeURIComponent(token)}`;

/** The token of a `/gedeeld/<token>` path; null for any other path. */
export function sharedTokenFromPath(path: string): string | null {
  const match = /^\/gedeeld\/([^/]+)\/?$/.exec(path);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * Whether a shared page may carry open answers (R-SHARE-4): only when the link was made with them,
 * and for an anonymous survey only from `SHARED_OPEN_ANSWERS_MIN_RESPONSES` submitted responses
 * (within the link's period) on.
 */
export const sharesOpenAnswers = (chosen: boolean, anonymous: boolean, completed: number): boolean =>
  chosen && (!anonymous || completed >= SHARED_OPEN_ANSWERS_MIN_RESPONSES);

/** The 'Resultaten delen' form as typed. */
export interface ResultsLinkForm {
  readonly questionIds: readonly string[];
  readonly from: string;
  readonly to: string;
  readonly openAnswers: boolean;
  readonly password: string;
  readonly label: string;
}

/** Checks the form; the request to send when it is right (the server checks the same again). */
export function checkResultsLinkForm(form: ResultsLinkForm): FormResult<CreateResultsLinkRequest> {
  const fields: Record<string, string> = {};
  if (form.questionIds.length === 0) fields.question_ids = RESULTS_LINK_MESSAGES.noQuestions;
  const period = dateFilterError({ from: form.from.trim(), to: form.to.trim() });
  if (period) fields[period.field] = period.message;
  const password = form.password;
  if (
    password !== '' &&
    (password.length < RESULTS_LINK_PASSWORD_MIN_LENGTH || password.length > RESULTS_LINK_PASSWORD_MAX_LENGTH)
  )
    fields.password = RESULTS_LINK_MESSAGES.password;
  const label = form.label.trim();
  if (label.length > RESULTS_LINK_LABEL_MAX_LENGTH) fields.label = RESULTS_LINK_MESSAGES.label;
  if (Object.keys(fields).length > 0) return formInvalid(fields);
  return formOk({
    question_ids: [...form.questionIds],
    open_answers: form.openAnswers,
    ...(form.from.trim() === '' ? {} : { from: form.from.trim() }),
    ...(form.to.trim() === '' ? {} : { to: form.to.trim() }),
    ...(password === '' ? {} : { password }),
    ...(label === '' ? {} : { label }),
  });
}

const dayText = (day: string): string => formatResultDate(`${day}T12:00:00Z`);

/** A link's period in words: '1 mrt. 2026 t/m 31 mrt. 2026', 'vanaf …', 'tot en met …', 'alle reacties'. */
export function periodText(from: string | null, to: string | null): string {
  if (from !== null && to !== null) return `${dayText(from)} t/m ${dayText(to)}`;
  if (from !== null) return `vanaf ${dayText(from)}`;
  if (to !== null) return `tot en met ${dayText(to)}`;
  return 'alle reacties';
}

/** One row of the links list. */
export interface ResultsLinkRow {
  readonly id: number;
  readonly title: string;
  readonly details: string;
  readonly revoked: boolean;
  readonly statusText: string;
}

export function resultsLinkRow(link: ResultsLink): ResultsLinkRow {
  const count = link.question_ids.length;
  const details = [
    count === 1 ? '1 vraag' : `${formatCount(count)} vragen`,
    periodText(link.from, link.to),
    link.open_answers ? 'met open antwoorden' : 'zonder open antwoorden',
    link.has_password ? 'met wachtwoord' : 'zonder wachtwoord',
  ].join(' · ');
  return {
    id: link.id,
    title: link.label ?? `Link van ${formatResultDateTime(link.created_at)}`,
    details,
    revoked: link.revoked_at !== null,
    statusText:
      link.revoked_at === null
        ? `Actief sinds ${formatResultDateTime(link.created_at)}`
        : `Ingetrokken op ${formatResultDateTime(link.revoked_at)}`,
  };
}

/** The shared page's content. */
export interface SharedResultsView {
  readonly title: string;
  readonly periodText: string;
  readonly completedText: string;
  readonly overTime: ColumnChartView;
  readonly bucketLabel: string;
  readonly questions: readonly QuestionResultView[];
}

/** The open shared page as charts and texts: the same views as the results page (R-SHARE-6). */
export function sharedResultsView(shared: Extract<SharedResults, { status: 'open' }>): SharedResultsView {
  const { results } = shared;
  const byId = new Map(results.questions.map((result) => [result.question_id, result]));
  const respondents = shared.hides_questions ? results.responses.completed : null;
  return {
    title: shared.title,
    periodText: periodText(shared.from, shared.to),
    completedText: formatCount(results.responses.completed),
    overTime: columnChart(results.over_time, results.bucket),
    bucketLabel: BUCKET_LABELS[results.bucket],
    questions: shared.questions
      .filter(isAnswerable)
      .map((question) => questionResultView(question, byId.get(question.id), respondents)),
  };
}
