import type {
  AnswerValue,
  EndScreen,
  Question,
  RespondentBranding,
  RespondentLinkKind,
  RespondentSurvey,
  RespondResult,
} from '../../../domain/contract';
import type { LogicPath } from '../../../domain/surveys/logic';
import { DEFAULT_RESPONDENT_LANGUAGE, EMPTY_PATH } from './respondentPath';

/**
 * Where the answering page stands: loading the link, refused (unknown link, closed survey), the
 * introduction, one question per screen, or the thank-you screen.
 */
export type RespondentPhase = 'loading' | 'unavailable' | 'intro' | 'question' | 'completed';

/** Progress saving: nothing to do, a save on its way, or the last save failed (the page says so). */
export type RespondentSaveStatus = 'idle' | 'saving' | 'failed';

export interface RespondentState {
  readonly phase: RespondentPhase;
  readonly survey: RespondentSurvey | null;
  readonly branding: RespondentBranding | null;
  readonly linkKind: RespondentLinkKind | null;
  /** The survey is anonymous: the start screen says answers are not linked to the respondent. */
  readonly anonymous: boolean;
  /**
   * The respondent's language (R-RESP-9, R-RESP-10): the page speaks it and the logic reads it.
   * Before a survey is loaded, `?lang=` or the browser's; then as `respondentLanguage` settles it.
   */
  readonly language: string;
  /** 'unavailable': why, in Dutch (the server's detail for an unknown link or a closed survey). */
  readonly message: string | null;
  /** 'unavailable' because the page could not be loaded (no connection, server error): retrying may help. */
  readonly canRetry: boolean;
  /** The questions in survey order, on the path or not. */
  readonly questions: readonly Question[];
  /**
   * Where the answers lead (R-RESP-8), evaluated again on every answer change: the questions on the
   * path, and the question after which an end screen follows (`ended_after`).
   */
  readonly path: LogicPath;
  /** The question on screen (0-based in `questions`, always on the path); in 'intro', the one 'Starten' leads to. */
  readonly index: number;
  /** The answers as the respondent gave them so far, per question id. */
  readonly answers: Readonly<Record<string, AnswerValue>>;
  /** A Dutch message per question id whose answer is not in order. */
  readonly errors: Readonly<Record<string, string>>;
  readonly saveStatus: RespondentSaveStatus;
  /** Why the latest save failed; the answers are kept and the save is tried again. */
  readonly saveError: string | null;
  /** The final submission is on its way: the send button is disabled. */
  readonly submitting: boolean;
  /** Why the latest submission failed; 'Opnieuw proberen' sends the same answers again. */
  readonly submitError: string | null;
  /** The page continues a response answered earlier (saved on the server or in this tab). */
  readonly resumed: boolean;
  /** The response had been submitted before this visit. */
  readonly alreadySubmitted: boolean;
  /** 'completed' on an end screen: its text replaces the thank-you text. */
  readonly endScreen: EndScreen | null;
  /** 'completed': the end screen's address ('Doorgaan'), only when `isSafeRedirect` accepts it. */
  readonly redirectUrl: string | null;
  /** The page goes on to `redirectUrl` by itself after REDIRECT_DELAY_MS (not in the preview). */
  readonly redirectsSoon: boolean;
  /**
   * 'completed' without a submission (R-RESP-13): the survey is at its cap ('cap', the page's 'vol'
   * screen) or a quota of the response is full ('quota', its text as `endScreen`); else null.
   */
  readonly full: 'cap' | 'quota' | null;
}

/** The answering page's Dutch texts of its own (the server's texts arrive as `detail`). */
export const RESPONDENT_SESSION_MESSAGES = {
  saveFailed:
    'Je antwoorden zijn nog niet opgeslagen: er is geen verbinding met de server. Ze blijven bewaard en we proberen het zo opnieuw.',
  submitFailed:
    'Je antwoorden konden niet worden verstuurd: er is geen verbinding met de server. Ze blijven bewaard; probeer het opnieuw.',
  loadFailed: 'De survey kon niet worden geladen. Controleer je internetverbinding en probeer het opnieuw.',
} as const;

/** The state before the link is loaded. */
export const INITIAL_RESPONDENT_STATE: RespondentState = {
  phase: 'loading',
  survey: null,
  branding: null,
  linkKind: null,
  anonymous: false,
  language: DEFAULT_RESPONDENT_LANGUAGE,
  message: null,
  canRetry: false,
  questions: [],
  path: EMPTY_PATH,
  index: 0,
  answers: {},
  errors: {},
  saveStatus: 'idle',
  saveError: null,
  submitting: false,
  submitError: null,
  resumed: false,
  alreadySubmitted: false,
  endScreen: null,
  redirectUrl: null,
  redirectsSoon: false,
  full: null,
};

/** The page after a submission the server did not take because the survey or a quota is full. */
export function fullState(result: RespondResult | undefined): Partial<RespondentState> | null {
  if (result?.status === 'full') return { full: 'cap', endScreen: null };
  if (result?.status === 'quota_full')
    return { full: 'quota', endScreen: { id: 'quota', text: result.end_screen?.text ?? '' } };
  return null;
}

/** The thank-you screen: submitted now, or before this visit. */
export const completedState = (alreadySubmitted: boolean): Partial<RespondentState> => ({
  phase: 'completed',
  alreadySubmitted,
  submitting: false,
  submitError: null,
  saveStatus: 'idle',
  saveError: null,
  errors: {},
});

/** The page ended under the respondent (unknown link, closed survey): the server's reason. */
export const endedState = (detail: string): Partial<RespondentState> => ({
  phase: 'unavailable',
  message: detail,
  canRetry: false,
  submitting: false,
});
