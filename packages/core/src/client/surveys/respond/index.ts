// The surveys/respond feature: the answering page's session (/respond/:token) and its preview.
// What other features and packages use of it; everything else in this folder is internal.

export { REDIRECT_DELAY_MS } from './endScreenExit';
export type { HoldInput } from './heldInput';
export { countsEveryKeyFrom } from './openTextCounter';
export { RespondentSession } from './RespondentSession';
export type { PreviewQuestions } from './RespondentSessionPreview';
export {
  createPreviewSession,
  leftOutText,
  PREVIEW_TOKEN,
  previewQuestions,
  previewView,
} from './RespondentSessionPreview';
export { onLastQuestion, respondentEstimate, respondentProgress } from './respondentNavigation';
export type { RespondentState } from './respondentState';
export type {
  AnswerDraft,
  AnswerDraftStore,
  InvitationPreviewGateway,
  PublicLinkEntry,
  PublicLinkStore,
  RespondentBrowser,
  RespondentKeySource,
  RespondentLocation,
  RespondGateway,
} from './respondPorts';
export {
  answerText,
  knownText,
  loadedWords,
  loadRespondentWords,
  questionErrorText,
  quotaScreenText,
  wordsLanguage,
} from './words/respondentCatalogue';
export type { AnswerWords, RespondentWords } from './words/respondentWords';
export { DUTCH_WORDS, LANGUAGE_OWN_NAMES } from './words/respondentWords';
