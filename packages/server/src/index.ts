export type { BuildAppOptions } from './app';
export { buildApp } from './app';
export type { AppDeps } from './appDeps';
export type { PasswordHasher } from './auth/passwordHasher';
export { createPasswordHasher, PRODUCTION_ARGON2_COST } from './auth/passwordHasher';
export type { RateLimitedAction, RateLimitRule, RateLimitRules, RateLimitScope } from './auth/rateLimits';
export { DEFAULT_RATE_LIMITS } from './auth/rateLimits';
export type {
  CheckoutInput,
  CheckoutSession,
  PaymentProviderPort,
  PaymentProviders,
  ProviderEvent,
  ProviderState,
} from './billing/paymentProvider';
export type { Clock } from './clock';
export { systemClock } from './clock';
export type { AppConfig, Env } from './config';
export { ConfigError, loadConfig, REPO_ROOT } from './config';
export type { Database, DatabaseHandle } from './db/database';
export { openDatabase, openPglite, openPostgres } from './db/openDatabase';
export { closeHeavyPool } from './heavy/heavyPool';
export { createMailer } from './mail/createMailer';
export type { Mailer, MailKind, MailLog, MailMessage } from './mail/mailer';
export { createOutboxMailer } from './mail/outboxMailer';
export { DEMO_ADMIN, DEMO_ORGANIZATION, DEMO_USER, seedDemoData } from './seed/demoSeed';
