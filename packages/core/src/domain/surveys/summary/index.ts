// The surveys/summary feature: summaries of an open question's answers (plan feature 'ai'). The
// built-in summariser (Dutch stop words, words and phrases shared by answers, quotes), the language
// model's prompt and the strict reading of its answer (used by the server), and the panel's
// use-case and view (used by web). Everything else in this folder is internal.
export type { OpenAnswerSummaryInput, SummaryThemes } from './summariseOpenAnswers';
export { SUMMARY_ANSWERS_MAX, SUMMARY_THEMES_MAX, summariseOpenAnswers } from './summariseOpenAnswers';
export type { OpenAnswerSummaryGateway } from './summaryPorts';
export type { SummaryPrompt } from './summaryPrompt';
export { parseSummaryAnswer, SUMMARY_PROMPT_MAX_CHARS, summaryPrompt } from './summaryPrompt';
export { QUOTE_MAX_LENGTH, QUOTES_PER_THEME } from './summaryQuotes';
export type { SummaryOutcome, SummaryUseCaseDeps, SummaryUseCases } from './summaryUseCases';
export { createSummaryUseCases } from './summaryUseCases';
export type { OpenAnswerSummaryView, SummaryThemeView } from './summaryView';
export { SUMMARY_TEXTS, summaryErrorText, summaryView } from './summaryView';
