import { readFileSync } from 'node:fs';
import { startAlertWorker } from './alerts/alertWorker';
import { buildApp } from './app';
import { createPasswordHasher } from './auth/passwordHasher';
import { fileOffsetClock, systemClock } from './clock';
import { createReadiness } from './cluster/readiness';
import { ConfigError, loadConfig, pgliteDir } from './config';
import { openDatabase } from './db/openDatabase';
import { closeHeavyPool } from './heavy/heavyPool';
import { createServerLogger } from './logs/serverLog';
import { createMailer } from './mail/createMailer';
import { createOutbox } from './outbox/outbox';
import { startOutboxWorker } from './outbox/outboxWorker';
import { seedDemoData } from './seed/demoSeed';
import { warmUpHtmlSanitizer } from './surveys/surveyHtml';
import { startWebhookWorker } from './webhooks/webhookWorker';

/** After the drain window: the longest a stop may take (in-flight requests, sends, posts) before a forced exit. */
const SHUTDOWN_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createServerLogger({ level: config.logLevel, logClientAddress: config.logClientAddress });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: pgliteDir(config) });
  await database.migrate();

  const passwords = createPasswordHasher();
  if (config.seedDemo) {
    const report = await seedDemoData({ db: database.db, clock: systemClock, passwords });
    if (report.createdUsers.length > 0 || report.createdOrganization || report.createdSurveys.length > 0) {
      logger.info(report, 'Demogegevens aangemaakt');
    }
  }

  const mailer = createMailer(config, logger);
  const clock =
    config.testClockFile === null
      ? systemClock
      : fileOffsetClock(config.testClockFile, (path) => readFileSync(path, 'utf8'));
  const readiness = createReadiness();
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    passwordHasher: passwords,
    logger,
    clock,
    readiness,
  });
  await app.listen({ port: config.port, host: config.host });
  // Invitations and reminders (the mail_outbox table); account mails go through app.mail.
  const outboxWorker = startOutboxWorker(
    { db: database.db, mailer, output: logger, hooks: app.outboxHooks },
    { ratePerMinute: config.outboxRatePerMinute, leaseMs: config.outboxLeaseSeconds * 1000 },
  );
  // Alerts on new responses: mails into the outbox, daily digests, Slack and Teams deliveries.
  const alertWorker = startAlertWorker({
    db: database.db,
    config,
    clock,
    outbox: createOutbox(config),
    output: logger,
  });
  // The organisations' webhook endpoints (issue 28).
  const webhookWorker = startWebhookWorker({
    db: database.db,
    config,
    clock,
    outbox: createOutbox(config),
    output: logger,
  });
  setImmediate(warmUpHtmlSanitizer);
  // Migrated, listening, workers running: the load balancer may send work (R-CLUSTER-1).
  readiness.markReady();

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Loop draait op http://${shownHost}:${config.port}`);
  console.log(`Database: ${database.description}`);
  console.log(config.smtpUrl === null ? `E-mail: outbox in ${config.dataDir}/outbox` : 'E-mail: via SMTP');

  /**
   * A graceful stop (R-CLUSTER-2): not ready at once; on SIGTERM (an orchestrator, a rolling
   * restart) still serving for SHUTDOWN_DRAIN_MS so the load balancer's checks move traffic away
   * (Ctrl-C, SIGINT, skips that wait); then no new connections, requests in flight finished, idle
   * keep-alive connections closed (app.close), and the workers' claimed work not yet started given
   * back (outbox, alert and webhook deliveries) so another instance takes it at once.
   */
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    readiness.startDraining();
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    logger.info(`${signal} ontvangen; Loop stopt${drainMs > 0 ? ` over ${drainMs} ms` : ''}`);
    const force = setTimeout(() => {
      logger.error('Stoppen duurde te lang; geforceerd afgesloten');
      process.exit(1);
    }, drainMs + SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, drainMs));
      await Promise.all([alertWorker.stop(), webhookWorker.stop(), outboxWorker.stop(), app.close()]);
      // The worker threads of heavy parsing (R-HEAVY-2): no job is left once the requests are done.
      await closeHeavyPool();
      await mailer.close();
      await database.close();
      logger.info('Loop is gestopt');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'Fout bij het stoppen');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Loop kan niet starten: ${error.message}`);
  } else {
    console.error('Loop kan niet starten:', error);
  }
  process.exit(1);
});
