// The logs feature: the application log screen's filter and view rules (its browser is the
// client's: `client/logBrowser`).
// What other features and packages use of it; everything else in this folder is internal.
export { logDateOf } from './logDate';
export type { LogFilter, PreparedLogRows } from './logFilter';
export { EMPTY_LOG_FILTER, filterLogRows, prepareLogRows } from './logFilter';
export {
  formatLogTime,
  LOG_LEVELS,
  logCategoryLabel,
  logCellText,
  logCountText,
  logLevelLabel,
  logStatusTone,
  parseLogLevel,
} from './logView';
export type { AdminLogsGateway } from './ports';
