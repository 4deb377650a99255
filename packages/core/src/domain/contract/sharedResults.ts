import type { RespondentBranding } from './responses';
import type { SurveyResults } from './surveyResults';
import type { Question } from './surveys';

/** One read-only results link of a survey, as its organisation lists it (never its token). */
export interface ResultsLink {
  readonly id: number;
  readonly label: string | null;
  readonly question_ids: readonly string[];
  /** `YYYY-MM-DD` (Europe/Amsterdam), both ends included; null: open-ended. */
  readonly from: string | null;
  readonly to: string | null;
  readonly open_answers: boolean;
  readonly has_password: boolean;
  readonly created_at: string;
  readonly revoked_at: string | null;
}

/** POST /surveys/:id/results-links. */
export interface CreateResultsLinkRequest {
  readonly question_ids: readonly string[];
  readonly from?: string;
  readonly to?: string;
  readonly open_answers?: boolean;
  readonly password?: string;
  readonly label?: string;
}

/** The new link and its token: the only time the token exists outside the address it is in. */
export interface ResultsLinkCreated {
  readonly link: ResultsLink;
  readonly token: string;
}

/**
 * GET (or, with the password, POST) /shared-results/:token. `locked`: the link has a password and
 * none (or not yet the right one) was given; only the organisation's look is shown.
 */
export type SharedResults =
  | { readonly status: 'locked'; readonly branding: RespondentBranding }
  | {
      readonly status: 'open';
      readonly branding: RespondentBranding;
      readonly title: string;
      readonly from: string | null;
      readonly to: string | null;
      /** The chosen questions, in the survey's order. */
      readonly questions: readonly Question[];
      /** Whether the survey's rules can hide a question (then each says who saw it, R-RES-6). */
      readonly hides_questions: boolean;
      readonly open_answers: boolean;
      readonly results: SurveyResults;
    };
