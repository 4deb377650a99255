import type { ExportFormat } from '../../contract';
import { isoDay } from '../../format';

/** The formats of a survey's responses export (R-RES-2): CSV on every plan, XLSX with the plan feature. */
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

/** The refusal of any other format, by the server and the command-line client alike. */
export const EXPORT_FORMAT_MESSAGE = 'Kies als formaat csv of xlsx.';

export const isExportFormat = (text: string | undefined): text is ExportFormat =>
  EXPORT_FORMATS.includes(text as ExportFormat);

/**
 * `survey-12-antwoorden-2026-11-21.csv` (the day in Europe/Amsterdam): the name the server gives the
 * export and the name every client saves it under when it chooses none itself.
 */
export const responsesExportFileName = (surveyId: number, format: ExportFormat, now: Date): string =>
  `survey-${surveyId}-antwoorden-${isoDay(now)}.${format}`;
