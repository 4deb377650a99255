/** Log levels of the application log (R-LOG-4). */
export type LogLevel = 'info' | 'warning' | 'error' | 'audit';

/** One row of GET /admin/logs (R-LOG-3 'Log item'). Metadata only, never personal data. */
export interface LogItem {
  readonly id: number;
  /** ISO-8601 timestamp of the event; null when the server has none. */
  readonly ts: string | null;
  readonly level: LogLevel;
  /** For example http, auth, billing, survey, system. */
  readonly category: string;
  readonly org_id: number | null;
  readonly action: string;
  /** The route pattern (such as `/respond/:responseToken`), never the real path. */
  readonly route: string;
  readonly http_status: number | null;
  readonly message: string;
  readonly log_date: string | null;
}

/** Answer of GET /admin/logs. */
export interface LogsResponse {
  readonly items: LogItem[];
}
