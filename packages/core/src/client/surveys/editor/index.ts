// The surveys/editor feature: the survey editor (autosave, locks, issues, templates) and its preview.
// What other features and packages use of it; everything else in this folder is internal.
export { canMoveItem, insertionIndex } from './itemListRules';
export type { ValueOption } from './logicEdits';
export {
  conditionOnHiddenField,
  conditionOnLanguage,
  conditionOnQuestion,
  conditionSources,
  dateCondition,
  jumpTargets,
  numericCondition,
  operatorLabelFor,
  operatorsFor,
  placeCondition,
  ruleQuestionId,
  valueFromKey,
  valueKey,
  valueOptions,
  withOperator,
  withOption,
  withRange,
  withStatement,
  withValue,
  withValues,
} from './logicEdits';
export { SurveyEditor } from './SurveyEditor';
export type { EditorIssues } from './surveyEditorIssues';
export { QUESTION_ISSUE } from './surveyEditorIssues';
export type { LogicView, RuleView } from './surveyEditorLogic';
export {
  HIDDEN_FIELDS_MAX,
  hiddenFieldsQuery,
  LOGIC_EDITOR_MESSAGES,
  logicLocked,
  logicOf,
  redirectError,
} from './surveyEditorLogic';
export type { SurveyEditorPool } from './surveyEditorPool';
export { createSurveyEditorPool } from './surveyEditorPool';
export type { TemplateMeta } from './surveyEditorRules';
export {
  BLANK_SURVEY,
  closeAtFromInput,
  closeAtToInput,
  editorLocks,
  isAllowedSurveyLink,
  LOCK_HELP,
  questionCountText,
  renamedTemplate,
  surveyLinkFrom,
  TEMPLATE_MESSAGES,
  templateMetaErrors,
} from './surveyEditorRules';
export type {
  RemovedQuestion,
  SaveState,
  StatusChangeResult,
  SurveyEditorState,
} from './surveyEditorState';
export { AUTOSAVE_DELAY_MS, openingList, saveStatusText } from './surveyEditorState';
export type {
  LanguageView,
  TranslationImport,
  TranslationRow,
  TranslationsView,
} from './surveyEditorTranslations';
export {
  problemLanguage,
  TRANSLATION_EDITOR_MESSAGES,
  translationRows,
  xliffFileName,
} from './surveyEditorTranslations';
export type { ConditionSource } from './surveyLogicCommands';
export { SurveyLogicCommands } from './surveyLogicCommands';
export type { SurveyPreview } from './surveyPreview';
export { createSurveyPreview, respondentBrandingOf } from './surveyPreview';
export type { QuotaView } from './surveyQuotaCommands';
export { quotaViews, SurveyQuotaCommands } from './surveyQuotaCommands';
export type { TextFile, TranslationFile } from './surveyTranslationCommands';
export { SurveyTranslationCommands } from './surveyTranslationCommands';
