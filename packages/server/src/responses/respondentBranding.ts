import type { RespondentBranding } from '@loop/core';
import { eq } from 'drizzle-orm';
import { toBranding } from '../branding/branding';
import type { Queryable } from '../db/database';
import { type BrandingRow, branding, organizations } from '../db/schema';

/** The organisation's name and look for a respondent (or an invitation): nothing else of it. */
export function toRespondentBranding(name: string, row: BrandingRow | null | undefined): RespondentBranding {
  const look = toBranding(row ?? undefined);
  return {
    organization_name: name,
    logo_url: look.logo_url,
    background_url: look.background_url,
    primary_color: look.primary_color,
  };
}

/** `toRespondentBranding` of an organisation read from the database. */
export async function respondentBranding(db: Queryable, organizationId: number): Promise<RespondentBranding> {
  const [row] = await db
    .select({ name: organizations.name, branding })
    .from(organizations)
    .leftJoin(branding, eq(branding.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  return toRespondentBranding(row?.name ?? '', row?.branding);
}
