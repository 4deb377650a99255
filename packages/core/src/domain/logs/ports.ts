import type { ApiResult } from '../api';
import type { LogsResponse } from '../contract';

/** The application log for platform admins (R-LOG-6: GET /admin/logs, no query parameters). */
export interface AdminLogsGateway {
  /** The newest rows first; the server limits the window (by default the last 30 days). */
  list(): Promise<ApiResult<LogsResponse>>;
}
