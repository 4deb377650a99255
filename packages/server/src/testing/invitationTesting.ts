import type { Contact, Survey } from '@loop/core';
import { and, inArray, lte, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { AppConfig } from '../config';
import { mailOutbox } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { startOutboxWorker } from '../outbox/outboxWorker';
import { createTeam, type TeamMember, type TestTeam } from './teams';
import { api, createTestContext, login, type TestContext, testConfig } from './testApp';

/** Invitation tests run on the real time: the outbox compares `not_before` with PostgreSQL's now(). */
export function alignClockWithNow(ctx: Pick<TestContext, 'clock'>): void {
  ctx.clock.advance(Date.now() - ctx.clock.now().getTime());
}

/**
 * What an invitation, round or reminder test file starts from: a context on the real time, a team
 * with this name, its owner as the caller and the configuration of its data folder.
 */
export async function invitationContext(teamName: string) {
  const ctx = await createTestContext();
  alignClockWithNow(ctx);
  const team = await createTeam(ctx, teamName);
  const config: AppConfig = testConfig(ctx.dataDir);
  return { ctx, team, owner: as(team) as Caller, config };
}

export type Caller = { readonly token: string; readonly headers: Record<string, string> };

export const as = (team: TestTeam, member: TeamMember = team.owner): Caller => ({
  token: member.token,
  headers: team.headers,
});

/** A fresh token for a team member (after the fake clock moved past the access token's life). */
export async function freshCaller(
  ctx: Pick<TestContext, 'app'>,
  team: TestTeam,
  member: TeamMember = team.owner,
) {
  return { token: (await login(ctx.app, member)).access_token, headers: team.headers };
}

export const callAs = (
  ctx: Pick<TestContext, 'app'>,
  caller: Caller,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  api(ctx.app, method, path, { token: caller.token, headers: caller.headers, payload });

async function expectOk<T>(response: LightMyRequestResponse, status: number): Promise<T> {
  if (response.statusCode !== status)
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

export async function addContact(
  ctx: Pick<TestContext, 'app'>,
  caller: Caller,
  input: Record<string, unknown>,
): Promise<Contact> {
  return expectOk<Contact>(await callAs(ctx, caller, 'POST', '/contacts', input), 201);
}

/** An open survey of the caller's organisation. */
export async function openSurvey(
  ctx: Pick<TestContext, 'app'>,
  caller: Caller,
  title = 'Klantpeiling',
  open = true,
): Promise<Survey> {
  const created = await expectOk<Survey>(
    await callAs(ctx, caller, 'POST', '/surveys', {
      title,
      description_html: '',
      introduction_html: '<p>Fijn dat je meedoet.</p>',
      thank_you_text: 'Dank je wel!',
      close_at: null,
      // One optional question: a test submits with no answers.
      questions: [
        {
          id: 'q-open',
          type: 'open_long',
          title: 'Wat kan beter?',
          required: false,
          position: 0,
          settings: { max_length: 2000 },
        },
      ],
    }),
    201,
  );
  if (!open) return created;
  return expectOk<Survey>(
    await callAs(ctx, caller, 'POST', `/surveys/${created.id}/status`, { status: 'open' }),
    200,
  );
}

/**
 * Runs the outbox worker (with the app's hooks) on the test mailer until no mail is due any more,
 * then stops it: what "the mails went out" means in a test.
 */
export async function deliverDueMail(
  ctx: Pick<TestContext, 'app' | 'db'> & { readonly mailer: Mailer },
  options: {
    readonly timeoutMs?: number;
    readonly concurrency?: number;
    readonly expectErrors?: boolean;
  } = {},
): Promise<void> {
  const errors: string[] = [];
  const worker = startOutboxWorker(
    {
      db: ctx.db,
      mailer: ctx.mailer,
      output: { info: () => {}, error: (_details, message) => errors.push(message) },
      hooks: ctx.app.outboxHooks,
    },
    { ratePerMinute: null, pollMs: 10, concurrency: options.concurrency ?? 1 },
  );
  const due = () =>
    ctx.db.$count(
      mailOutbox,
      and(inArray(mailOutbox.state, ['queued', 'sending']), lte(mailOutbox.notBefore, sql`now()`)),
    );
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  try {
    while ((await due()) > 0) {
      if (Date.now() > deadline) throw new Error(`outbox did not empty: ${errors.join('; ')}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await worker.stop();
  }
  if (errors.length > 0 && options.expectErrors !== true)
    throw new Error(`outbox errors: ${errors.join('; ')}`);
}

/** The token of the personal link in a mail's text. */
export function linkTokenOf(text: string): string {
  const token = /\/respond\/([A-Za-z0-9_-]{16,})/.exec(text)?.[1];
  if (token === undefined) throw new Error(`no personal link in: ${text.slice(0, 200)}`);
  return token;
}

/** The token of the unsubscribe link in a mail's text. */
export function unsubscribeTokenOf(text: string): string {
  const token = /\/afmelden\/([0-9]+\.[A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (token === undefined) throw new Error(`no unsubscribe link in: ${text.slice(0, 200)}`);
  return token;
}
