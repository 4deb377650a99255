/**
 * One respondent's data, as the organisation sees it (issue 12, AVG/GDPR): the survey's responses
 * one by one, one response's answers as text, that respondent's answers as a file, and erasing them.
 * A response is found by the label of its personal link (what the sender typed, often a name).
 */
import type { RespondentLinkKind } from './responses';

/** Where a response stands: a personal link not opened yet, saved halfway, or submitted. */
export type ResponseProgress = 'pending' | 'in_progress' | 'completed';

/** One row of GET /surveys/:id/responses (newest first). */
export interface ResponseListItem {
  readonly id: number;
  /**
   * Its number within the survey once submitted ('Reactie 3'): 1 for the survey's first submission,
   * never changed or reused, also when other responses are erased. Null while it is not submitted.
   */
  readonly ordinal: number | null;
  readonly kind: RespondentLinkKind;
  /** The personal link's label (null for public-link responses, unlabelled links and after anonymising). */
  readonly label: string | null;
  readonly status: ResponseProgress;
  readonly started_at: string | null;
  readonly saved_at: string | null;
  readonly completed_at: string | null;
  /** Retention has blanked its open texts and detached it from its link. */
  readonly anonymised: boolean;
  /**
   * Who answered: the invited contact of a personal link sent as an invitation (issue 16). Null for
   * other links, on anonymous surveys, and once the contact was deleted (show `label` instead).
   */
  readonly contact_name: string | null;
  readonly contact_email: string | null;
}

/**
 * GET /surveys/:id/responses: paging (`page`, `page_size` ≤ 100), `status` and `q` (in the label,
 * and for roles that see contacts on a survey that is not anonymous in the invited contact's name
 * and e-mail address).
 */
export interface ResponseListQuery {
  readonly page?: number;
  readonly page_size?: number;
  readonly status?: ResponseProgress;
  readonly q?: string;
}

/** One question's answer of one response, as text ('Eens', 'Optie A, Anders: …', '8'). */
export interface ResponseAnswerText {
  readonly question_id: string;
  /** The question's title. */
  readonly question: string;
  /** Null: not answered (or, after anonymising, an open text that was blanked). */
  readonly answer: string | null;
}

/** GET /surveys/:id/responses/:responseId: the response with an answer per question, in order. */
export interface ResponseDetail extends ResponseListItem {
  readonly answers: readonly ResponseAnswerText[];
}

/** GET /surveys/:id/responses/:responseId/export?format=json|csv: one respondent's answers as a file. */
export type ResponseExportFormat = 'json' | 'csv';

/** The JSON file of one respondent's answers: everything stored about the response. */
export interface ResponseExport {
  readonly survey: { readonly id: number; readonly title: string };
  readonly response: ResponseListItem;
  readonly answers: ReadonlyArray<
    ResponseAnswerText & {
      /** Seconds the respondent spent on the question, as measured by the answering page. */
      readonly seconds_spent: number | null;
    }
  >;
  /**
   * A survey with logic (issue 26, R-RES-7): the hidden fields the respondent's link carried, the
   * language it was answered in, the end screen it ended on (null: the survey's own thank-you text)
   * and the questions its path did not show. Left out for a survey without logic.
   */
  readonly path?: {
    readonly hidden_fields: Readonly<Record<string, string>>;
    readonly language: string | null;
    readonly end_screen_id: string | null;
    readonly unseen_question_ids: readonly string[];
  };
  readonly exported_at: string;
}
