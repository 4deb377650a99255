// The surveys/logic feature (issue 26): survey logic as data, its one evaluator (compiled once, run by
// the answering page and the server alike), the path rules of a submission, the checker and the
// Dutch sentences of rules. What other features and packages use of it; the rest is internal.
export type { LogicProblemCode } from './checkConditions';
export type { LogicProblem } from './checkLogic';
export { checkLogic, isSafeRedirect, REDIRECT_URL_MAX_LENGTH } from './checkLogic';
export type { CompiledLogic } from './compileLogic';
export { compileLogic, evaluateLogic } from './compileLogic';
export { DESCRIBE_WORDS, describeCondition, describeRule, LANGUAGE_NAMES } from './describeRule';
export type { LogicEditCode, LogicEditProblem } from './logicEdits';
export {
  conditionQuestionIds,
  logicEditProblems,
  logicOpeningProblems,
  readsLanguage,
  remapLogicQuestions,
  sameJson,
} from './logicEdits';
export type { CheckedLogic, CheckedRespondentContext } from './logicInput';
export {
  CONDITION_TEXT_MAX_LENGTH,
  CONDITION_VALUES_MAX,
  checkConditionGroupInput,
  checkLogicInput,
  checkRespondentContext,
  END_SCREEN_TEXT_MAX_LENGTH,
  END_SCREENS_MAX,
  HIDDEN_FIELD_NAME_MAX_LENGTH,
  HIDDEN_FIELD_NAME_PATTERN,
  HIDDEN_FIELD_VALUE_MAX_LENGTH,
  HIDDEN_FIELDS_MAX,
  hiddenValuesFrom,
  LOGIC_CONDITIONS_MAX,
  LOGIC_INPUT_MESSAGES,
  LOGIC_RULES_MAX,
} from './logicInput';
export type { LogicKind } from './logicKinds';
export {
  conditionKind,
  HIDDEN_FIELD_VALUE_MAX,
  LOGIC_KINDS,
  LOGIC_LANGUAGES,
  OPERATORS,
  OTHER_CHOICE,
} from './logicKinds';
export { LOGIC_MESSAGES, OPERATOR_LABELS, PLACE_OPERATOR_LABELS } from './logicMessages';
export type { PathProblem, PathProblemCode } from './logicPath';
export { answerMap, PATH_MESSAGES, pathProblems, pruneAnswers, submissionProblems } from './logicPath';
export type {
  Condition,
  ConditionGroup,
  ConditionOperator,
  ConditionTest,
  EndScreen,
  HiddenFieldCondition,
  JumpTarget,
  LanguageCondition,
  LogicAnswers,
  LogicContext,
  LogicPath,
  LogicRule,
  LogicValue,
  QuestionCondition,
  SurveyLogic,
} from './logicTypes';
export type { CheckedCaps, QuotaProblem } from './quotas';
export {
  checkCapsInput,
  QUOTA_END_SCREEN_TEXT_MAX_LENGTH,
  QUOTA_MAX_LIMIT,
  QUOTA_MESSAGES,
  QUOTA_NAME_MAX_LENGTH,
  QUOTAS_MAX,
  quotaMatcher,
  quotaOpeningProblems,
  quotaProblems,
  remapQuotaQuestions,
} from './quotas';
