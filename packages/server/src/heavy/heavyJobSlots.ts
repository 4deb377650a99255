import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { queryRows } from '../results/resultsSql';

/**
 * The organisation's heavy job slots in the database (R-HEAVY-10, R-HEAVY-11): every statement is
 * one atomic statement on PostgreSQL's clock, so instances on one database never hold the same slot.
 */

const lease = (leaseMs: number) => sql`make_interval(secs => ${leaseMs / 1000}::double precision)`;

/**
 * Takes the first free slot of `0 … limit − 1` for `holder` until now + `leaseMs`: a slot is free when
 * it has no row or its lease ran out (its holder crashed or stopped renewing). The insert or the
 * conditional update is one statement: of two instances racing for a slot, the second waits for the
 * first's row and then finds its lease still running, so it moves on to the next slot. Answers the
 * slot, or null when all `limit` are held.
 */
export async function takeSlot(
  db: Queryable,
  organizationId: number,
  holder: string,
  limit: number,
  leaseMs: number,
): Promise<number | null> {
  for (let slot = 0; slot < limit; slot++) {
    const taken = await queryRows<{ slot: number }>(
      db,
      sql`insert into heavy_job_slots (organization_id, slot, holder, lease_until)
        values (${organizationId}, ${slot}, ${holder}, now() + ${lease(leaseMs)})
        on conflict (organization_id, slot) do update
          set holder = excluded.holder, lease_until = excluded.lease_until
          where heavy_job_slots.lease_until < now()
        returning slot`,
    );
    if (taken.length > 0) return slot;
  }
  return null;
}

/** Renews the holder's lease on its slot; false when the slot is no longer its own (lease lost). */
export async function renewSlot(
  db: Queryable,
  organizationId: number,
  slot: number,
  holder: string,
  leaseMs: number,
): Promise<boolean> {
  const renewed = await queryRows<{ slot: number }>(
    db,
    sql`update heavy_job_slots set lease_until = now() + ${lease(leaseMs)}
      where organization_id = ${organizationId} and slot = ${slot} and holder = ${holder}
      returning slot`,
  );
  return renewed.length > 0;
}

/** Frees the holder's slot (a slot another holder took over after a lost lease stays theirs). */
export async function releaseSlot(db: Queryable, organizationId: number, slot: number, holder: string) {
  await db.execute(
    sql`delete from heavy_job_slots
      where organization_id = ${organizationId} and slot = ${slot} and holder = ${holder}`,
  );
}

/** How many of the organisation's slots are held now (leases still running), on every instance. */
export async function heldSlots(db: Queryable, organizationId: number): Promise<number> {
  const [row] = await queryRows<{ held: number }>(
    db,
    sql`select count(*)::integer as held from heavy_job_slots
      where organization_id = ${organizationId} and lease_until >= now()`,
  );
  return Number(row?.held ?? 0);
}
