/**
 * Pulse rounds (issue 27): a round to 10,000 contacts has its invitations queued in ≤ 5 s.
 *
 * In one run, on a PostgreSQL database of its own (dropped afterwards) with the demo data and
 * CONTACTS generated Dutch contacts in the demo organisation, side by side RUNS times:
 * - baseline: POST /api/v1/surveys/:id/invitations to every contact (the selection filter without
 *   conditions), through the real app (one transaction: invitations, personal links, outbox rows);
 * - round: the survey's schedule (PUT /surveys/:id/rounds, all contacts) with its round due, and
 *   one pass of the scheduler (`runDueRounds`, what every server runs each minute): the claim
 *   (`for update skip locked`), the same invitations, links and outbox rows, the round marked sent
 *   and the next one planned, in one transaction.
 * Before each run the survey's invitations, their responses and the outbox are removed, so both
 * write into the same state. After each round run: every contact one invitation of the round and
 * one outbox mail. Sending the queued mails is the outbox's work and rate (bench/invitations).
 *
 * Run: node scripts/pnpm.mjs bench:rounds   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test; CONTACTS and RUNS may be set)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from '@loop/server/db';
import { createOutbox, runDueRounds } from '@loop/server/internals';
import postgres from 'postgres';
import {
  benchConfig,
  buildBenchApp,
  demoAdminHeaders,
  median,
  scratchDatabase,
  seedDemoDatabase,
} from '../benchKit';
import { generateContacts, insertContacts } from '../contacts-list/generateContacts';

const CONTACTS = Number(process.env.CONTACTS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 3);
const BUDGET_MS = 5_000;

async function main(): Promise<void> {
  const scratch = await scratchDatabase('rounds');
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-bench-rounds-'));
  const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
  const database = openPostgres(scratch.url, { max: 10 });
  try {
    const organizationId = await seedDemoDatabase(scratch.url);
    await insertContacts(sql, organizationId, generateContacts(CONTACTS));
    await sql`vacuum analyze contacts`;
    const [survey] = await sql<{ id: number }[]>`
      select id from surveys where organization_id = ${organizationId} and status = 'open' order by id limit 1`;
    if (survey === undefined) throw new Error('the demo organisation has no open survey');
    // The contact rule would leave out who the previous run invited: off for this organisation.
    await sql`update organizations set contact_min_days_between = null where id = ${organizationId}`;
    const env = { DATA_DIR: dataDir };
    const config = benchConfig(env);
    const app = await buildBenchApp(database.db, env);
    const headers = { ...(await demoAdminHeaders(app)), 'x-organization-id': String(organizationId) };
    const outbox = createOutbox(config);

    const clean = async () => {
      await sql`delete from mail_outbox`;
      await sql`delete from survey_responses where survey_id = ${survey.id} and kind = 'personal'`;
      await sql`delete from survey_invitations where survey_id = ${survey.id}`;
      await sql`vacuum analyze survey_invitations, survey_responses, mail_outbox`;
    };
    const baseline = async () => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/surveys/${survey.id}/invitations`,
        headers,
        payload: { selection: { filter: {} }, send_at: null },
      });
      if (response.statusCode !== 202 || response.json<{ planned: number }>().planned !== CONTACTS)
        throw new Error(`POST invitations: ${response.statusCode} ${response.body.slice(0, 300)}`);
    };
    const schedule = await app.inject({
      method: 'PUT',
      url: `/api/v1/surveys/${survey.id}/rounds`,
      headers,
      payload: {
        interval_unit: 'month',
        interval_count: 1,
        segment_id: null,
        start_at: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    if (schedule.statusCode !== 200) throw new Error(`PUT rounds: ${schedule.statusCode} ${schedule.body}`);
    /** The survey's scheduled round made due now, then one scheduler pass, which must send it. */
    const round = async () => {
      await sql`update survey_rounds set due_at = now() - interval '1 second'
                where survey_id = ${survey.id} and state = 'scheduled'`;
      const handled = await runDueRounds({
        db: database.db,
        clock: { now: () => new Date() },
        config,
        outbox,
      });
      if (handled !== 1) throw new Error(`the pass handled ${handled} rounds`);
    };
    const roundChecked = async () => {
      const [check] = await sql<{ invitations: number; mails: number; contacts: number }[]>`
        select count(*)::int as invitations, count(distinct i.contact_id)::int as contacts,
          (select count(*)::int from mail_outbox) as mails
        from survey_invitations i
        where i.round_id = (select max(id) from survey_rounds where survey_id = ${survey.id} and state = 'sent')`;
      return check;
    };

    const loadBefore = loadavg();
    const times: { baseline: number[]; round: number[] } = { baseline: [], round: [] };
    let whole = true;
    for (let run = 0; run < RUNS; run++) {
      await clean();
      let start = performance.now();
      await baseline();
      times.baseline.push(performance.now() - start);
      await clean();
      start = performance.now();
      await round();
      times.round.push(performance.now() - start);
      const check = await roundChecked();
      if (check?.invitations !== CONTACTS || check.contacts !== CONTACTS || check.mails !== CONTACTS)
        whole = false;
      console.log(
        `run ${run + 1}: baseline ${(times.baseline.at(-1) ?? 0).toFixed(0)} ms, round ${(times.round.at(-1) ?? 0).toFixed(0)} ms; ` +
          `round's invitations ${check?.invitations}, contacts ${check?.contacts}, outbox mails ${check?.mails}`,
      );
    }
    await app.close();
    const loadAfter = loadavg();
    const roundMs = median(times.round);
    const baselineMs = median(times.baseline);
    console.log(
      `rounds, ${CONTACTS.toLocaleString('en')} contacts, PostgreSQL, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ` +
        `Node ${process.version}; load average before ${loadBefore.map((value) => value.toFixed(2)).join(' ')}, ` +
        `after ${loadAfter.map((value) => value.toFixed(2)).join(' ')}`,
    );
    console.log(
      `median of ${RUNS}: round queued in ${roundMs.toFixed(0)} ms; baseline (POST invitations, same contacts) ` +
        `${baselineMs.toFixed(0)} ms; ratio round / baseline ${(roundMs / baselineMs).toFixed(2)}×`,
    );
    const fast = Math.max(...times.round) <= BUDGET_MS;
    console.log(
      `budget every round's invitations queued in ≤ ${BUDGET_MS / 1000} s: ${fast ? 'met' : 'NOT met'}`,
    );
    console.log(`budget every contact one invitation and one mail per round: ${whole ? 'met' : 'NOT met'}`);
    if (!fast || !whole) process.exitCode = 1;
  } finally {
    await sql.end();
    await database.close();
    await scratch.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
