import { formatLongDayTime, longDayText } from '../../format';
import { fileNameDate, fileNamePart } from '../../shared';
import { type DateFilter, parseDay } from '../results';

/** The header's line above the title (and the start of the file's name and PDF title). */
export const RESULTS_PDF_KICKER = 'Resultaten';

/** A survey without a title, as the results page names it. */
export const UNTITLED_SURVEY = 'Naamloze survey';

const dayText = (day: string): string | null => {
  const parts = parseDay(day);
  return parts ? longDayText(parts) : null;
};

/**
 * The period the results cover, as the results page's date filter ('Vanaf', 'Tot en met') set it:
 * 'Periode: alle reacties', 'Periode: 1 november 2025 tot en met 30 november 2025', 'Periode:
 * vanaf 1 november 2025', 'Periode: tot en met 30 november 2025', one day as that day. A day that
 * is no real day counts as not set, as the page's address does.
 */
export function resultsPeriodText(filter: DateFilter): string {
  const from = dayText(filter.from);
  const to = dayText(filter.to);
  if (from && to) return from === to ? `Periode: ${from}` : `Periode: ${from} tot en met ${to}`;
  if (from) return `Periode: vanaf ${from}`;
  if (to) return `Periode: tot en met ${to}`;
  return 'Periode: alle reacties';
}

/** When the summary was made, in the Netherlands' time: 'Gemaakt op 26 november 2026 om 10:30'. */
export const madeAtText = (moment: Date): string => `Gemaakt op ${formatLongDayTime(moment)}`;

/**
 * The summary's file name, `resultaten-{survey}-{YYYY-MM-DD}.pdf`: the title made a safe part of a
 * file name as every export's (`fileNamePart`: accents dropped, lower case, other runs of
 * characters one hyphen, at most 60 characters; 'survey' when nothing is left), and the calendar
 * day in the Netherlands, as the analysis PDF's.
 */
export const resultsPdfFileName = (surveyTitle: string, date: Date): string =>
  `resultaten-${fileNamePart(surveyTitle, 'survey')}-${fileNameDate(date)}.pdf`;
