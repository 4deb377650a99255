import { formatCents, formatCount, formatNumber, formatSignedCount } from '../format';
import { formatKpiChange, formatKpiValue, periodKeyName } from '../kpis';
import { formatNps, roundHalfAwayFromZero } from '../surveys/model';
import type { KpiFacts } from './analysisInput';

/** The Dutch wording the built-in report and its findings share. */

/**
 * A label the organisation typed (KPI name, survey title, statement) as one line of Markdown text:
 * line breaks become spaces and Markdown's and HTML's special characters are escaped, so a name
 * reads as written and never becomes markup (the client sanitises the report anyway).
 */
export function plain(label: string): string {
  const line = label.replace(/\s+/g, ' ').trim();
  return line === '' ? 'naamloos' : line.replace(/[\\`*_[\]<>#|~]/g, (char) => `\\${char}`);
}

/** '‘Omzet’' — a label in Dutch quotation marks. */
export const quoted = (label: string): string => `'${plain(label)}'`;

/** A KPI's value in its unit. */
export const kpiValue = (kpi: Pick<KpiFacts, 'unit'>, value: number | null): string =>
  formatKpiValue(kpi.unit, value);

/** The name of a KPI's period ('maart 2026', 'week 12, 2026'). */
export const kpiPeriod = (kpi: Pick<KpiFacts, 'periodKind'>, key: string): string =>
  periodKeyName(kpi.periodKind, key);

/** '€ +12,00', '-2 procentpunt'. */
export const kpiChange = (kpi: Pick<KpiFacts, 'unit'>, change: number): string =>
  formatKpiChange(kpi.unit, change);

/** 'maart 2026' for 'YYYY-MM'. */
export const monthName = (month: string): string => periodKeyName('month', month);

/** An NPS: '+23', '-5', '0'. */
export const npsText = (score: number | null): string => formatNps(score);

/** A score on the 0–100 scale, whole: '72'. */
export const scoreText = (score: number | null): string =>
  score === null ? '–' : formatCount(roundHalfAwayFromZero(score));

/** A signed change of a score: '+8', '-12'. */
export const scoreChange = (change: number): string => formatSignedCount(roundHalfAwayFromZero(change));

/** A percentage 0–100, whole: '45%'. */
export const percentText = (percent: number): string => `${formatCount(Math.round(percent))}%`;

/** A mean point: '3,9'. */
export const meanText = (mean: number | null): string =>
  mean === null ? '–' : formatNumber(Math.round(mean * 10) / 10);

/** An amount in cents: '€ 1.234,56', '€ -1.234,56'. */
export const euros = (cents: number): string => formatCents(cents);

/** '1 KPI' / '3 KPI's', '1 survey' / '2 surveys', '1 reactie' / '4 reacties'. */
export function counted(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** A number answer with its unit, at most two decimals: '12,5 kg'; '–' for none. */
export const numberText = (value: number | null, unit: string | null): string =>
  value === null ? '–' : `${formatNumber(value)}${unit === null ? '' : ` ${plain(unit)}`}`;

/** An average place, one decimal: '1,8'. */
export const placeText = (place: number | null): string =>
  place === null ? '–' : formatNumber(Math.round(place * 10) / 10);

/** A share of a count as a whole percentage: '45%' (0% of none). */
export const shareText = (count: number, total: number): string =>
  percentText(total > 0 ? (count * 100) / total : 0);
