// The log browser: the application log screen's fetched rows and the filter over them (LogBrowser).
// What other features and packages use of it; everything else in this folder is internal.
export type { LogBrowserState } from './LogBrowser';
export { LogBrowser } from './LogBrowser';
