// The database schema, one file a feature under schema/ (shared tables such as users and
// organisations in schema/accounts.ts, which the others build on). Importers and drizzle-kit
// (drizzle.config.ts) read it whole through this file.
export * from './schema/accounts';
export * from './schema/alerts';
export * from './schema/analysis';
export * from './schema/apiKeys';
export * from './schema/billing';
export * from './schema/contacts';
export * from './schema/finance';
export * from './schema/geocoding';
export * from './schema/heavyJobs';
export * from './schema/kpis';
export * from './schema/logs';
export * from './schema/outbox';
export * from './schema/quotas';
export * from './schema/responses';
export * from './schema/resultRollups';
export * from './schema/resultsLinks';
export * from './schema/surveyInvitations';
export * from './schema/surveyRounds';
export * from './schema/surveys';
export * from './schema/webhooks';
