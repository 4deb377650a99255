/**
 * Answering a survey on the wire (issue 5): the public answering page `/respond/:responseToken` and
 * the links an organisation hands out. Every link is a token in the path:
 *
 * - the survey's **public link** (`public_token`, one per survey, shareable): every visitor starts a
 *   response of their own. The first save creates it and answers its own **response token**; the
 *   page then continues on `/respond/<response token>`, so reopening that link resumes.
 * - a **personal link** (one response token per respondent, made by the organisation, shown once):
 *   one response per token, enforced by a unique key.
 *
 * Tokens carry at least 128 random bits (base64url). The server stores response tokens hashed.
 * Unknown links answer 404 and closed surveys 410, both with a Dutch `detail` the page shows.
 */
import type { RespondentSurvey, SubmitResponseRequest } from './surveys';

/** Which kind of link a respondent opened. */
export type RespondentLinkKind = 'public' | 'personal';

/** The organisation's look on the answering page (no ids, nothing else of the organisation). */
export interface RespondentBranding {
  readonly organization_name: string;
  readonly logo_url: string | null;
  readonly background_url: string | null;
  readonly primary_color: string | null;
}

/**
 * GET /respond/:token. `open`: the survey with the answers saved so far. `completed`: the response
 * was already submitted; `survey` then has no questions and no saved answers, only the texts for
 * the thank-you screen.
 */
export interface RespondentView {
  /** `full`: the survey reached its cap and takes no new respondents (R-RESP-13). */
  readonly status: 'open' | 'completed' | 'full';
  readonly link_kind: RespondentLinkKind;
  /**
   * The survey is anonymous: answers are never linked to the invited contact's name or address.
   * The page says so with core's ANONYMOUS_SURVEY_TEXT (`@loop/core/invitations`).
   */
  readonly anonymous: boolean;
  readonly survey: RespondentSurvey;
  readonly branding: RespondentBranding;
}

/**
 * POST /respond/:token: save progress (`final: false`) or submit (`final: true`). Saved answers
 * replace earlier ones of the same questions; a submission checks required answers over everything
 * saved plus what it sends. Submitting an already submitted response changes nothing and answers
 * `completed` again (a retry or a double click stores one response).
 */
export interface RespondRequest extends SubmitResponseRequest {
  /**
   * Public link only: a random id (16–64 characters of `[A-Za-z0-9_-]`) the page makes once per
   * visitor, so that a retried first save or submission does not start a second response.
   */
  readonly respondent_key?: string;
}

/** What POST /respond/:token answers: where the response stands and the token to continue with. */
export interface RespondResult {
  /**
   * `full`: the survey reached its cap, `quota_full`: a quota this response matches is full
   * (R-RESP-13); the response was not submitted (its answers stay saved, never counted) and
   * `end_screen` says what to show instead of the thank-you.
   */
  readonly status: 'in_progress' | 'completed' | 'full' | 'quota_full';
  readonly end_screen?: { readonly text: string };
  /** The response's own token: the same as the path for a personal link, new for a public one. */
  readonly response_token: string;
}

/** GET /surveys/:id/links: the public link and how the personal links are used. */
export interface SurveyLinks {
  /** The token of the survey's public link (`/respond/<public_token>`). */
  readonly public_token: string;
  readonly personal: {
    readonly total: number;
    readonly started: number;
    readonly completed: number;
  };
}

/** POST /surveys/:id/personal-links: make `count` (1–500) personal links, with an optional label. */
export interface CreatePersonalLinksRequest {
  readonly count: number;
  /** For the organisation's own reference (e.g. 'Team Noord'); at most 100 characters. */
  readonly label?: string;
}

/** The new personal links' tokens: shown once, the server keeps only their hashes. */
export interface PersonalLinksCreated {
  readonly tokens: readonly string[];
}

/**
 * GET /surveys/:id/invitation-preview: the invitation e-mail exactly as it will be sent. `html` is a
 * whole e-mail document (the organisation's logo and colour, the introduction, the time estimate and
 * the personal-link button, pointing at the example link `<origin>/respond/voorbeeld`); `text` is
 * its plain-text part. `?lang=xx` shows it as a contact with that language gets it (R-INV-6).
 */
export interface InvitationPreview {
  readonly subject: string;
  /** The sender as it appears in the From header, e.g. `Acme via Loop <noreply@loop.example>`. */
  readonly from: string;
  readonly html: string;
  readonly text: string;
  /** The language the mail is in (R-INV-6): 'nl', or the complete extra language asked for. */
  readonly language: string;
  /** The languages the mail can be previewed in: Dutch first, then the survey's complete languages. */
  readonly languages: readonly string[];
}
