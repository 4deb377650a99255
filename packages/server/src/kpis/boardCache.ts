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
