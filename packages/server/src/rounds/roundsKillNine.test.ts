import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnsOf } from '../contacts/contactStore';
import type { DatabaseHandle } from '../db/database';
import { contacts, mailOutbox, surveyInvitations, surveyResponses, surveyRounds } from '../db/schema';
import { alignClockWithNow, as, type Caller, freshCaller, openSurvey } from '../testing/invitationTesting';
import { invitationsPerContact, roundsOf, scheduleRounds, WEEK } from '../testing/roundTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { createTestContext, TEST_JWT_SECRET, type TestContext } from '../testing/testApp';
import { testDatabaseKind } from '../testing/testDatabase';

/**
 * R-ROUND-3 with a real crash: the rounds' scheduler runs in a process of its own and is killed
 * with SIGKILL while it sends a due round to 2,000 contacts (with the round claimed, after half of
 * its invitations, with everything written but not committed, and right after the commit); a new
 * process is started after each kill. Each contact gets exactly one invitation and one queued mail.
 * PostgreSQL only: a PGlite database cannot be shared with a child process.
 */

const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHILD = fileURLToPath(new URL('../testing/roundSchedulerChild.ts', import.meta.url));
const CONTACTS = 2_000;

let ctx: TestContext;
let team: TestTeam;
let owner: Caller;

/** One scheduler process running one pass at `now`; `exited` answers its signal (null: it exited) and output. */
function child(now: Date, env: Record<string, string> = {}) {
  const started: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: (ctx.database as DatabaseHandle & { readonly url: string }).url,
      JWT_SECRET: TEST_JWT_SECRET,
      APP_URL: 'http://loop.test',
      DATA_DIR: ctx.dataDir,
      ROUNDS_NOW: now.toISOString(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  started.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise<{ signal: NodeJS.Signals | null; code: number | null; output: string }>((resolve) =>
    started.once('exit', (code, signal) => resolve({ signal, code, output })),
  );
}

/**
 * Waits until the round's row can be locked: the killed process's transaction (if any) is rolled
 * back once PostgreSQL sees its connection gone, and only then is the round free for the next one.
 */
async function untilReleased(roundId: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select id from survey_rounds where id = ${roundId} for update nowait`);
      });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe.runIf(testDatabaseKind() === 'postgres')(
  'a round whose sender is killed with SIGKILL (PostgreSQL)',
  () => {
    beforeAll(async () => {
      // The app's own rounds job must not take the round between the kills: it waits an hour.
      ctx = await createTestContext({ config: { reminderIntervalSeconds: 3_600 } });
      alignClockWithNow(ctx);
      team = await createTeam(ctx, 'Doorstart BV');
      owner = as(team);
    });

    afterAll(async () => {
      await ctx?.close();
    });

    it('should invite each of 2,000 contacts exactly once, mark the round sent once and plan the next once', async () => {
      const survey = await openSurvey(ctx, owner, 'Doorstartpuls');
      await ctx.db.insert(contacts).values(
        Array.from({ length: CONTACTS }, (_, index) => ({
          organizationId: team.organization.id,
          ...columnsOf({
            name: `Contact ${index + 1}`,
            email: `doorstart-${index + 1}@voorbeeld.nl`,
            phone: null,
            company: null,
            street: null,
            house_number: null,
            postcode: null,
            city: null,
            language: 'nl',
            attributes: {},
            tags: [],
          }),
        })),
      );
      const start = new Date(ctx.clock.now().getTime() + 60_000);
      await scheduleRounds(ctx, owner, survey.id, {
        interval_unit: 'week',
        interval_count: 1,
        segment_id: null,
        start_at: start.toISOString(),
      });
      ctx.clock.advance(2 * 60_000);
      const now = ctx.clock.now();
      const [round] = await ctx.db
        .select({ id: surveyRounds.id })
        .from(surveyRounds)
        .where(eq(surveyRounds.surveyId, survey.id));
      const roundId = round?.id ?? 0;
      const invitations = () => ctx.db.$count(surveyInvitations, eq(surveyInvitations.surveyId, survey.id));
      const invitationMails = () => ctx.db.$count(mailOutbox, like(mailOutbox.reference, 'invitation:%'));

      // Killed with the round claimed; after the first 1,000 invitations, responses and mails; with
      // all of them written and the round marked sent but not committed: each time nothing stays.
      for (const killAt of ['claimed:1', 'chunk:1', 'written:1']) {
        const killed = await child(now, { ROUNDS_KILL_AT: killAt });
        expect(killed.signal, killAt).toBe('SIGKILL');
        await untilReleased(roundId);
        expect(await invitations(), killAt).toBe(0);
        expect(await invitationMails(), killAt).toBe(0);
      }
      // Killed right after the commit: the round went; the next start finds nothing due.
      const committed = await child(now, { ROUNDS_KILL_AT: 'committed:1' });
      expect(committed.signal).toBe('SIGKILL');
      expect(await invitations()).toBe(CONTACTS);
      const last = await child(now);
      expect(last.code, last.output).toBe(0);
      expect(JSON.parse(last.output)).toEqual({ handled: 0 });

      owner = await freshCaller(ctx, team);
      const rounds = await roundsOf(ctx, owner, survey.id);
      expect(rounds.rounds.map((each) => [each.number, each.state, each.invited])).toEqual([
        [2, 'scheduled', 0],
        [1, 'sent', CONTACTS],
      ]);
      expect(rounds.rounds[0]?.due_at).toBe(new Date(start.getTime() + WEEK).toISOString());
      const perContact = await invitationsPerContact(ctx.db, survey.id);
      expect(perContact).toHaveLength(CONTACTS);
      expect(
        perContact.filter((row) => row.round_number !== 1 || row.invitations !== 1 || row.mails !== 1),
      ).toEqual([]);
      // Nothing left over from the killed attempts: one mail and one personal link per invitation.
      expect(await invitationMails()).toBe(CONTACTS);
      expect(
        await ctx.db.$count(
          surveyResponses,
          and(eq(surveyResponses.surveyId, survey.id), eq(surveyResponses.roundId, roundId)),
        ),
      ).toBe(CONTACTS);
    }, 240_000);
  },
);
