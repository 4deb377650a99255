import type { Branding } from '@loop/core';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/database';
import { type BrandingRow, branding } from '../db/schema';
import { UploadStore } from './uploadStore';

export type BrandingImage = 'logo' | 'background';

const PATH_COLUMN = { logo: 'logoPath', background: 'backgroundPath' } as const;

/** No row yet: every value is the default, version "0". */
const DEFAULTS: Branding = { logo_url: null, background_url: null, primary_color: null, version: '0' };

export function toBranding(row: BrandingRow | undefined): Branding {
  if (row === undefined) return DEFAULTS;
  return {
    logo_url: row.logoPath === null ? null : UploadStore.url(row.logoPath),
    background_url: row.backgroundPath === null ? null : UploadStore.url(row.backgroundPath),
    primary_color: row.primaryColor,
    version: row.version,
  };
}

export async function getBranding(db: Queryable, organizationId: number): Promise<Branding> {
  const [row] = await db.select().from(branding).where(eq(branding.organizationId, organizationId));
  return toBranding(row);
}

type BrandingChange = Partial<Pick<BrandingRow, 'logoPath' | 'backgroundPath' | 'primaryColor'>>;

/**
 * Applies a change under a row lock and bumps the version (a counter kept as text), returning the
 * row as it was, so the caller can delete a replaced file after the commit.
 */
async function changeBranding(
  db: Database,
  clock: Clock,
  organizationId: number,
  change: BrandingChange,
): Promise<{ before: BrandingRow; after: BrandingRow }> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    // Make sure the row exists, so FOR UPDATE has something to lock even on the very first change.
    await tx.insert(branding).values({ organizationId, version: '0', updatedAt: now }).onConflictDoNothing();
    const [before] = await tx
      .select()
      .from(branding)
      .where(eq(branding.organizationId, organizationId))
      .for('update');
    if (before === undefined) throw new Error(`Branding row of organisation ${organizationId} vanished`);
    const [after] = await tx
      .update(branding)
      .set({ ...change, version: sql`(${branding.version}::bigint + 1)::text`, updatedAt: now })
      .where(eq(branding.organizationId, organizationId))
      .returning();
    if (after === undefined) throw new Error(`Branding row of organisation ${organizationId} vanished`);
    return { before, after };
  });
}

export async function setPrimaryColor(
  db: Database,
  clock: Clock,
  organizationId: number,
  primaryColor: string | null,
): Promise<Branding> {
  const { after } = await changeBranding(db, clock, organizationId, {
    primaryColor: primaryColor?.toLowerCase() ?? null,
  });
  return toBranding(after);
}

/** Points the logo or background at a new file (or none); returns the file it replaced, if any. */
export async function setImage(
  db: Database,
  clock: Clock,
  organizationId: number,
  image: BrandingImage,
  path: string | null,
): Promise<{ branding: Branding; replaced: string | null }> {
  const column = PATH_COLUMN[image];
  const { before, after } = await changeBranding(db, clock, organizationId, { [column]: path });
  return { branding: toBranding(after), replaced: before[column] };
}
