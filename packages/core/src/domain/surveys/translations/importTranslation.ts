import { type SurveyTranslation, TRANSLATION_LANGUAGES } from '../../contract';
import { type SourceText, sourceFingerprint } from './translationSources';
import { languageName, translatedText } from './translationStatus';
import type { XliffUnit } from './xliff';

/** What an import did, or in a dry run would do, key by key (R-SURV-17). */
export interface ImportReport {
  /** Texts whose translation is new or changed. */
  readonly updated: readonly string[];
  /** Texts the file translates as they already were. */
  readonly unchanged: readonly string[];
  /** Ids in the file the survey does not have (a deleted question, a made-up id): skipped. */
  readonly unknown: readonly string[];
  /** Texts that still have no translation afterwards, in survey order. */
  readonly missing: readonly string[];
  /** Units of the survey with no or a blank target: the translation keeps what it had. */
  readonly empty: readonly string[];
  /** Texts translated from another Dutch text than the survey's current one: imported, but stale. */
  readonly stale: readonly string[];
  /** Targets refused (too long), with the Dutch reason; the translation keeps what it had. */
  readonly refused: readonly { readonly key: string; readonly message: string }[];
}

export type ImportResult =
  | {
      readonly ok: true;
      /** The translation after the import; in a dry run the current one, unchanged. */
      readonly translation: SurveyTranslation;
      readonly dry_run: boolean;
      readonly report: ImportReport;
    }
  | { readonly ok: false; readonly message: string };

export const IMPORT_MESSAGES = {
  language: (language: string) =>
    `'${language}' is geen taal om naar te vertalen; kies uit ${TRANSLATION_LANGUAGES.join(', ')}.`,
  tooLong: (label: string, max: number) =>
    `${label}: de vertaling mag hoogstens ${max.toLocaleString('nl-NL')} tekens lang zijn.`,
  dryRun: 'Dit is een proefimport: er is nog niets veranderd.',
} as const;

export interface ImportOptions {
  /** Report what would change without changing anything. */
  readonly dryRun: boolean;
  /** The language's translation so far (none: a first import). */
  readonly current?: SurveyTranslation;
}

/**
 * A translation file's units applied to a language's translation (R-SURV-17). A unit whose target
 * is set replaces the translation of its key and records the fingerprint of the Dutch text in the
 * file, so a file made before the Dutch text changed imports as stale. A target left `initial` that
 * equals the current translation counts as unchanged and keeps its old fingerprint (our own export
 * of a stale text, sent back untouched, stays stale). Keys the survey lacks are reported, never
 * stored; keys the file lacks keep what they had. A dry run answers the same report and the current
 * translation, so the user sees what an import would do first. HTML targets are stored as the file
 * has them: the caller sanitises them (`sanitizeSurveyHtml`) before storing, as it does the Dutch HTML.
 */
export function importTranslation(
  sources: readonly SourceText[],
  units: readonly XliffUnit[],
  language: string,
  options: ImportOptions,
): ImportResult {
  if (!(TRANSLATION_LANGUAGES as readonly string[]).includes(language))
    return { ok: false, message: IMPORT_MESSAGES.language(language) };
  const current: SurveyTranslation = options.current ?? { texts: {} };
  const bySource = new Map(sources.map((source) => [source.key, source]));
  const texts = new Map(Object.entries(current.texts));
  const fingerprints = new Map(Object.entries(current.source_fingerprints ?? {}));
  const report = {
    updated: [] as string[],
    unchanged: [] as string[],
    unknown: [] as string[],
    empty: [] as string[],
    stale: [] as string[],
    refused: [] as { key: string; message: string }[],
  };
  for (const unit of units) {
    const source = bySource.get(unit.id);
    if (source === undefined) {
      report.unknown.push(unit.id);
      continue;
    }
    if (unit.target === null || unit.target.trim() === '') {
      report.empty.push(unit.id);
      continue;
    }
    if (unit.target.length > source.max_length) {
      report.refused.push({
        key: unit.id,
        message: IMPORT_MESSAGES.tooLong(source.label, source.max_length),
      });
      continue;
    }
    const was = translatedText(current, unit.id);
    if (unit.state === 'initial' && was === unit.target) {
      report.unchanged.push(unit.id);
      continue;
    }
    const fingerprint = sourceFingerprint(unit.source);
    if (unit.source !== source.text) report.stale.push(unit.id);
    if (was === unit.target && fingerprints.get(unit.id) === fingerprint) report.unchanged.push(unit.id);
    else report.updated.push(unit.id);
    texts.set(unit.id, unit.target);
    fingerprints.set(unit.id, fingerprint);
  }
  const next: SurveyTranslation = {
    texts: Object.fromEntries(texts),
    source_fingerprints: Object.fromEntries(fingerprints),
  };
  const result = options.dryRun ? current : next;
  const missing = sources
    .filter((source) => translatedText(next, source.key) === undefined)
    .map((s) => s.key);
  return { ok: true, translation: result, dry_run: options.dryRun, report: { ...report, missing } };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The report in Dutch, one sentence per kind that occurred: "Engels: 12 teksten bijgewerkt, 3
 * ongewijzigd.", "1 onbekende tekst overgeslagen (…).", … A dry run says it changed nothing yet.
 */
export function importReportMessages(
  language: string,
  sources: readonly SourceText[],
  report: ImportReport,
  dryRun: boolean,
): readonly string[] {
  const label = (key: string | undefined) => sources.find((source) => source.key === key)?.label ?? key ?? '';
  const out = [
    `${languageName(language)}: ${count(report.updated.length, 'tekst', 'teksten')} ${
      dryRun ? 'nieuw of anders' : 'bijgewerkt'
    }, ${report.unchanged.length} ongewijzigd.`,
  ];
  if (report.unknown.length > 0)
    out.push(
      `${count(report.unknown.length, 'onbekende tekst', 'onbekende teksten')} overgeslagen: ${report.unknown.slice(0, 3).join(', ')}${report.unknown.length > 3 ? ', …' : ''}.`,
    );
  if (report.empty.length > 0)
    out.push(
      `${count(report.empty.length, 'tekst heeft', 'teksten hebben')} geen vertaling in het bestand, o.a. ${label(report.empty[0])}.`,
    );
  for (const refused of report.refused.slice(0, 3)) out.push(refused.message);
  if (report.stale.length > 0)
    out.push(
      `${count(report.stale.length, 'tekst is', 'teksten zijn')} vertaald vanuit een oudere Nederlandse tekst, o.a. ${label(report.stale[0])}.`,
    );
  if (report.missing.length > 0)
    out.push(
      `${count(report.missing.length, 'tekst ontbreekt', 'teksten ontbreken')} nog, o.a. ${label(report.missing[0])}.`,
    );
  if (dryRun) out.push(IMPORT_MESSAGES.dryRun);
  return out;
}
