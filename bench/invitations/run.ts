/**
 * Sending invitations (issue 16): 10,000 invitations to a local SMTP sink at ≥ 200 mails/s; kill -9
 * the server in the middle, restart it: every contact has exactly one invitation in the sink, none
 * missing.
 *
 * In one run, on a PostgreSQL database of its own (dropped afterwards) with the demo data and
 * CONTACTS generated Dutch contacts (distinct addresses) in the demo organisation, the sink (the
 * smtp-server package, Nagle off) in this process and every sender in a child process:
 * 1. bare: nodemailer straight to the sink from memory, 4 in flight (bench/mail-queue's floor);
 * 2. send: the real server (packages/server/src/main.ts, SMTP_URL at the sink, outbox rate limit
 *    off, OUTBOX_LEASE_SECONDS=2); one POST /api/v1/surveys/:id/invitations, signed in as the demo
 *    admin, invites all contacts (the selection filter without conditions) to the demo's open
 *    survey; timed from the POST to the sink's last delivery;
 * 3. kill -9: the survey's invitations removed, the same POST again, the server killed with SIGKILL
 *    KILLS times when the sink has received a random 300–2,000 further mails (seeded, printed),
 *    restarted each time, then left to finish.
 * After 2 and 3, in the sink: per contact's address how many invitations arrived (missing,
 * duplicates, mails to anyone else), whether each carries that contact's own personal link and
 * its own List-Unsubscribe; in the database: each contact's delivery status as the app derives it.
 *
 * Run: node scripts/pnpm.mjs bench:invitations   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test; CONTACTS, KILLS and SEED may be set; PROFILE_DIR=<dir>
 * writes a CPU profile of every child that stops cleanly)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeliveryStatus } from '@loop/core';
import { DELIVERY_STATUS_LABELS } from '@loop/core/invitations';
import { invitationLinkToken, unsubscribeToken } from '@loop/server/internals';
import { startSmtpSink } from '@loop/server/testing';
import postgres from 'postgres';
import { scratchDatabase, seedDemoDatabase } from '../benchKit';
import { generateContacts, insertContacts } from '../contacts-list/generateContacts';
import {
  freePort,
  killDuringDelivery,
  lastDeliverySince,
  perSecond,
  type Running,
  realServerEnv,
  sleep,
  startRealServer,
  stopRealServer,
  timedSender,
  unsentMails,
} from '../mailKit';
import { prng } from '../prng';
import { demoAdminOrganizationHeaders } from '../serverKit';

const CONTACTS = Number(process.env.CONTACTS ?? 10_000);
const KILLS = Number(process.env.KILLS ?? 4);
const SEED = Number(process.env.SEED ?? Date.now() % 100_000);
const BUDGET_PER_SECOND = 200;

/** A mail's raw source with quoted-printable soft line breaks removed and header lines unfolded. */
const unwrapped = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');

interface Check {
  readonly deliveries: number;
  readonly recipients: number;
  readonly missing: number;
  readonly duplicates: number;
  /** Second deliveries to a contact that carry another Message-ID than the first (not a resend). */
  readonly otherMessageIds: number;
  readonly strangers: number;
  readonly wrongLink: number;
  readonly noUnsubscribe: number;
  readonly statuses: ReadonlyMap<DeliveryStatus, number>;
}

/** Every contact's own invitation arrived, with its own link and List-Unsubscribe, and is 'sent'. */
const complete = (check: Check) =>
  check.missing === 0 &&
  check.strangers === 0 &&
  check.wrongLink === 0 &&
  check.noUnsubscribe === 0 &&
  check.statuses.get('sent') === CONTACTS;

const describe = (check: Check) =>
  `deliveries ${check.deliveries}, contacts reached ${check.recipients}, missing ${check.missing}, duplicates ${check.duplicates} ` +
  `(${check.otherMessageIds} with another Message-ID than the first), ` +
  `to others ${check.strangers}, without the contact's own link ${check.wrongLink}, without its List-Unsubscribe ${check.noUnsubscribe}; ` +
  `status: ${[...check.statuses].map(([status, n]) => `${DELIVERY_STATUS_LABELS[status]} ${n}`).join(', ')}`;

async function main(): Promise<void> {
  const scratch = await scratchDatabase('invitations');
  const sink = await startSmtpSink();
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-bench-invitations-'));
  const servers: Running[] = [];
  let sql: postgres.Sql | null = null;
  try {
    const organizationId = await seedDemoDatabase(scratch.url);
    sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
    const db = sql;
    const contacts = generateContacts(CONTACTS);
    if (new Set(contacts.map((contact) => contact.email.toLowerCase())).size !== CONTACTS)
      throw new Error('the generated addresses are not distinct');
    await insertContacts(db, organizationId, contacts);
    await db`vacuum analyze contacts`;
    const [survey] = await db<{ id: number }[]>`
      select id from surveys where organization_id = ${organizationId} and status = 'open' order by id limit 1`;
    if (survey === undefined) throw new Error('the demo organisation has no open survey');
    const env = realServerEnv({
      port: await freePort(),
      dataDir,
      databaseUrl: scratch.url,
      smtpUrl: sink.url,
    });
    const secret = env.JWT_SECRET as string;
    const origin = `http://127.0.0.1:${env.PORT}`;
    const unsent = () => unsentMails(db);
    const loadBefore = loadavg();

    /** The one request the web makes, signed in: invite every contact (a filter without conditions). */
    const invite = async (headers: Record<string, string>): Promise<number> => {
      const response = await fetch(`${origin}/api/v1/surveys/${survey.id}/invitations`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ selection: { filter: {} }, send_at: null }),
      });
      const body = (await response.json()) as { planned?: number };
      if (response.status !== 202 || body.planned !== CONTACTS)
        throw new Error(`POST invitations: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
      return body.planned;
    };

    /** What the sink received against the survey's invitations, and each contact's status. */
    const check = async (): Promise<Check> => {
      const rows = await db<{ id: number; contactId: number; email: string }[]>`
        select i.id, i.contact_id as "contactId", c.email from survey_invitations i
        join contacts c on c.id = i.contact_id
        where i.survey_id = ${survey.id} and i.cancelled_at is null`;
      const byAddress = new Map(rows.map((row) => [row.email.toLowerCase(), row]));
      const received = new Map<string, number>();
      const firstMessageId = new Map<string, string | null>();
      let otherMessageIds = 0;
      let strangers = 0;
      let wrongLink = 0;
      let noUnsubscribe = 0;
      for (const delivery of sink.deliveries) {
        const address = (delivery.to[0] ?? '').toLowerCase();
        const row = byAddress.get(address);
        if (delivery.to.length !== 1 || row === undefined) {
          strangers += 1;
          continue;
        }
        received.set(address, (received.get(address) ?? 0) + 1);
        if (!firstMessageId.has(address)) firstMessageId.set(address, delivery.messageId);
        else if (firstMessageId.get(address) !== delivery.messageId) otherMessageIds += 1;
        const source = unwrapped(delivery.raw);
        const headers = source.slice(0, source.search(/\r?\n\r?\n/));
        if (!source.includes(`/respond/${invitationLinkToken(secret, row.id)}`)) wrongLink += 1;
        const unsubscribe = /^List-Unsubscribe:[ \t]*(.*)$/im.exec(headers)?.[1] ?? '';
        if (!unsubscribe.includes(`/api/v1/unsubscribe/${unsubscribeToken(secret, row.contactId)}>`))
          noUnsubscribe += 1;
      }
      // The delivery status per contact as the app derives it and the invitations screen counts it.
      const list = await fetch(`${origin}/api/v1/surveys/${survey.id}/invitations`, {
        headers: await demoAdminOrganizationHeaders(origin),
      });
      const { counts } = (await list.json()) as { counts: Record<DeliveryStatus, number> };
      const statuses = new Map(
        (Object.entries(counts) as [DeliveryStatus, number][]).filter(([, count]) => count > 0),
      );
      return {
        deliveries: sink.deliveries.length,
        recipients: received.size,
        missing: contacts.filter((contact) => !received.has(contact.email.toLowerCase())).length,
        duplicates: [...received.values()].reduce((sum, n) => sum + n - 1, 0),
        otherMessageIds,
        strangers,
        wrongLink,
        noUnsubscribe,
        statuses,
      };
    };

    /** Until the outbox holds nothing unsent (a count every 250 ms: oftener would slow the worker). */
    const drained = async () => {
      while ((await unsent()) > 0) await sleep(250);
    };

    // 1. the floor: bare nodemailer
    const bare = await timedSender('bare', sink, { MAILS: String(CONTACTS) });

    // 2. one POST, timed to the last delivery
    sink.deliveries.length = 0;
    const server = await startRealServer(env);
    servers.push(server);
    // Signed in first: the sign-in (a password hash) is not part of sending.
    const headers = await demoAdminOrganizationHeaders(origin);
    const sendStart = performance.now();
    await invite(headers);
    const postMs = performance.now() - sendStart;
    await drained();
    const sendMs = lastDeliverySince(sink, sendStart);
    const sent = await check();
    await stopRealServer(server);
    servers.pop();

    // 3. the same again, killed with SIGKILL in the middle
    await db`delete from mail_outbox`;
    await db`delete from survey_responses where id in (select response_id from survey_invitations where survey_id = ${survey.id})`;
    await db`delete from survey_invitations where survey_id = ${survey.id}`;
    sink.deliveries.length = 0;
    const killStart = performance.now();
    const { killedAt, last } = await killDuringDelivery({
      sink,
      env,
      kills: KILLS,
      random: prng(SEED),
      finished: async () => (await unsent()) === 0,
      afterFirstStart: async () => invite(await demoAdminOrganizationHeaders(origin)),
    });
    servers.push(last);
    await drained();
    const killMs = lastDeliverySince(sink, killStart);
    const killed = await check();
    await stopRealServer(last);
    servers.pop();
    const loadAfter = loadavg();

    const rate = perSecond(CONTACTS, sendMs);
    console.log(
      `invitations, ${CONTACTS.toLocaleString('en')} contacts to a local smtp-server sink, PostgreSQL, ` +
        `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; load average before ` +
        `${loadBefore.map((value) => value.toFixed(2)).join(' ')}, after ${loadAfter.map((value) => value.toFixed(2)).join(' ')}`,
    );
    console.log(
      `bare nodemailer, 4 in flight: ${bare.rate.toFixed(0)} mails/s (${bare.delivered} delivered in ${(bare.ms / 1000).toFixed(1)} s)`,
    );
    console.log(
      `one POST to the last delivery: ${rate.toFixed(0)} mails/s (${(sendMs / 1000).toFixed(1)} s, of which the POST ` +
        `${(postMs / 1000).toFixed(1)} s; after it ${perSecond(CONTACTS, sendMs - postMs).toFixed(0)} mails/s); ` +
        `ratio to bare ${(rate / bare.rate).toFixed(2)}×`,
    );
    console.log(`  ${describe(sent)}`);
    console.log(
      `kill -9 run (seed ${SEED}): server killed ${KILLS}× at ${killedAt.join(', ')} deliveries, restarted; ` +
        `${(killMs / 1000).toFixed(1)} s from the first start to the last delivery`,
    );
    console.log(`  ${describe(killed)}`);
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const fast = rate >= BUDGET_PER_SECOND;
    const whole = complete(sent) && sent.duplicates === 0 && complete(killed);
    const once = killed.duplicates === 0;
    console.log(`budget ≥ ${BUDGET_PER_SECOND} mails/s from the POST to the last delivery: ${verdict(fast)}`);
    console.log(
      `budget every contact its own invitation, none missing, after kill -9 too: ${verdict(whole)}; ` +
        `exactly one each after kill -9: ${verdict(once)}`,
    );
    if (!fast || !whole || !once) process.exitCode = 1;
  } finally {
    for (const server of servers) await stopRealServer(server);
    await sink.close();
    await sql?.end();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
