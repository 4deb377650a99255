import { type FormResult, formFromApi, formOk } from '../api';
import type { KpiImportReport } from '../contract';
import type { FileSaver } from '../shared';
import { decodeCsvBytes } from './kpiCsv';
import type { KpiGateway, KpiRangeQuery } from './kpiPorts';

/**
 * The CSV import of a KPI's values as a state machine: choose a file (its bytes decoded as Excel
 * saves them: UTF-8, else Windows-1252), check it with a dry run that lists what would be created
 * and updated and every refused line with its number and reason, then import, optionally leaving
 * the refused lines out. The screen keeps this state (`useReducer`) and calls the gateway on the
 * steps 'checking' and 'importing'; what it may offer follows from the state alone.
 */

/** Bytes of one file at most: 10,000 lines of a few dozen characters fit well within. */
export const KPI_IMPORT_BYTES_MAX = 2 * 1024 * 1024;

export const KPI_IMPORT_MESSAGES = {
  noFile: 'Kies een CSV-bestand.',
  emptyFile: 'Het bestand is leeg.',
  tooLarge: 'Het bestand is groter dan 2 MB. Splits het in kleinere bestanden.',
  notText: "Dit is geen CSV-bestand. Sla het in Excel op als 'CSV (gescheiden door lijstscheidingsteken)'.",
} as const;

export type KpiImportState =
  | { readonly step: 'choose'; readonly error: string | null; readonly skipInvalid: boolean }
  | {
      readonly step: 'checking' | 'checked' | 'importing';
      readonly fileName: string;
      readonly csv: string;
      readonly skipInvalid: boolean;
      /** The dry run's report once it arrived. */
      readonly check: KpiImportReport | null;
      readonly error: string | null;
    }
  | { readonly step: 'done'; readonly report: KpiImportReport; readonly skipInvalid: boolean };

export type KpiImportEvent =
  | { readonly type: 'file'; readonly name: string; readonly bytes: Uint8Array }
  | { readonly type: 'noFile' }
  | { readonly type: 'skipInvalid'; readonly value: boolean }
  | { readonly type: 'checked'; readonly report: KpiImportReport }
  | { readonly type: 'import' }
  | { readonly type: 'imported'; readonly report: KpiImportReport }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'reset' };

export const KPI_IMPORT_START: KpiImportState = { step: 'choose', error: null, skipInvalid: false };

/** Whether decoded text looks like a binary file (a spreadsheet, a PDF): NUL characters. */
const looksBinary = (text: string): boolean => text.includes('\u0000');

/** The next state; an event that does not fit the current step leaves it as it is. */
export function kpiImportStep(state: KpiImportState, event: KpiImportEvent): KpiImportState {
  const M = KPI_IMPORT_MESSAGES;
  switch (event.type) {
    case 'reset':
      return { ...KPI_IMPORT_START, skipInvalid: state.skipInvalid };
    case 'noFile':
      return { step: 'choose', error: M.noFile, skipInvalid: state.skipInvalid };
    case 'file': {
      if (state.step === 'checking' || state.step === 'importing') return state;
      const refuse = (error: string): KpiImportState => ({
        step: 'choose',
        error,
        skipInvalid: state.skipInvalid,
      });
      if (event.bytes.length === 0) return refuse(M.emptyFile);
      if (event.bytes.length > KPI_IMPORT_BYTES_MAX) return refuse(M.tooLarge);
      const csv = decodeCsvBytes(event.bytes);
      if (looksBinary(csv)) return refuse(M.notText);
      if (csv.replace(/^\uFEFF/, '').trim() === '') return refuse(M.emptyFile);
      return {
        step: 'checking',
        fileName: event.name,
        csv,
        skipInvalid: state.skipInvalid,
        check: null,
        error: null,
      };
    }
    case 'skipInvalid':
      return state.step === 'checking' || state.step === 'importing'
        ? state
        : { ...state, skipInvalid: event.value };
    case 'checked':
      return state.step === 'checking' ? { ...state, step: 'checked', check: event.report } : state;
    case 'import':
      return canImport(state) && state.step === 'checked'
        ? { ...state, step: 'importing', error: null }
        : state;
    case 'imported':
      if (state.step !== 'importing') return state;
      // Lines refused meanwhile (a period taken since the check) without skipping: nothing stored.
      return event.report.stored
        ? { step: 'done', report: event.report, skipInvalid: state.skipInvalid }
        : { ...state, step: 'checked', check: event.report, error: event.report.summary };
    case 'failed':
      if (state.step === 'checking')
        return { step: 'choose', error: event.message, skipInvalid: state.skipInvalid };
      return state.step === 'importing' ? { ...state, step: 'checked', error: event.message } : state;
  }
}

/** Whether 'Importeren' may be pressed: a check that found lines to store, and no refused line unless skipped. */
export function canImport(state: KpiImportState): boolean {
  if (state.step !== 'checked' || state.check === null) return false;
  const { check } = state;
  if (check.created + check.updated === 0) return false;
  return check.refused.length === 0 || state.skipInvalid;
}

/** What the dry run found, in sentences for the panel (the server's summary says it in one). */
export function importCheckTexts(report: KpiImportReport, skipInvalid: boolean): readonly string[] {
  const periods = (count: number) => (count === 1 ? '1 periode' : `${count} perioden`);
  const lines = (count: number) => (count === 1 ? '1 regel' : `${count} regels`);
  const texts = [
    `${lines(report.lines)} gelezen.`,
    `Nieuwe waarde voor ${periods(report.created)}, bijgewerkte waarde voor ${periods(report.updated)}.`,
  ];
  if (report.unchanged > 0) texts.push(`Al opgeslagen en ongewijzigd: ${periods(report.unchanged)}.`);
  if (report.refused.length === 0) texts.push('Alle regels zijn in orde.');
  else if (skipInvalid) texts.push(`${lines(report.refused.length)} geweigerd; die worden overgeslagen.`);
  else
    texts.push(
      `${lines(report.refused.length)} geweigerd. Verbeter het bestand, of kies 'Foute regels overslaan' om alleen de goede regels te importeren.`,
    );
  if (report.created + report.updated === 0) texts.push('Er is niets om te importeren.');
  return texts;
}

/**
 * Downloads a KPI's values over a range as the server writes them (CSV for a Dutch Excel) and
 * hands the file to the browser; a refusal comes back with the server's Dutch reason.
 */
export async function downloadKpiValues(
  deps: { readonly gateway: Pick<KpiGateway, 'exportValues'>; readonly files: FileSaver },
  id: number,
  range: KpiRangeQuery,
): Promise<FormResult<void>> {
  const file = await deps.gateway.exportValues(id, range);
  if (!file.ok) return formFromApi(file);
  deps.files.saveFile(file.value);
  return formOk(undefined);
}
