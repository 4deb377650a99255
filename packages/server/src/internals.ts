/**
 * The `@loop/server/internals` entry: inner parts of the server that the benchmarks (bench/) time
 * or drive on their own, without a route around them. Not an API for the other packages.
 */
export { gatherAnalysisInput } from './analysis/analysisData';
export { readBankFile } from './finance/import/readBankFile';
export { invitationLinkToken, unsubscribeToken } from './invitations/invitationTokens';
export { createSmtpMailer } from './mail/smtpMailer';
export { createOutbox } from './outbox/outbox';
export { outboxMessage } from './outbox/outboxWorker';
export { questionTimingsOf } from './responses/questionTimings';
export { rebuildSurveyCounts } from './responses/surveyCounts';
export { SurveyQuestionsCache } from './responses/surveyQuestionsCache';
export { rebuildResultRollups } from './results/resultRollups';
export { runDueRounds } from './rounds/roundScheduler';
export { deliverEndpointWebhooks } from './webhooks/webhookDelivery';
export { emitWebhookEvents } from './webhooks/webhookEvents';
export { createEndpoint } from './webhooks/webhookStore';
