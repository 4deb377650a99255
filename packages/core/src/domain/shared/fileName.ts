import { isoDay } from '../format';

/**
 * A name as part of a downloaded file's name (`loop-bakkerij-noor-2026-11-24.zip`): accents dropped
 * ('Bèta' → 'beta'), lower case, every run of other characters (spaces, slashes, dots, quotes) one
 * hyphen, none at the ends, at most 60 characters. A name with nothing left becomes `fallback`, so a
 * file name is never empty and never a path.
 */
export function fileNamePart(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug === '' ? fallback : slug;
}

/** The calendar day of `moment` in the Netherlands as YYYY-MM-DD, for file names. */
export const fileNameDate = (moment: Date): string => isoDay(moment);
