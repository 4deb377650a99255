import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Queryable } from '../db/database';
import { surveyResponses, surveys } from '../db/schema';
import { hashToken, TOKEN_PATTERN } from '../responses/responseTokens';

/** How long an answer is kept: another server instance sees a change of the origins within this time. */
export const EMBED_CACHE_TTL_MS = 30_000;
/** Tokens kept at most; the oldest goes first. */
const CAPACITY = 2000;

interface Entry {
  readonly surveyId: number | null;
  readonly origins: readonly string[];
  readonly until: number;
}

/**
 * The embedding origins of the survey a `/respond/<token>` page belongs to (R-EMBED-2, R-EMBED-3), looked up
 * only for an embedded load (its address carries `loop_embed`) and kept per token for
 * `EMBED_CACHE_TTL_MS`: a survey embedded on a busy site costs one query per half minute, and the
 * answering API and its submissions never query for it. Saving a survey's origins forgets its
 * tokens here at once (`forgetSurvey`); other instances follow within the TTL.
 */
export class EmbedOriginsCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  /** The survey's listed origins, or null for a token that is malformed or belongs to no survey. */
  async originsOf(token: string): Promise<readonly string[] | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const now = this.clock.now().getTime();
    const cached = this.#entries.get(token);
    if (cached !== undefined && cached.until > now) return cached.surveyId === null ? null : cached.origins;
    const found = await this.#lookup(token);
    this.#entries.delete(token);
    this.#entries.set(token, {
      surveyId: found?.surveyId ?? null,
      origins: found?.origins ?? [],
      until: now + EMBED_CACHE_TTL_MS,
    });
    if (this.#entries.size > CAPACITY) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return found === null ? null : found.origins;
  }

  /** Forgets every cached token of a survey (its origins just changed). */
  forgetSurvey(surveyId: number): void {
    for (const [token, entry] of this.#entries) if (entry.surveyId === surveyId) this.#entries.delete(token);
  }

  /** The public link's survey first (what the snippet embeds), else a personal link's. */
  async #lookup(token: string): Promise<{ surveyId: number; origins: readonly string[] } | null> {
    const [byPublic] = await this.db
      .select({ surveyId: surveys.id, origins: surveys.embedOrigins })
      .from(surveys)
      .where(eq(surveys.publicToken, token))
      .limit(1);
    if (byPublic !== undefined) return byPublic;
    const [byPersonal] = await this.db
      .select({ surveyId: surveys.id, origins: surveys.embedOrigins })
      .from(surveyResponses)
      .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
      .where(eq(surveyResponses.tokenHash, hashToken(token)))
      .limit(1);
    return byPersonal ?? null;
  }
}
