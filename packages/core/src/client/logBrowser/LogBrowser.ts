import type { LogItem } from '../../domain/contract';
import type { AdminLogsGateway } from '../../domain/logs';
import {
  EMPTY_LOG_FILTER,
  filterLogRows,
  type LogFilter,
  type PreparedLogRows,
  prepareLogRows,
} from '../../domain/logs';
import { createStateStore } from '../../domain/shared';

export type LogBrowserStatus = 'loading' | 'ready' | 'failed';

export interface LogBrowserState {
  /** 'failed' after a failed fetch: the list is then empty (R-LOG-6). */
  readonly status: LogBrowserStatus;
  readonly filter: LogFilter;
  /** Rows of the latest answer, before filtering. */
  readonly total: number;
  /** The rows that pass `filter`, in the server's order (newest first). */
  readonly rows: readonly LogItem[];
}

export interface LogBrowserDeps {
  readonly gateway: AdminLogsGateway;
}

const NO_ROWS: readonly LogItem[] = [];
const NOTHING_PREPARED = prepareLogRows(NO_ROWS);

const INITIAL: LogBrowserState = { status: 'loading', filter: EMPTY_LOG_FILTER, total: 0, rows: NO_ROWS };

const sameFilter = (a: LogFilter, b: LogFilter): boolean =>
  a.text === b.text && a.level === b.level && a.orgId === b.orgId && a.from === b.from && a.to === b.to;

/**
 * The 'Applicatie Logging' screen's use-case: fetches the log, prepares the rows once when they
 * arrive and filters them on the client (R-LOG-5) whenever the filter changes. One instance per
 * visit of the screen, so 100,000 rows are let go when the admin leaves.
 */
export class LogBrowser {
  readonly #deps: LogBrowserDeps;
  readonly #store = createStateStore<LogBrowserState>(INITIAL);
  #prepared: PreparedLogRows = NOTHING_PREPARED;
  /** Counts fetches, so the answer of a superseded fetch is dropped. */
  #generation = 0;
  /** The first fetch, which `load` shares. */
  #first: Promise<void> | null = null;

  constructor(deps: LogBrowserDeps) {
    this.#deps = deps;
  }

  readonly getSnapshot = this.#store.getSnapshot;

  readonly subscribe = this.#store.subscribe;

  /**
   * Fetches the log unless a fetch was started before; then it shares the first one. A screen can
   * call it on every mount (React's strict mode mounts twice) without asking twice.
   */
  load(): Promise<void> {
    return this.#first ?? this.reload();
  }

  /** Fetches the log again ('Vernieuwen', 'Opnieuw laden'), keeping the filter. */
  reload(): Promise<void> {
    const fetching = this.#fetchLog();
    this.#first ??= fetching;
    return fetching;
  }

  async #fetchLog(): Promise<void> {
    const generation = ++this.#generation;
    if (this.#store.getSnapshot().status !== 'loading')
      this.#set({ ...this.#store.getSnapshot(), status: 'loading' });
    const answer = await this.#deps.gateway.list();
    if (generation !== this.#generation) return;
    // A body without an items list is as useless as a failed call.
    const items = answer.ok && Array.isArray(answer.value?.items) ? answer.value.items : null;
    const { filter } = this.#store.getSnapshot();
    if (items === null) {
      this.#prepared = NOTHING_PREPARED;
      this.#set({ status: 'failed', filter, total: 0, rows: NO_ROWS });
      return;
    }
    this.#prepared = prepareLogRows(items);
    this.#set({ status: 'ready', filter, total: items.length, rows: this.#filtered(filter) });
  }

  /** Changes some filters; the rows follow at once. */
  setFilter(patch: Partial<LogFilter>): void {
    const filter = { ...this.#store.getSnapshot().filter, ...patch };
    if (sameFilter(filter, this.#store.getSnapshot().filter)) return;
    this.#set({ ...this.#store.getSnapshot(), filter, rows: this.#filtered(filter) });
  }

  /** 'Wis filters'. */
  clearFilters(): void {
    this.setFilter(EMPTY_LOG_FILTER);
  }

  #filtered(filter: LogFilter): readonly LogItem[] {
    const rows = filterLogRows(this.#prepared, filter);
    // Keeps one empty list, so an empty result that stays empty does not look like a change.
    return rows.length === 0 ? NO_ROWS : rows;
  }

  #set(state: LogBrowserState): void {
    this.#store.set(state);
  }
}
