import type { OpeningProblem, SurveyStatus } from '../../contract';
import { err, ok, type Result } from '../../shared';
import { closeDatePassed, effectiveStatus } from './closeDate';
import { READINESS_MESSAGES } from './surveyReadiness';

/**
 * The life of a survey: draft → open → closed.
 *
 * - draft → open (publish): needs at least one question, nothing left to fill in (`openingProblems`:
 *   a draft is saved whatever it lacks, docs/decisions/surveys.md 'Drafts are always saved'), and a close
 *   date, if any, in the future.
 * - open → closed: always (the owner closes it, or its close date passes: see `effectiveStatus`).
 * - closed → open (reopen): allowed, with the same close-date rule as publishing, so a survey that
 *   closed by its date reopens only after the date is moved or cleared (otherwise it would close
 *   again at once).
 * - open or closed → draft: only while there are no responses (unpublish a survey opened by
 *   mistake); with responses the answers would lose the questions they belong to.
 * - draft → closed: refused; there is nothing to close.
 * - the same status again: accepted, nothing changes.
 */

export type StatusChangeError =
  | 'no_questions'
  | 'incomplete'
  | 'close_at_past'
  | 'has_responses'
  | 'not_allowed';

/** The Dutch texts of refused status changes. */
export const STATUS_MESSAGES = {
  noQuestions: 'Voeg eerst minstens één vraag toe.',
  closeAtPast: 'De sluitdatum ligt in het verleden. Kies een latere datum of haal de sluitdatum weg.',
  hasResponses: 'Deze survey heeft al antwoorden en kan niet meer terug naar concept.',
  draftToClosed: 'Een concept kan niet worden gesloten. Open de survey eerst.',
} as const;

/** Decides a requested status change; the value is the new status. */
export function decideStatusChange(input: {
  readonly from: SurveyStatus;
  readonly to: SurveyStatus;
  readonly closeAt: string | null;
  readonly questionCount: number;
  /** What the content still lacks (`openingProblems`); opening waits until it is empty. */
  readonly problems: readonly OpeningProblem[];
  readonly responseCount: number;
  readonly now: Date;
}): Result<SurveyStatus, StatusChangeError> {
  const { from, to } = input;
  if (from === to) return ok(to);
  switch (to) {
    case 'open':
      if (input.questionCount < 1) return err('no_questions', STATUS_MESSAGES.noQuestions);
      if (input.problems.length > 0)
        return err('incomplete', READINESS_MESSAGES.detail(input.problems.map((problem) => problem.message)));
      if (closeDatePassed(input.closeAt, input.now)) return err('close_at_past', STATUS_MESSAGES.closeAtPast);
      return ok(to);
    case 'closed':
      return from === 'draft' ? err('not_allowed', STATUS_MESSAGES.draftToClosed) : ok(to);
    case 'draft':
      return input.responseCount > 0 ? err('has_responses', STATUS_MESSAGES.hasResponses) : ok(to);
  }
}

/** A status change the editor offers: its button, and the notice once it is done. */
export interface StatusAction {
  readonly to: SurveyStatus;
  readonly label: string;
  readonly done: string;
  /** A secondary button (closing, back to draft); the main action is publishing or reopening. */
  readonly secondary: boolean;
}

const STATUS_ACTIONS: Readonly<Record<SurveyStatus, Omit<StatusAction, 'to'>>> = {
  open: { label: 'Publiceren', done: 'De survey is gepubliceerd.', secondary: false },
  closed: { label: 'Sluiten', done: 'De survey is gesloten.', secondary: true },
  draft: { label: 'Terug naar concept', done: 'De survey is weer een concept.', secondary: true },
};

/**
 * The status changes to offer for a survey as it stands (`from` is its effective status, so an open
 * survey past its close date counts as closed): every change `decideStatusChange` could allow. One
 * that is refused for a reason the user can fix (no questions, a close date in the past) is still
 * offered, so the refusal explains itself; one that is never allowed (draft to closed, back to draft
 * with responses) is not.
 */
export function offeredStatusChanges(from: SurveyStatus, responseCount: number): readonly StatusAction[] {
  const targets: readonly SurveyStatus[] = ['open', 'closed', 'draft'];
  return targets
    .filter((to) => to !== from)
    .filter((to) => {
      const decided = decideStatusChange({
        from,
        to,
        closeAt: null,
        questionCount: 1,
        problems: [],
        responseCount,
        now: new Date(0),
      });
      return decided.ok;
    })
    .map((to) => ({
      to,
      ...STATUS_ACTIONS[to],
      ...(to === 'open' && from === 'closed' ? { label: 'Heropenen', done: 'De survey is heropend.' } : {}),
    }));
}

export type RespondentAccessError = 'unknown_token' | 'not_open' | 'closed' | 'already_submitted';

/** What a respondent reads when the answering page or a submission is refused. */
export const RESPONDENT_MESSAGES = {
  unknownToken: 'Deze link is ongeldig. Controleer of je de volledige link uit de uitnodiging hebt gebruikt.',
  notOpen: 'Deze survey is nog niet geopend.',
  closed: 'Deze survey is gesloten. Je kunt geen antwoorden meer insturen.',
  alreadySubmitted: 'Je hebt deze survey al ingevuld. Bedankt voor je antwoorden!',
} as const;

/**
 * Whether a response token may be used now: the token must be known (null survey: unknown), the
 * response not submitted yet (said first: a thank-you beats "closed" for someone who answered), and
 * the survey open at `now`, close date included. The server maps the codes to statuses at its edge
 * (`unknown_token` 404, the others 409).
 */
export function respondentAccess(input: {
  readonly survey: { readonly status: SurveyStatus; readonly close_at: string | null } | null;
  readonly alreadySubmitted: boolean;
  readonly now: Date;
}): Result<true, RespondentAccessError> {
  const { survey } = input;
  if (survey === null) return err('unknown_token', RESPONDENT_MESSAGES.unknownToken);
  if (input.alreadySubmitted) return err('already_submitted', RESPONDENT_MESSAGES.alreadySubmitted);
  const status = effectiveStatus(survey.status, survey.close_at, input.now);
  if (status === 'draft') return err('not_open', RESPONDENT_MESSAGES.notOpen);
  if (status === 'closed') return err('closed', RESPONDENT_MESSAGES.closed);
  return ok(true);
}
