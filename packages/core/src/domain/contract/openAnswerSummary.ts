// Summaries of an open question's answers (plan feature 'ai', "AI-inzichten"): recurring themes with
// how many answers mention them and a few quotes. POST /surveys/:id/questions/:questionId/summary,
// with the date filter of the question's page (`from`/`to`) in the query.

/** One recurring theme of the answers. */
export interface OpenAnswerTheme {
  /** A short name: the shared phrase or keyword (built-in), or the language model's name for it. */
  readonly label: string;
  /** How many of the considered answers are about it. */
  readonly count: number;
  /** Up to three short quotes from answers about it, e-mail addresses and phone numbers removed. Plain text. */
  readonly quotes: readonly string[];
}

/** Who made a summary: Loop's own word counting, or the language model the server is connected to. */
export type SummaryAnalyst = 'builtin' | 'llm';

/** The answer of POST /surveys/:id/questions/:questionId/summary. */
export interface OpenAnswerSummary {
  readonly survey_id: number;
  readonly question_id: string;
  readonly analyst: SummaryAnalyst;
  /** Answers with text within the period (texts wiped by the retention period do not count). */
  readonly answers_total: number;
  /** The answers the summary rests on: the newest ones, as many as the analyst takes. */
  readonly answers_considered: number;
  /** Largest first. Empty when nothing recurs, or when there were too few answers. */
  readonly themes: readonly OpenAnswerTheme[];
  /** Considered answers about none of the themes ('Overig'). */
  readonly other_count: number;
  /** Fewer answers than `SUMMARY_MIN_ANSWERS`: nothing was summarised. */
  readonly too_few: boolean;
  /** ISO 8601. */
  readonly generated_at: string;
}

/** Fewer answers than this are not summarised (a theme needs at least two answers sharing it). */
export const SUMMARY_MIN_ANSWERS = 3;

/** The refusals of the summary route; the time-out and the language model's failures are the analysis texts. */
export const SUMMARY_MESSAGES = {
  featureMissing: 'AI-inzichten zijn niet beschikbaar voor dit abonnement.',
  notOpen: 'Alleen de antwoorden op een open vraag kunnen worden samengevat.',
  tooMany: 'Je hebt net al veel samenvattingen gemaakt. Probeer het over een paar minuten opnieuw.',
  /** The client's text when an error has no detail of its own. */
  fallback: 'Er ging iets mis bij het samenvatten van de antwoorden. Probeer het opnieuw.',
} as const;
