// The logs feature: the application log screen's filter, view rules and browser.
// What other features and packages use of it; everything else in this folder is internal.
export type { LogBrowserState } from './LogBrowser';
export { LogBrowser } from './LogBrowser';
export { logDateOf } from './logDate';
export type { LogFilter } from './logFilter';
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
