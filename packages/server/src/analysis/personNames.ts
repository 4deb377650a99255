import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { queryRows } from '../results/resultsSql';

/**
 * The names of an organisation's people, its contacts and its members, each once: what the
 * personal data masker looks for in every prompt for a language model (R-PRIV-7). One query;
 * single words are left out by the masker itself.
 */
export async function organisationPersonNames(db: Queryable, organizationId: number): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select name from contacts where organization_id = ${organizationId}
      union
      select u.name from users u join memberships m on m.user_id = u.id where m.organization_id = ${organizationId}`,
  );
  return rows.map((row) => row.name);
}
