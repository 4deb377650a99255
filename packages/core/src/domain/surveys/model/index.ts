// The surveys/model feature: the survey and answer rules the editor, the answering page, the results and the server share.
// What other features and packages use of it; everything else in this folder is internal.
export type { AnswerItem } from './answerItems';
export { answerFromItems, answerToItems, OTHER_ITEM_ID, QUESTION_ITEM_ID } from './answerItems';
export type { AnswerMessageKey, AnswerPhrase } from './answerPhrases';
export { answerPhrase, dutchAnswerMessage } from './answerPhrases';
export type { SubmissionErrorCode } from './answerValidation';
export {
  ANSWER_MESSAGES,
  OPEN_TEXT_HARD_MAX_LENGTH,
  OTHER_TEXT_MAX_LENGTH,
  openTextLimit,
  SECONDS_SPENT_MAX,
  validateAnswer,
  validateSubmission,
} from './answerValidation';
export { effectiveStatus } from './closeDate';
export {
  DAY_KEY_RANGE,
  dayKey,
  formatDayKey,
  formatMonth,
  isDay,
  keyDay,
} from './dateAnswers';
export type { AnswerFacts, QuestionLocks, QuestionUsage } from './editRules';
export { compareForOpenSurvey, EDIT_MESSAGES, OPEN_SURVEY_EDIT_NOTICE, questionLocks } from './editRules';
export { estimateAr } from './estimates/ar';
export { estimateDe } from './estimates/de';
export { estimateEn } from './estimates/en';
export { estimateFr } from './estimates/fr';
export { estimatePl } from './estimates/pl';
export { estimateTr } from './estimates/tr';
export { estimateUk } from './estimates/uk';
export { ESTIMATE_WORDS, estimateNl } from './estimateWords';
export type { NumberBin, NumberProblem, NumberSummary } from './numberAnswers';
export {
  decimalsOf,
  fitNumber,
  formatNumber,
  NUMBER_DECIMALS_MAX,
  NUMBER_LIMIT,
  NUMBER_UNIT_MAX_LENGTH,
  numberSummary,
  parseTypedNumber,
} from './numberAnswers';
export type { SurveyListQuery, SurveysGateway, SurveyTemplatesGateway } from './ports';
export type { IdSource } from './questionEdits';
export {
  addQuestion,
  createQuestion,
  duplicateQuestion,
  LIKERT_DEFAULT_LABELS,
  moveQuestion,
  NPS_DEFAULT_LABELS,
  removeQuestion,
  renumberQuestions,
  restoreQuestion,
  withLikertPoints,
} from './questionEdits';
export type { ChoiceSummary, CountsByValue } from './scoring';
export {
  formatMean,
  formatNps,
  likertSummary,
  multipleChoiceSummary,
  npsFromCounts,
  ratingSummary,
  roundedShare,
  roundHalfAwayFromZero,
  singleChoiceSummary,
} from './scoring';
export { sanitizeSurveyHtml } from './surveyHtml';
export type { AnswerableQuestion, CheckedInput, ContentGap, GapCode } from './surveyLimits';
export {
  DROPDOWN_OPTIONS_MAX,
  ID_PATTERN,
  isAnswerable,
  OPTION_LABEL_MAX_LENGTH,
  OPTIONS_MAX,
  QUESTION_DESCRIPTION_MAX_LENGTH,
  QUESTION_TITLE_MAX_LENGTH,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  QUESTIONS_MAX,
  RANKING_OPTIONS_MAX,
  SCALE_LABEL_MAX_LENGTH,
  STATEMENT_MAX_LENGTH,
  STATEMENTS_MAX,
  SURVEY_HTML_MAX_LENGTH,
  SURVEY_MESSAGES,
  SURVEY_TITLE_MAX_LENGTH,
  THANK_YOU_TEXT_MAX_LENGTH,
} from './surveyLimits';
export { openingProblems, READINESS_MESSAGES } from './surveyReadiness';
export type { StatusAction } from './surveyStatus';
export {
  decideStatusChange,
  offeredStatusChanges,
  RESPONDENT_MESSAGES,
  respondentAccess,
  STATUS_MESSAGES,
} from './surveyStatus';
export type { CheckedDraft } from './surveyValidation';
export { checkSurveyDraft, validateCompleteSurvey } from './surveyValidation';
export { estimateMinutes, estimateSeconds, formatEstimate, MIN_TIMING_RESPONDENTS } from './timeEstimate';
export type { NumberMarks, TypedNumber } from './typedNumbers';
export {
  numberMarksOf,
  readTypedNumber,
  TYPED_NUMBER_MAX_LENGTH,
  writeTypedNumber,
} from './typedNumbers';
