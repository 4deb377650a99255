import type { LogLevel } from '../contract';
import { formatCount, formatTimestamp, wallClock } from '../format';
import { dutchLabel } from '../shared';

/** The levels in the order of the level filter (R-LOG-4). */
export const LOG_LEVELS: readonly LogLevel[] = ['info', 'warning', 'error', 'audit'];

/** A select's value as a level filter; anything that is not a level means 'Alle niveaus'. */
export const parseLogLevel = (value: string): LogLevel | '' =>
  (LOG_LEVELS as readonly string[]).includes(value) ? (value as LogLevel) : '';

const LOG_LEVEL_LABELS: Readonly<Record<LogLevel, string>> = {
  info: 'Informatie',
  warning: 'Waarschuwing',
  error: 'Fout',
  audit: 'Controlespoor',
};

/**
 * A log level in Dutch ('Informatie', 'Waarschuwing', 'Fout', 'Controlespoor'); an unknown one as
 * received. The filter still filters by the level's value.
 */
export const logLevelLabel = (level: string | null | undefined): string =>
  dutchLabel(LOG_LEVEL_LABELS, level);

/** The categories the server writes, in Dutch. */
const LOG_CATEGORY_LABELS: Readonly<Record<string, string>> = {
  http: 'Verzoek',
  auth: 'Inloggen',
  admin: 'Beheer',
  analysis: 'Analyse',
  billing: 'Abonnement',
  contacts: 'Contacten',
  finance: 'Financiën',
  kpi: 'KPI',
  organization: 'Organisatie',
  survey: 'Survey',
  user: 'Gebruiker',
  system: 'Systeem',
};

/** A log category in Dutch ('http' is 'Verzoek'); an unknown one as received, none as '-'. */
export const logCategoryLabel = (category: string | null | undefined): string =>
  category === null || category === undefined || category === ''
    ? '-'
    : dutchLabel(LOG_CATEGORY_LABELS, category);

/** The result count of R-LOG-1, e.g. '1.234 van 100.000 resultaten'. */
export const logCountText = (shown: number, total: number): string =>
  `${formatCount(shown)} van ${formatCount(total)} resultaten`;

/** A log timestamp as Amsterdam wall-clock time, e.g. '21-11-2026 14:03:07'; '-' when missing or unreadable. */
export function formatLogTime(ts: string | null): string {
  return wallClock(ts) ? formatTimestamp(ts) : '-';
}

/** A cell's text: '-' for a missing value. */
export const logCellText = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? '-' : String(value);

export type LogStatusTone = 'ok' | 'error';

/** R-LOG-2 status colouring: 2xx green, 4xx and above red; anything else (1xx, 3xx, none) plain. */
export function logStatusTone(status: number | null): LogStatusTone | null {
  if (status === null || !Number.isFinite(status)) return null;
  if (status >= 200 && status < 300) return 'ok';
  if (status >= 400) return 'error';
  return null;
}
