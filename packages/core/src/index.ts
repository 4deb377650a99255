// Wire contract

// Access and routes
export type { Access, GuardDecision, GuardInput, RouteAccess, UserCheck } from './access/routeGuard';
export { decideGuard, effectiveIsAdmin, fallbackPath } from './access/routeGuard';
export { parseRouteId } from './access/routeId';
export type { RoutePath } from './access/routes';
export { ROUTE_ACCESS } from './access/routes';
// Results and ports
export type { ApiResult } from './api/apiResult';
export { apiFailure, apiOk, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './api/apiResult';
export type { FormResult } from './api/formResult';
export { formFromApi, formInvalid, formOk } from './api/formResult';
export type {
  AdminGateway,
  AuthGateway,
  BrandingGateway,
  BrandingImage,
  OrganisationGateway,
  UploadFile,
  UserGateway,
} from './api/ports';
// Auth and form rules
export type { AuthUseCaseDeps, AuthUseCases } from './auth/authUseCases';
export { createAuthUseCases, isUnverifiedLogin } from './auth/authUseCases';
export type { FieldErrors } from './auth/credentials';
export {
  EMAIL_MAX_LENGTH,
  emailError,
  FORGOT_PASSWORD_MESSAGE,
  hasErrors,
  LOGIN_FAILED_MESSAGE,
  NAME_MAX_LENGTH,
  nameError,
  newPasswordError,
  normaliseEmail,
  ORGANIZATION_NAME_MAX_LENGTH,
  organizationNameError,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  validateEmailChange,
  validateForgotPassword,
  validateLogin,
  validateOrganization,
  validatePasswordChange,
  validateProfile,
  validateRegistration,
  validateResetPassword,
} from './auth/credentials';
export { parseOrganisationIdInput, parsePriceInput, priceInputText } from './billing/adminInputs';
export { paymentProviderLabel, paymentStatusLabel, subscriptionStatusLabel } from './billing/billingLabels';
export { featureDescriptionHtml } from './billing/featureHtml';
export type { FeatureGateDecision } from './billing/featureUnlock';
export {
  decideFeatureGate,
  FEATURE_REDIRECTS,
  joinNames,
  missingFeatureNote,
  missingFeatureText,
  plansWithFeature,
} from './billing/featureUnlock';
export type { PaymentReturn } from './billing/paymentReturn';
export { createPaymentReturn, parsePaymentId, RETURN_PAYMENTS_QUERY } from './billing/paymentReturn';
export type { BadgeColour, PlanChange } from './billing/plans';
export {
  amountCents,
  decidePlanChange,
  formatCents,
  formatDate,
  formatEuros,
  formatPlanPrice,
  INVALID_CHECKOUT_URL_MESSAGE,
  otherPlans,
  planBadgeColour,
  readCheckoutUrl,
} from './billing/plans';
export type { AdminBillingGateway, BillingGateway, Notice, Notifier, PageQuery } from './billing/ports';
export type { SubscriptionState, SubscriptionStoreDeps } from './billing/SubscriptionStore';
export { BILLING_MESSAGES, SubscriptionStore } from './billing/SubscriptionStore';
export type { BrandingState, BrandingStoreDeps } from './branding/BrandingStore';
export { BrandingStore, uploadFileError } from './branding/BrandingStore';
// Branding
export type { BrandingDefaults, BrandingView } from './branding/brandingView';
export {
  brandingView,
  loadBranding,
  THEME_RETRIES,
  THEME_RETRY_DELAY_MS,
  withVersion,
} from './branding/brandingView';
export type { BrandPalette } from './branding/brandPalette';
export { brandPalette, contrastRatio, readableTextOn } from './branding/brandPalette';
export type { BrandingUploadType } from './branding/colour';
export {
  BRANDING_UPLOAD_MAX_BYTES,
  BRANDING_UPLOAD_TOO_LARGE,
  BRANDING_UPLOAD_TYPES,
  BRANDING_UPLOAD_WRONG_TYPE,
  DEFAULT_PRIMARY_COLOR,
  primaryColorError,
} from './branding/colour';
export type * from './contract/admin';
// Billing
export type * from './contract/billing';
export type * from './contract/individualResponses';
// Application log
export type { LogItem, LogLevel, LogsResponse } from './contract/logs';
export type * from './contract/responses';
export type * from './contract/surveyResults';
// Surveys (wire contract; the rules are in the Surveys block below)
export type {
  AnswerInput,
  AnswerValue,
  AnswerValueByType,
  ChoiceOption,
  CreateSurveyFromTemplateRequest,
  CreateSurveyRequest,
  LikertAnswer,
  LikertSettings,
  LikertStatement,
  MultipleChoiceAnswer,
  MultipleChoiceSettings,
  NpsSettings,
  OpenTextAnswer,
  OpenTextSettings,
  Question,
  QuestionOf,
  QuestionSettings,
  QuestionTiming,
  QuestionType,
  RatingSettings,
  RespondentSurvey,
  ScoreAnswer,
  SingleChoiceAnswer,
  SingleChoiceSettings,
  SubmitResponseRequest,
  Survey,
  SurveyInput,
  SurveyRetention,
  SurveyStatus,
  SurveyStatusRequest,
  SurveySummary,
  SurveyTemplate,
  SurveyTemplateInput,
  SurveyUpdateRequest,
} from './contract/surveys';
export type * from './contract/teams';
export { INVITATION_LINK_STATES, INVITATION_STATES } from './contract/teams';
export type * from './contract/wire';
export { API_PREFIX, ORGANIZATION_HEADER } from './contract/wire';
// Features
export type { FeatureKey, FeatureStore } from './features/featureGate';
export { FEATURE_KEYS, hasFeature, parseFeatureList } from './features/featureGate';
export type { CalendarDay, WallClock } from './format';
export {
  formatDay,
  formatDayTime,
  formatLongDay,
  formatLongDayTime,
  formatNumber,
  formatTimestamp,
  isoDay,
  wallClock,
} from './format';
export type { HtmlSanitizer, SanitizePolicy } from './html';
export { FEATURE_HTML_POLICY, SURVEY_HTML_POLICY } from './html';
export type { LogBrowserDeps, LogBrowserState, LogBrowserStatus } from './logs/LogBrowser';
export { LogBrowser } from './logs/LogBrowser';
export { logDateOf } from './logs/logDate';
export type { LogFilter, PreparedLogRows } from './logs/logFilter';
export { EMPTY_LOG_FILTER, filterLogRows, isLogFilterActive, prepareLogRows } from './logs/logFilter';
export type { LogStatusTone } from './logs/logView';
export {
  formatLogTime,
  LOG_LEVELS,
  logCellText,
  logCountText,
  logLevelLabel,
  logStatusTone,
  parseLogLevel,
} from './logs/logView';
export type { AdminLogsGateway } from './logs/ports';
// Organisation and user
export type { CurrentUserDeps, CurrentUserState } from './organisation/CurrentUserStore';
export { CurrentUserStore, toUserCheck } from './organisation/CurrentUserStore';
export type { InvitationUseCaseDeps, InvitationUseCases } from './organisation/invitationUseCases';
export { createInvitationUseCases } from './organisation/invitationUseCases';
export type { MemberFacts, MembershipRefusal } from './organisation/membershipRules';
export {
  decideInvitation,
  decideLeave,
  decideOwnershipTransfer,
  decideRemoval,
  decideRoleChange,
  MEMBERSHIP_MESSAGES,
} from './organisation/membershipRules';
export type { OwnDataUseCases } from './organisation/ownDataUseCases';
export { createOwnDataUseCases, OWN_DATA_MESSAGES } from './organisation/ownDataUseCases';
export type { MemberRole, Permission } from './organisation/permissions';
export {
  assignableRoles,
  can,
  isMemberRole,
  MEMBER_ROLES,
  mayManageTemplates,
  PERMISSION_DENIED,
  PERMISSIONS,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
} from './organisation/permissions';
export type { OrganisationStore, StoredOrganisation } from './organisation/resolveOrganisation';
export { createOrganisationResolver, resolveOrganisation } from './organisation/resolveOrganisation';
export type { InvitationLinkGateway, TeamGateway } from './organisation/teamPorts';
export type { InvitationStep, MemberRowView, TeamView } from './organisation/teamView';
export { invitationStep, teamView } from './organisation/teamView';
export type { QueryState } from './query';
export { QueryCache } from './query';
export { createSessionEndedHandler } from './session/onSessionEnded';
// Session
export type { Clock, RefreshGateway, StoredTokens, Timer, TokenDecoder, TokenStore } from './session/ports';
export type { SessionClaims } from './session/refreshPolicy';
export {
  BACKGROUND_REFRESH_LEAD_MS,
  backgroundRefreshDelay,
  hasBothTokens,
  needsRefresh,
  parseRefreshResponse,
  REFRESH_WHEN_REMAINING_MS,
  readClaims,
} from './session/refreshPolicy';
export type {
  SessionEndReason,
  SessionKeeperDeps,
  SessionState,
  SessionStatus,
} from './session/SessionKeeper';
export { MIN_BACKGROUND_REFRESH_DELAY_MS, SessionKeeper } from './session/SessionKeeper';
// Cookie consent
export type { ConsentStore, ConsentValue } from './shared/consent';
export { CONSENT_KEYS, consentKeyFor, parseConsent, shouldShowConsentBanner } from './shared/consent';
export { fileNameDate, fileNamePart } from './shared/fileName';
export type { Result } from './shared/result';
export { err, ok } from './shared/result';
// Survey results, analytics and links (list, results, question detail, export, sharing)
export type {
  AnalyticsTotal,
  AnalyticsView,
  StatementRow,
  SurveyRateRow,
} from './surveys/analyticsView';
export { analyticsView, STATEMENTS_EMPTY_TEXT } from './surveys/analyticsView';
export type { AnswerItem } from './surveys/answerItems';
export { answerFromItems, answerToItems, OTHER_ITEM_ID, QUESTION_ITEM_ID } from './surveys/answerItems';
// Surveys
export type {
  AnswerCheck,
  AnswerErrorCode,
  SubmissionCheck,
  SubmissionErrorCode,
  SubmissionProblem,
  ValidatedAnswer,
} from './surveys/answerValidation';
export {
  ANSWER_MESSAGES,
  isAnswerEmpty,
  OPEN_TEXT_HARD_MAX_LENGTH,
  OTHER_TEXT_MAX_LENGTH,
  openTextLimit,
  SECONDS_SPENT_MAX,
  validateAnswer,
  validateSubmission,
} from './surveys/answerValidation';
export type {
  AnswerFacts,
  EditRefusal,
  EditRefusalCode,
  QuestionLocks,
  QuestionUsage,
} from './surveys/editRules';
export {
  compareForOpenSurvey,
  EDIT_MESSAGES,
  OPEN_SURVEY_EDIT_NOTICE,
  questionLocks,
} from './surveys/editRules';
export {
  deleteSurveyText,
  eraseResponseText,
  RESPONSE_KIND_LABELS,
  RESPONSE_PROGRESS_LABELS,
  RESPONSE_PROGRESSES,
  responseName,
  SURVEY_DATA_MESSAGES,
  xlsxExportNote,
} from './surveys/individualResponses';
export { canMoveItem, insertionIndex } from './surveys/itemListRules';
export type { LikertBarLabels } from './surveys/likertLabels';
export {
  LIKERT_LABEL_FONT_REM,
  LIKERT_TRACK_MIN_REM,
  likertBarLabels,
  likertLabelFits,
  likertLabelWidthRem,
  unlabelledSharesText,
} from './surveys/likertLabels';
export * from './surveys/listFilter';
export { foldForSearch, openAnswerMatcher, searchOpenAnswers } from './surveys/openAnswers';
export {
  checkPersonalLinksForm,
  csvCell,
  PERSONAL_LINK_LABEL_MAX_LENGTH,
  PERSONAL_LINK_MESSAGES,
  PERSONAL_LINKS_MAX,
  personalLinksCsv,
  personalLinksFilename,
  respondUrl,
} from './surveys/personalLinks';
// Survey editor and templates
export type { SurveyListQuery, SurveysGateway, SurveyTemplatesGateway } from './surveys/ports';
export type { IdSource } from './surveys/questionEdits';
export {
  addQuestion,
  createQuestion,
  duplicateQuestion,
  LIKERT_DEFAULT_LABELS,
  moveQuestion,
  NPS_DEFAULT_LABELS,
  OPEN_TEXT_DEFAULT_MAX_LENGTH,
  removeQuestion,
  renumberQuestions,
  withLikertPoints,
} from './surveys/questionEdits';
// Answering page (/respond/:token) and its preview
export type {
  HoldInput,
  RespondentPhase,
  RespondentSaveStatus,
  RespondentSessionDeps,
  RespondentState,
} from './surveys/RespondentSession';
export {
  DRAFT_DELAY_MS,
  questionProblem,
  RESPONDENT_SESSION_MESSAGES,
  RespondentSession,
  respondentProgress,
  SAVE_RETRY_DELAYS_MS,
} from './surveys/RespondentSession';
export {
  createPreviewRespondGateway,
  createPreviewSession,
  PREVIEW_TOKEN,
  previewView,
} from './surveys/RespondentSessionPreview';
export { compareStatements, rankStatements, STATEMENTS_SHOWN } from './surveys/rankStatements';
export type {
  AnswerDraft,
  AnswerDraftStore,
  InvitationPreviewGateway,
  PublicLinkEntry,
  PublicLinkStore,
  RespondentKeySource,
  RespondentLocation,
  RespondGateway,
} from './surveys/respondPorts';
export type {
  AxisTick,
  ColumnBar,
  ColumnChartView,
  TrendChartView,
  TrendPointView,
  TrendScale,
} from './surveys/resultsCharts';
export {
  columnChart,
  MAX_AXIS_LABELS,
  meanScale,
  NPS_SCALE,
  niceCeiling,
  SCORE_SCALE,
  trendChart,
} from './surveys/resultsCharts';
export type { DateFilter } from './surveys/resultsFilter';
export {
  DATE_FILTER_MESSAGES,
  dateFilterError,
  dateFilterFromSearch,
  dateFilterSearch,
  EMPTY_DATE_FILTER,
  isDateFilterActive,
  readSearch,
  resultsQueryOf,
  searchString,
} from './surveys/resultsFilter';
export {
  answersText,
  axisLabel,
  BUCKET_LABELS,
  formatCount,
  formatRate,
  formatResultDate,
  formatResultDateTime,
  formatShare,
  NO_VALUE,
  parseDay,
  periodLabel,
  periodLongLabel,
  responsesText,
  SURVEY_STATUS_LABELS,
} from './surveys/resultsFormat';
export type {
  DownloadedFile,
  FileContent,
  FileSaver,
  QuestionDetailQuery,
  SurveyResultsGateway,
} from './surveys/resultsPorts';
export type {
  CreatedPersonalLinks,
  ResultsUseCaseDeps,
  ResultsUseCases,
  SurveyLinksView,
  SurveyResultsPage,
} from './surveys/resultsUseCases';
export { createResultsUseCases } from './surveys/resultsUseCases';
export type {
  AnswerRowView,
  BarRowView,
  LikertLegendItem,
  LikertSegmentView,
  LikertStatementView,
  LikertTone,
  NpsColumnView,
  NpsGroupView,
  OtherTextView,
  QuestionDetailView,
  QuestionResultView,
  ResultsSummaryView,
  SurveyResultsView,
} from './surveys/resultsView';
export {
  findQuestion,
  likertTone,
  OTHER_ROW_KEY,
  questionDetailView,
  questionResultView,
  surveyResultsView,
  trendCaption,
  trendScaleFor,
} from './surveys/resultsView';
export type { RetentionCutoff, RetentionForm, RetentionMode } from './surveys/retention';
export {
  checkRetentionForm,
  dayInWords,
  NO_RETENTION,
  RETENTION_EXPLANATION,
  RETENTION_MESSAGES,
  RETENTION_MONTHS_MAX,
  RETENTION_MONTHS_MIN,
  retentionCutoff,
  retentionForm,
  retentionSummary,
  subtractMonths,
  validateRetention,
} from './surveys/retention';
export type {
  RemovedQuestion,
  SaveState,
  SurveyEditorDeps,
  SurveyEditorPool,
  SurveyEditorState,
} from './surveys/SurveyEditor';
export {
  AUTOSAVE_DELAY_MS,
  AUTOSAVE_RETRIES,
  AUTOSAVE_RETRY_MS,
  createSurveyEditorPool,
  EDITOR_MESSAGES,
  SurveyEditor,
  saveStatusText,
  surveyContent,
} from './surveys/SurveyEditor';
export type {
  ChartKind,
  ChoiceRow,
  ChoiceSummary,
  CountsByValue,
  DistributionRow,
  DivergingBar,
  LikertSummary,
  NpsSummary,
  RatingSummary,
} from './surveys/scoring';
export {
  chartFor,
  countValues,
  formatMean,
  formatNps,
  likertMatrixSummary,
  likertSummary,
  multipleChoiceSummary,
  npsFromCounts,
  npsScore,
  percentagesToHundred,
  ratingSummary,
  roundHalfAwayFromZero,
  singleChoiceSummary,
} from './surveys/scoring';
// Individual responses, retention and deleting surveys (issue 12)
export type { SurveyDataGateway } from './surveys/surveyDataPorts';
export type { ResponsesQuery, SurveyDataUseCaseDeps, SurveyDataUseCases } from './surveys/surveyDataUseCases';
export { createSurveyDataUseCases } from './surveys/surveyDataUseCases';
export type { EditorIssues } from './surveys/surveyEditorIssues';
export { issueCount, issuesFromFields, NO_ISSUES, QUESTION_ISSUE } from './surveys/surveyEditorIssues';
export type { TemplateMeta } from './surveys/surveyEditorRules';
export {
  BLANK_SURVEY,
  changeQuestionType,
  closeAtFromInput,
  closeAtToInput,
  editorLocks,
  isAllowedSurveyLink,
  LINK_MESSAGES,
  LOCK_HELP,
  QUESTION_TYPE_LABELS,
  questionCountText,
  renamedTemplate,
  surveyLinkFrom,
  TEMPLATE_MESSAGES,
  templateFromDraft,
  templateMetaErrors,
} from './surveys/surveyEditorRules';
export { sanitizeSurveyHtml } from './surveys/surveyHtml';
export type { SurveyPreview, SurveyPreviewDeps } from './surveys/surveyPreview';
export { createSurveyPreview, respondentBrandingOf } from './surveys/surveyPreview';
export type { RespondentAccessError, StatusAction, StatusChangeError } from './surveys/surveyStatus';
export {
  closeDatePassed,
  decideStatusChange,
  effectiveStatus,
  offeredStatusChanges,
  RESPONDENT_MESSAGES,
  respondentAccess,
  STATUS_MESSAGES,
} from './surveys/surveyStatus';
export type { CheckedInput } from './surveys/surveyValidation';
export {
  ID_PATTERN,
  OPTION_LABEL_MAX_LENGTH,
  OPTIONS_MAX,
  QUESTION_DESCRIPTION_MAX_LENGTH,
  QUESTION_TITLE_MAX_LENGTH,
  QUESTION_TYPES,
  QUESTIONS_MAX,
  SCALE_LABEL_MAX_LENGTH,
  STATEMENT_MAX_LENGTH,
  STATEMENTS_MAX,
  SURVEY_HTML_MAX_LENGTH,
  SURVEY_MESSAGES,
  SURVEY_TITLE_MAX_LENGTH,
  THANK_YOU_TEXT_MAX_LENGTH,
  validateQuestion,
  validateSurveyDraft,
} from './surveys/surveyValidation';
export {
  defaultQuestionSeconds,
  estimateSeconds,
  formatEstimate,
  MIN_TIMING_RESPONDENTS,
  median,
  QUESTION_SECONDS,
  questionSeconds,
  SURVEY_OVERHEAD_SECONDS,
} from './surveys/timeEstimate';
