import type { ApiResult } from '../../../domain/api';
import type {
  AnswerValue,
  InvitationPreview,
  RespondentView,
  RespondRequest,
  RespondResult,
} from '../../../domain/contract';
import type { Clock, Timer } from '../../session';

/** The public answering calls: GET and POST /respond/:token, without login. */
export interface RespondGateway {
  /** The link's view; with `language`, its survey in that language (`?lang=xx`) when it has one. */
  view(token: string, language?: string): Promise<ApiResult<RespondentView>>;
  respond(token: string, request: RespondRequest): Promise<ApiResult<RespondResult>>;
}

/** What the browser remembers of a public link: the visitor's key and, once made, their response token. */
export interface PublicLinkEntry {
  readonly respondent_key: string;
  readonly response_token: string | null;
}

/**
 * Public link → this visitor's respondent key and response token (local storage), so a retried
 * first save makes one response and reopening the public link resumes it.
 */
export interface PublicLinkStore {
  read(publicToken: string): PublicLinkEntry | null;
  write(publicToken: string, entry: PublicLinkEntry): void;
}

/** Answers not yet saved on the server, where the page left off, and the seconds counted so far. */
export interface AnswerDraft {
  readonly answers: Readonly<Record<string, AnswerValue>>;
  readonly seconds: Readonly<Record<string, number>>;
  /** Index of the question on screen. */
  readonly index: number;
}

/** Unsaved answers per token (session storage): a reload or a failed save loses nothing. */
export interface AnswerDraftStore {
  read(token: string): AnswerDraft | null;
  write(token: string, draft: AnswerDraft): void;
  clear(token: string): void;
}

/** Makes the random respondent key of a public-link visitor (≥ 16 characters of `[A-Za-z0-9_-]`). */
export interface RespondentKeySource {
  newKey(): string;
}

/** Shows the token the page continues with in the address bar (history.replaceState), so a reload resumes. */
export interface RespondentLocation {
  showToken(token: string): void;
  /**
   * Goes on to an end screen's address in place of the page (`location.assign`); only ever called
   * with an address `isSafeRedirect` accepts. Without it the page never leaves by itself (the preview).
   */
  leave?(url: string): void;
}

/** What the page reads of the browser: the address's query values and the browser's language. */
export interface RespondentBrowser {
  /** The query values of the page's address, the first one per name (`?bron=mail` → `{ bron: 'mail' }`). */
  query(): Readonly<Record<string, string>>;
  /** The browser's preferred language tag ('nl-NL'), or null when it has none. */
  language(): string | null;
}

/** The invitation e-mail of one of the current organisation's surveys, as it will be sent. */
export interface InvitationPreviewGateway {
  /** In `language` ('en') as a contact with it gets the mail (R-INV-6); left out: Dutch. */
  invitationPreview(surveyId: number, language?: string): Promise<ApiResult<InvitationPreview>>;
}

/** What the answering page's session works with (see `RespondentSession`). */
export interface RespondentSessionDeps {
  readonly gateway: RespondGateway;
  readonly clock: Clock;
  readonly timer: Timer;
  readonly keys: RespondentKeySource;
  readonly links: PublicLinkStore;
  readonly drafts: AnswerDraftStore;
  readonly location: RespondentLocation;
  readonly browser: RespondentBrowser;
}
