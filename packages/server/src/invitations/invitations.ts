import { randomInt } from 'node:crypto';
import type { InvitationPreviewResult, InvitationSendResult, SkippedContact } from '@loop/core';
import { invitationSkip, SKIP_TEXTS } from '@loop/core/invitations';
import { type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { checkSelection } from '../contacts/contactHttp';
import { selectionConditions } from '../contacts/contactSegments';
import { CONTACT_ERRORS } from '../contacts/contactStore';
import type { Queryable } from '../db/database';
import type { SurveyRow } from '../db/schema';
import { ApiError, invalidInput } from '../http/apiError';
import { insertPersonalLinks } from '../responses/responses';
import { hashToken } from '../responses/responseTokens';
import { queryRows } from '../results/resultsSql';
import { invitationOutboxMail, type Recipient, samplePreview, surveyMailBase } from './invitationMails';
import type { InvitationBody } from './invitationSchemas';
import { type ContactFactsRow, contactRulesOf, selectionFacts } from './invitationStore';
import { anonymousInvitationHash, invitationLinkToken } from './invitationTokens';

export const INVITATION_ERRORS = {
  notOpen: 'Uitnodigen kan alleen bij een geopende survey. Open de survey eerst.',
  sendAtPast: 'Het geplande tijdstip ligt in het verleden.',
  sendAtInvalid:
    'Geef het geplande tijdstip als datum en tijd (ISO 8601), of laat het leeg om nu te versturen.',
  nobody: 'Deze selectie bevat geen contacten. Kies andere contacten, een ander filter of een ander segment.',
  contactsNotFound: 'Deze contacten bestaan niet (meer).',
} as const;

/** The label of an invitation's personal link: its origin, never the contact's name (that is erased with the contact). */
export const INVITATION_LINK_LABEL = 'Uitnodiging';

/** How many invitations one statement writes. */
const CHUNK = 1000;

/** The request as the rules see it: the survey open, the time not past, the selection checked and known. */
interface Plan {
  readonly sendAt: Date | null;
  readonly recipients: ContactFactsRow[];
  readonly skipped: SkippedContact[];
}

function sendAtOf(raw: string | null | undefined, now: Date): Date | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const at = /^\d{4}-\d{2}-\d{2}T/.test(raw) ? new Date(raw) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime())) throw invalidInput({ send_at: INVITATION_ERRORS.sendAtInvalid });
  if (at.getTime() < now.getTime()) throw invalidInput({ send_at: INVITATION_ERRORS.sendAtPast });
  return at;
}

const skippedOf = (
  contact: ContactFactsRow,
  reason: SkippedContact['reason'],
  detail: string,
): SkippedContact => ({
  contact_id: contact.id,
  name: contact.name,
  email: contact.email,
  reason,
  detail,
});

/** Who of the selection gets an invitation and who not (and why), as the rules say now. */
async function plan(
  deps: Pick<AppDeps, 'clock'>,
  db: Queryable,
  survey: SurveyRow,
  body: InvitationBody,
): Promise<Plan> {
  if (survey.status !== 'open') throw new ApiError(409, INVITATION_ERRORS.notOpen);
  const now = deps.clock.now();
  const sendAt = sendAtOf(body.send_at, now);
  const selection = checkSelection(body.selection);
  const where = await selectionConditions(db, survey.organizationId, selection);
  if (where === null) throw new ApiError(404, CONTACT_ERRORS.segmentNotFound);
  const facts = await selectionFacts(db, survey.organizationId, survey.id, where);
  if (facts.length === 0) {
    // Ids of nobody here (unknown, or another organisation's) are not found; a filter or segment
    // that matches nobody is a selection to change.
    if ('ids' in selection) throw new ApiError(404, INVITATION_ERRORS.contactsNotFound);
    throw invalidInput({ selection: INVITATION_ERRORS.nobody });
  }
  const rules = await contactRulesOf(db, survey.organizationId);
  const when = sendAt ?? now;
  const recipients: ContactFactsRow[] = [];
  const skipped: SkippedContact[] = [];
  for (const contact of facts) {
    const skip = invitationSkip(contact, rules, when);
    if (skip === null) recipients.push(contact);
    else skipped.push(skippedOf(contact, skip.reason, skip.detail));
  }
  return { sendAt, recipients, skipped };
}

const recipientOf = (contact: ContactFactsRow): Recipient => ({
  contactId: contact.id,
  name: contact.name,
  email: contact.email,
  language: contact.language,
});

/** POST /surveys/:id/invitations/preview: who would be invited, who not, and the first one's mail. */
export async function previewInvitations(
  deps: Pick<AppDeps, 'clock' | 'config' | 'db'>,
  survey: SurveyRow,
  body: InvitationBody,
): Promise<InvitationPreviewResult> {
  const planned = await plan(deps, deps.db, survey, body);
  const first = planned.recipients[0];
  return {
    recipients: planned.recipients.length,
    skipped: planned.skipped,
    sample:
      first === undefined
        ? null
        : samplePreview(deps, await surveyMailBase(deps, deps.db, survey), recipientOf(first)),
  };
}

/** Fisher–Yates with a cryptographic source: the order of an anonymous survey's responses tells nothing. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * POST /surveys/:id/invitations, in one transaction: per recipient an invitation, a personal-link
 * response and the mail in the outbox ('invitation:<id>', not before `send_at`). The unique index
 * on (survey, contact, round) of invitations not cancelled makes a repeated or concurrent request
 * invite nobody twice: whom another request invited meanwhile is reported as already invited.
 */
export async function sendInvitations(
  deps: Pick<AppDeps, 'clock' | 'config' | 'db' | 'outbox'>,
  survey: SurveyRow,
  body: InvitationBody,
): Promise<InvitationSendResult> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const planned = await plan(deps, tx, survey, body);
    const plannedAt = planned.sendAt ?? now;
    const queued = await queueInvitations(deps, tx, survey, planned.recipients, {
      now,
      plannedAt,
      sendAt: planned.sendAt,
      roundId: null,
    });
    const skipped = [
      ...planned.skipped,
      ...queued.taken.map((contact) => skippedOf(contact, 'already_invited', SKIP_TEXTS.alreadyInvited)),
    ];
    return { planned: queued.count, skipped, send_at: plannedAt.toISOString() };
  });
}

/** Called after each chunk of invitations is written (a test that kills a round's sending there). */
export interface ChunkProbe {
  readonly afterChunk?: () => void;
}

/**
 * A pulse round's invitations (R-ROUND-5), inside the scheduler's transaction that holds the
 * round: the selection's contacts as the rules see them for this round (the contact rule over every
 * mail of the organisation, earlier rounds included, R-ROUND-4), each invited now with the round on
 * the invitation and its response. Answers how many were invited and how many the rules left out.
 */
export async function sendRoundInvitations(
  deps: Pick<AppDeps, 'clock' | 'config' | 'outbox'> & ChunkProbe,
  tx: Queryable,
  survey: SurveyRow,
  where: SQL[],
  roundId: number,
): Promise<{ readonly invited: number; readonly skipped: number; readonly selected: number }> {
  const now = deps.clock.now();
  const facts = await selectionFacts(tx, survey.organizationId, survey.id, where, roundId);
  const rules = await contactRulesOf(tx, survey.organizationId);
  const recipients = facts.filter((contact) => invitationSkip(contact, rules, now) === null);
  const queued = await queueInvitations(deps, tx, survey, recipients, {
    now,
    plannedAt: now,
    sendAt: null,
    roundId,
  });
  return { invited: queued.count, skipped: facts.length - queued.count, selected: facts.length };
}

/**
 * Writes per recipient the invitation, its personal-link response and its mail in the outbox, a
 * thousand at a time. `taken`: recipients another request invited meanwhile (the unique index).
 */
async function queueInvitations(
  deps: Pick<AppDeps, 'config' | 'outbox'> & ChunkProbe,
  tx: Queryable,
  survey: SurveyRow,
  recipients: readonly ContactFactsRow[],
  at: {
    readonly now: Date;
    readonly plannedAt: Date;
    readonly sendAt: Date | null;
    readonly roundId: number | null;
  },
): Promise<{ readonly count: number; readonly taken: ContactFactsRow[] }> {
  const base = recipients.length === 0 ? null : await surveyMailBase(deps, tx, survey);
  const taken: ContactFactsRow[] = [];
  let count = 0;
  for (let start = 0; start < recipients.length; start += CHUNK) {
    const chunk = recipients.slice(start, start + CHUNK);
    const planned = at.plannedAt.toISOString();
    const inserted = (
      await queryRows<{ id: number; contact_id: number }>(
        tx,
        sql`insert into survey_invitations
              (organization_id, survey_id, contact_id, planned_at, last_mail_at, created_at, round_id)
            select ${survey.organizationId}, ${survey.id}, c, ${planned}::timestamptz, ${planned}::timestamptz,
              ${at.now.toISOString()}::timestamptz, ${at.roundId}::integer
            from unnest(${`{${chunk.map((contact) => contact.id).join(',')}}`}::integer[]) as c
            on conflict do nothing
            returning id, contact_id`,
      )
    ).map((row) => ({ id: Number(row.id), contactId: Number(row.contact_id) }));
    const byContact = new Map(inserted.map((row) => [row.contactId, row.id]));
    for (const contact of chunk) if (!byContact.has(contact.id)) taken.push(contact);
    if (inserted.length === 0) continue;
    const tokens = new Map(
      inserted.map((row) => [row.id, invitationLinkToken(deps.config.jwtSecret, row.id)]),
    );
    await linkResponses(tx, survey, at.now, tokens, at.roundId);
    await deps.outbox.enqueueMany(
      tx,
      chunk.flatMap((contact) => {
        const id = byContact.get(contact.id);
        if (id === undefined || base === null) return [];
        return [
          invitationOutboxMail(deps, base, recipientOf(contact), {
            reference: `invitation:${id}`,
            organizationId: survey.organizationId,
            reminder: false,
            notBefore: at.sendAt,
          }),
        ];
      }),
    );
    count += inserted.length;
    deps.afterChunk?.();
  }
  return { count, taken };
}

/**
 * The personal-link responses of new invitations, and the link between them: the response's id on
 * the invitation, or for an anonymous survey only the invitation's own hash of the token (and the
 * responses made in a random order), so nothing in the database joins a response to a contact.
 */
async function linkResponses(
  tx: Queryable,
  survey: SurveyRow,
  now: Date,
  tokens: ReadonlyMap<number, string>,
  roundId: number | null,
): Promise<void> {
  const entries = [...tokens.entries()];
  const made = await insertPersonalLinks(tx, {
    surveyId: survey.id,
    organizationId: survey.organizationId,
    tokens: survey.anonymous
      ? shuffled(entries.map(([, token]) => token))
      : entries.map(([, token]) => token),
    label: INVITATION_LINK_LABEL,
    now,
    roundId,
  });
  const links = survey.anonymous
    ? entries.map(([id, token]) => ({ i: id, r: null, h: anonymousInvitationHash(token) }))
    : (() => {
        const responseOf = new Map(made.map((row) => [row.tokenHash, row.id]));
        return entries.map(([id, token]) => ({
          i: id,
          r: responseOf.get(hashToken(token)) ?? null,
          h: null,
        }));
      })();
  await tx.execute(sql`
    update survey_invitations i set response_id = v.r, invitation_token_hash = v.h
    from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as v(i integer, r bigint, h text)
    where i.id = v.i`);
}
