import { fileNameDate, fileNamePart } from '../shared';

/**
 * The name of an exported analysis (R-ANALYSIS-12): `bedrijfsanalyse-{organisation}-{YYYY-MM-DD}.pdf`
 * or `.md`. The organisation's name becomes a safe part of a file name the way every export's does
 * (`fileNamePart`: accents dropped, lower case, every run of other characters one hyphen, at most
 * 60 characters), and 'export' when nothing is left of it or there is none. The date is the
 * calendar day of `date` in the Netherlands, as the cover's date, so the two never disagree.
 */
export function analysisFileName(
  organizationName: string | null,
  date: Date,
  extension: 'pdf' | 'md',
): string {
  return `bedrijfsanalyse-${fileNamePart(organizationName ?? '', 'export')}-${fileNameDate(date)}.${extension}`;
}
