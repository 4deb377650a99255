import type { EncodedBody } from '../http/contentEncoding';
import type { BoardKpi } from './boardData';
import type { ComputedValues } from './kpiComputation';

/** KPIs whose values are kept at most; the oldest entry goes first. */
const DEFAULT_CAPACITY = 20_000;

/**
 * Values the board computed per KPI, kept while what they were computed from is unchanged: the
 * KPI's revision (raised by every change of its definition or values), its survey's content
 * version and counts stamp, and the window (today and the number of periods). All of these are
 * read from the database with the board's index on every request, so a value is never older than
 * the data, also with several API instances; only the work of computing it again is saved.
 * Finance values are not kept (their records belong to the finance feature).
 */
export class KpiValuesCache {
  readonly #entries = new Map<number, { readonly key: string; readonly values: ComputedValues }>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** What the KPI's values depend on, as one key. */
  static keyOf(board: BoardKpi, window: string): string {
    const { kpi } = board;
    return `${kpi.revision}|${kpi.source.survey_id ?? ''}|${kpi.survey?.version ?? ''}|${board.countsStamp ?? ''}|${window}`;
  }

  get(kpiId: number, key: string): ComputedValues | undefined {
    const entry = this.#entries.get(kpiId);
    return entry !== undefined && entry.key === key ? entry.values : undefined;
  }

  set(kpiId: number, key: string, values: ComputedValues): void {
    this.#entries.delete(kpiId);
    this.#entries.set(kpiId, { key, values });
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }
}

/** Bytes of board answers kept at most; the least recently used go first. */
const DEFAULT_RESPONSE_BYTES = 32 * 1024 * 1024;

/**
 * Whole board answers, serialised, per organisation, user and number of periods, kept while the
 * board's index is unchanged: the index row holds the choice, every KPI's definition and owner,
 * its revision, its survey's title and version and the stamp of its survey's counts, so an equal
 * row and an equal day mean an equal board. The index is read on every request, so an answer is
 * never older than the data, also with several API instances; a hit saves computing a hundred
 * cards and serialising them (about a third of the request's CPU in bench/kpi-board). Boards with
 * finance KPIs are not kept: their values are read live from the finance feature's sums.
 * An answer is kept with its compressed forms (EncodedBody), so a browser's request is not
 * compressed again either; those are counted at a third of the answer's size (brotli makes the
 * board about a tenth, gzip about an eighth).
 */
export class BoardResponseCache {
  readonly #entries = new Map<string, { readonly key: string; readonly body: EncodedBody }>();
  #bytes = 0;

  constructor(private readonly maxBytes = DEFAULT_RESPONSE_BYTES) {}

  /** Drops the board's answer (a board that may not be kept any more). */
  forget(scope: string): void {
    this.#remove(scope);
  }

  /** Whether an answer is kept for this board, whatever its key. */
  has(scope: string): boolean {
    return this.#entries.has(scope);
  }

  get(scope: string, key: string): EncodedBody | undefined {
    const entry = this.#entries.get(scope);
    if (entry === undefined || entry.key !== key) return undefined;
    this.#entries.delete(scope);
    this.#entries.set(scope, entry);
    return entry.body;
  }

  set(scope: string, key: string, body: EncodedBody): void {
    this.#remove(scope);
    if (sizeOf(key, body) > this.maxBytes) return;
    this.#entries.set(scope, { key, body });
    this.#bytes += sizeOf(key, body);
    while (this.#bytes > this.maxBytes) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#remove(oldest);
    }
  }

  #remove(scope: string): void {
    const entry = this.#entries.get(scope);
    if (entry === undefined) return;
    this.#entries.delete(scope);
    this.#bytes -= sizeOf(entry.key, entry.body);
  }
}

function sizeOf(key: string, body: EncodedBody): number {
  return key.length + Math.ceil(body.identity.length * (4 / 3));
}
