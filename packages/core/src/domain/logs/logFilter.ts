import type { LogItem, LogLevel } from '../contract';
import { dayStart } from '../format';

/**
 * The filters of the 'Applicatie Logging' screen, as typed by the admin. Filtering happens on the
 * client by the rules of R-LOG-5:
 *
 * - `text`: trimmed, case-insensitive substring of the row's message, route or action ('' = off).
 * - `level`: exact level, '' = any.
 * - `orgId`: compared as an integer. The trimmed value is read with `parseInt(value, 10)` semantics
 *   ('7', ' 7 ', '+7', '7abc' and '7.9' all mean 7). A value that yields no integer ('abc', '-', '.5')
 *   matches NO row: the admin asked for an organisation, and no row belongs to "abc". Rows whose
 *   `org_id` is null never match an active organisation filter.
 * - `from` / `to`: 'YYYY-MM-DD' or ''. Days are calendar days in Europe/Amsterdam (the users' time
 *   zone; a "local" day of the browser would make the result depend on the machine): `from` applies
 *   from 00:00 of that day, `to` up to and including the last millisecond of that day. A value that is
 *   not a real 'YYYY-MM-DD' date is ignored (treated as '', a date input never produces one). While
 *   any date filter is active, rows without a (parseable) `ts` are dropped. `log_date` is not used.
 */
export interface LogFilter {
  readonly text: string;
  readonly level: LogLevel | '';
  readonly orgId: string;
  readonly from: string;
  readonly to: string;
}

export const EMPTY_LOG_FILTER: LogFilter = { text: '', level: '', orgId: '', from: '', to: '' };

/**
 * Rows prepared once when they arrive, so that a keystroke does no lower-casing or date parsing.
 * Column-wise (one typed array per derived field) to keep the hot loop tight. Message, route and
 * action are interned: each distinct value is lower-cased once and a keystroke tests each distinct
 * value once, then every row only looks up three flags. Routes are patterns and actions a short
 * list, so those tables stay small; with all-distinct messages the cost is one `includes` per row.
 */
export interface PreparedLogRows {
  /** The rows as received; `filterLogRows` returns this very array when no filter is active. */
  readonly items: readonly LogItem[];
  /** Distinct lower-cased message, route and action values (one table shared by all three). */
  readonly texts: readonly string[];
  /** Per row, the index in `texts` of its lower-cased message, route and action. */
  readonly message: Int32Array;
  readonly route: Int32Array;
  readonly action: Int32Array;
  /** Epoch ms of `ts`; NaN when missing or unparseable. */
  readonly ts: Float64Array;
  /** `org_id` as a number; NaN when null. */
  readonly org: Float64Array;
}

export function prepareLogRows(items: readonly LogItem[]): PreparedLogRows {
  const n = items.length;
  const texts: string[] = [];
  const known = new Map<string, number>();
  const intern = (value: string): number => {
    let index = known.get(value);
    if (index === undefined) {
      index = texts.length;
      texts.push(value.toLowerCase());
      known.set(value, index);
    }
    return index;
  };
  const message = new Int32Array(n);
  const route = new Int32Array(n);
  const action = new Int32Array(n);
  const ts = new Float64Array(n);
  const org = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const item = items[i] as LogItem;
    message[i] = intern(item.message);
    route[i] = intern(item.route);
    action[i] = intern(item.action);
    ts[i] = item.ts == null ? Number.NaN : Date.parse(item.ts);
    org[i] = typeof item.org_id === 'number' ? item.org_id : Number.NaN;
  }
  return { items, texts, message, route, action, ts, org };
}

/** Whether the filter restricts anything; when false `filterLogRows` returns all rows. */
export function isLogFilterActive(filter: LogFilter): boolean {
  return (
    filter.text.trim() !== '' ||
    filter.level !== '' ||
    filter.orgId.trim() !== '' ||
    parseDay(filter.from) !== null ||
    parseDay(filter.to) !== null
  );
}

/** Applies R-LOG-5 in one pass over the prepared rows. */
export function filterLogRows(prepared: PreparedLogRows, filter: LogFilter): readonly LogItem[] {
  const { items, texts, message, route, action, ts, org } = prepared;
  const needle = filter.text.trim().toLowerCase();
  const level = filter.level;
  const orgText = filter.orgId.trim();
  const fromDay = parseDay(filter.from);
  const toDay = parseDay(filter.to);

  const byText = needle !== '';
  const byLevel = level !== '';
  const byOrg = orgText !== '';
  const byDate = fromDay !== null || toDay !== null;
  if (!byText && !byLevel && !byOrg && !byDate) return items;

  const orgValue = byOrg ? Number.parseInt(orgText, 10) : Number.NaN;
  if (byOrg && Number.isNaN(orgValue)) return [];
  // Inclusive lower bound, exclusive upper bound (start of the day after `to`). Open ends are
  // infinite, so a NaN timestamp (missing) fails both comparisons and is dropped.
  const fromMs = fromDay === null ? Number.NEGATIVE_INFINITY : amsterdamDayStart(fromDay);
  const toMs = toDay === null ? Number.POSITIVE_INFINITY : amsterdamDayStart(nextDay(toDay));
  if (byDate && !(fromMs < toMs)) return [];

  // One substring test per distinct text, not per row.
  let hit: Uint8Array | null = null;
  if (byText) {
    hit = new Uint8Array(texts.length);
    let any = false;
    for (let t = 0; t < texts.length; t++) {
      if ((texts[t] as string).includes(needle)) {
        hit[t] = 1;
        any = true;
      }
    }
    if (!any) return [];
  }

  const out: LogItem[] = [];
  const n = items.length;
  for (let i = 0; i < n; i++) {
    if (
      hit !== null &&
      ((hit[message[i] as number] as number) |
        (hit[route[i] as number] as number) |
        (hit[action[i] as number] as number)) ===
        0
    ) {
      continue;
    }
    if (byOrg && org[i] !== orgValue) continue;
    if (byDate) {
      const t = ts[i] as number;
      if (!(t >= fromMs && t < toMs)) continue;
    }
    const item = items[i] as LogItem;
    if (byLevel && item.level !== level) continue;
    out.push(item);
  }
  return out;
}

interface Day {
  readonly y: number;
  readonly m: number;
  readonly d: number;
}

/** 'YYYY-MM-DD' of a real calendar date, else null (ignored filter). */
function parseDay(value: string): Day | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const probe = new Date(Date.UTC(y, m - 1, d));
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear keeps the year as written.
  probe.setUTCFullYear(y, m - 1, d);
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return null;
  return { y, m, d };
}

function nextDay(day: Day): Day {
  const probe = new Date(0);
  probe.setUTCFullYear(day.y, day.m - 1, day.d + 1);
  return { y: probe.getUTCFullYear(), m: probe.getUTCMonth() + 1, d: probe.getUTCDate() };
}

/** The instant 00:00 Amsterdam time on `day` (the format feature asks `Intl` for the zone's offset). */
const amsterdamDayStart = (day: Day): number => dayStart({ year: day.y, month: day.m, day: day.d });
