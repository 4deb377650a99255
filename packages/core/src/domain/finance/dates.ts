import type { CsvDateFormat } from '../contract';
import { calendarDay } from '../periods';
import { err, ok, type Result } from '../shared';

/**
 * Dates as banks and people write them, to calendar days ('YYYY-MM-DD'): '31-12-2026' (also with
 * '/' or '.' and without leading zeros), '2026-12-31' (a time after it is ignored) and '20261231'
 * (ING and ABN AMRO exports). A day that does not exist is refused, never moved.
 */

export const DATE_MESSAGES = {
  empty: 'Vul een datum in.',
  notADate: (text: string) => `Dit is geen datum: '${text}'. Schrijf hem als dd-mm-jjjj of jjjj-mm-dd.`,
  doesNotExist: (text: string) => `Deze datum bestaat niet: '${text}'.`,
} as const;

const SHAPES = {
  'dd-mm-jjjj': /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/,
  'jjjj-mm-dd': /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][0-9:.+\-Z]*)?$/,
  jjjjmmdd: /^(\d{4})(\d{2})(\d{2})$/,
} as const;

type Shape = keyof typeof SHAPES;

function readShape(shape: Shape, text: string): { year: string; month: string; day: string } | null {
  const match = SHAPES[shape].exec(text);
  if (match === null) return null;
  const [, a = '', b = '', c = ''] = match;
  return shape === 'dd-mm-jjjj' ? { year: c, month: b, day: a } : { year: a, month: b, day: c };
}

/** A written date to 'YYYY-MM-DD' in the given format ('auto': whichever shape the text has). */
export function parseDate(raw: string, format: CsvDateFormat = 'auto'): Result<string, string> {
  const text = raw.trim();
  if (text === '') return err('empty', DATE_MESSAGES.empty);
  const shapes: readonly Shape[] = format === 'auto' ? ['dd-mm-jjjj', 'jjjj-mm-dd', 'jjjjmmdd'] : [format];
  for (const shape of shapes) {
    const parts = readShape(shape, text);
    if (parts === null) continue;
    const day = `${parts.year}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`;
    return calendarDay(day) === null ? err('doesNotExist', DATE_MESSAGES.doesNotExist(text)) : ok(day);
  }
  return err('notADate', DATE_MESSAGES.notADate(text));
}
