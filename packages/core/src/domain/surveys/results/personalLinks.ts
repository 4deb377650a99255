import { type FormResult, formInvalid, formOk } from '../../api';
import type { CreatePersonalLinksRequest } from '../../contract';

/**
 * The links an organisation hands out: the survey's public link and its personal links. The
 * personal links' tokens are shown once (the server keeps only hashes), so the page offers them as
 * text to copy and as a CSV file to keep.
 */

/** At most this many personal links per request (the server's limit too). */
export const PERSONAL_LINKS_MAX = 500;
export const PERSONAL_LINK_LABEL_MAX_LENGTH = 100;

export const PERSONAL_LINK_MESSAGES = {
  count: `Vul een aantal in van 1 tot en met ${PERSONAL_LINKS_MAX}.`,
  label: `Het label mag hoogstens ${PERSONAL_LINK_LABEL_MAX_LENGTH} tekens hebben.`,
  keepNow: 'Bewaar deze links nu: ze worden niet opnieuw getoond.',
} as const;

/** The answering page of a token: `<origin>/respond/<token>`. */
export const respondUrl = (origin: string, token: string): string =>
  `${origin.replace(/\/+$/, '')}/respond/${encodeURIComponent(token)}`;

/** Checks the 'Persoonlijke links maken' form as typed; the request to send when it is right. */
export function checkPersonalLinksForm(input: {
  readonly count: string;
  readonly label: string;
}): FormResult<CreatePersonalLinksRequest> {
  const countText = input.count.trim();
  const count = /^\d{1,4}$/.test(countText) ? Number(countText) : Number.NaN;
  const label = input.label.trim();
  const fields: Record<string, string> = {};
  if (!(count >= 1 && count <= PERSONAL_LINKS_MAX)) fields.count = PERSONAL_LINK_MESSAGES.count;
  if (label.length > PERSONAL_LINK_LABEL_MAX_LENGTH) fields.label = PERSONAL_LINK_MESSAGES.label;
  if (Object.keys(fields).length > 0) return formInvalid(fields);
  return formOk(label === '' ? { count } : { count, label });
}

/**
 * One CSV cell: quoted when it holds the separator, a quote or a line break; a leading =, +, −, @
 * or tab is neutralised with an apostrophe so a spreadsheet never runs a typed label as a formula
 * (OWASP's advice on CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The new personal links as a CSV file: a header and one row per link. Semicolons, because a Dutch
 * Excel splits on them, and a byte-order mark so it reads the label's accents as UTF-8.
 */
export function personalLinksCsv(urls: readonly string[], label?: string): string {
  const rows = [['Persoonlijke link', 'Label'], ...urls.map((url) => [url, label ?? ''])];
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

/** The file name of the personal links' CSV. */
export const personalLinksFilename = (surveyId: number): string =>
  `persoonlijke-links-survey-${surveyId}.csv`;
