import { describe, expect, it } from 'vitest';
import { importReportMessages, importTranslation } from './importTranslation';
import { sourceFingerprint, sourceTexts } from './translationSources';
import { ENGLISH, SURVEY } from './translations.fixtures';
import type { XliffUnit } from './xliff';

const SOURCES = sourceTexts(SURVEY);
const unit = (
  id: string,
  target: string | null,
  source?: string,
  state: XliffUnit['state'] = 'translated',
): XliffUnit => ({
  id,
  source: source ?? SOURCES.find((s) => s.key === id)?.text ?? '',
  target,
  state,
});

const imported = (...args: Parameters<typeof importTranslation>) => {
  const result = importTranslation(...args);
  if (!result.ok) throw new Error(result.message);
  return result;
};

describe('importTranslation', () => {
  it('should store each target with the fingerprint of its Dutch text and report the rest', () => {
    const result = imported(
      SOURCES,
      [
        unit('title', 'Employees 2026'),
        unit('questions.q_dept.options.sales', 'Sales'),
        unit('questions.q_x.title', 'Gone'),
        unit('thank_you_text', '  '),
      ],
      'en',
      { dryRun: false },
    );
    expect(result.translation).toEqual({
      texts: { title: 'Employees 2026', 'questions.q_dept.options.sales': 'Sales' },
      source_fingerprints: {
        title: sourceFingerprint('Medewerkers 2026'),
        'questions.q_dept.options.sales': sourceFingerprint('Verkoop'),
      },
    });
    expect(result.report).toMatchObject({
      updated: ['title', 'questions.q_dept.options.sales'],
      unchanged: [],
      unknown: ['questions.q_x.title'],
      empty: ['thank_you_text'],
      stale: [],
      refused: [],
    });
    expect(result.report.missing).toHaveLength(SOURCES.length - 2);
    expect(result.report.missing[0]).toBe('description_html');
  });

  it('should change nothing in a dry run and report the same', () => {
    const units = [unit('title', 'Employees 2026'), unit('questions.q_x.title', 'Gone')];
    const current = { texts: { title: 'Staff' } };
    const dry = imported(SOURCES, units, 'en', { dryRun: true, current });
    const real = imported(SOURCES, units, 'en', { dryRun: false, current });
    expect(dry.translation).toBe(current);
    expect(dry.dry_run).toBe(true);
    expect(dry.report).toEqual(real.report);
    expect(real.translation.texts.title).toBe('Employees 2026');
  });

  it('should call the same text from the same Dutch text unchanged and keep what the file lacks', () => {
    const current = {
      texts: { title: 'Employees 2026', thank_you_text: 'Thanks!' },
      source_fingerprints: { title: sourceFingerprint('Medewerkers 2026') },
    };
    const result = imported(SOURCES, [unit('title', 'Employees 2026')], 'en', { dryRun: false, current });
    expect(result.report.unchanged).toEqual(['title']);
    expect(result.report.updated).toEqual([]);
    expect(result.translation.texts.thank_you_text).toBe('Thanks!');
  });

  it('should import a text translated from an older Dutch text as stale', () => {
    const result = imported(SOURCES, [unit('questions.q_dept.options.sales', 'Sales', 'Verkopen')], 'en', {
      dryRun: false,
    });
    expect(result.report.stale).toEqual(['questions.q_dept.options.sales']);
    expect(result.translation.source_fingerprints?.['questions.q_dept.options.sales']).toBe(
      sourceFingerprint('Verkopen'),
    );
  });

  it('should keep a stale translation stale when our own export comes back untouched', () => {
    const current = {
      texts: { title: 'Staff 2025' },
      source_fingerprints: { title: sourceFingerprint('Medewerkers 2025') },
    };
    const result = imported(SOURCES, [unit('title', 'Staff 2025', undefined, 'initial')], 'en', {
      dryRun: false,
      current,
    });
    expect(result.report.unchanged).toEqual(['title']);
    expect(result.translation.source_fingerprints?.title).toBe(sourceFingerprint('Medewerkers 2025'));
  });

  it('should import an initial target that differs (a file edited by hand)', () => {
    const result = imported(SOURCES, [unit('title', 'Staff', undefined, 'initial')], 'en', { dryRun: false });
    expect(result.report.updated).toEqual(['title']);
  });

  it('should refuse a target longer than its Dutch field allows and keep what was there', () => {
    const current = { texts: { 'questions.q_work.labels.1': 'Disagree' } };
    const result = imported(SOURCES, [unit('questions.q_work.labels.1', 'x'.repeat(61))], 'en', {
      dryRun: false,
      current,
    });
    expect(result.report.refused).toEqual([
      {
        key: 'questions.q_work.labels.1',
        message:
          "Vraag 1 ('Werkplek'): het label van punt 1: de vertaling mag hoogstens 60 tekens lang zijn.",
      },
    ]);
    expect(result.translation.texts['questions.q_work.labels.1']).toBe('Disagree');
  });

  it('should refuse Dutch and unknown languages', () => {
    expect(importTranslation(SOURCES, [], 'nl', { dryRun: true })).toEqual({
      ok: false,
      message: "'nl' is geen taal om naar te vertalen; kies uit en, de, fr, pl, tr, ar, uk.",
    });
    expect(importTranslation(SOURCES, [], '__proto__', { dryRun: true }).ok).toBe(false);
  });

  it('should never store a key that is no text of the survey, however it is named', () => {
    const result = imported(SOURCES, [unit('__proto__', 'x'), unit('constructor', 'y')], 'en', {
      dryRun: false,
    });
    expect(result.report.unknown).toEqual(['__proto__', 'constructor']);
    expect(Object.keys(result.translation.texts)).toEqual([]);
  });
});

describe('importReportMessages', () => {
  it('should say in Dutch what a dry run would do', () => {
    const units = [
      unit('title', 'Employees 2026'),
      unit('questions.q_x.title', 'Gone'),
      unit('questions.q_dept.title', ''),
      unit('questions.q_dept.options.sales', 'Sales', 'Verkopen'),
    ];
    const result = imported(SOURCES, units, 'en', { dryRun: true, current: { texts: ENGLISH } });
    expect(importReportMessages('en', SOURCES, result.report, true)).toEqual([
      'Engels: 2 teksten nieuw of anders, 0 ongewijzigd.',
      '1 onbekende tekst overgeslagen: questions.q_x.title.',
      "1 tekst heeft geen vertaling in het bestand, o.a. Vraag 2 ('Afdeling'): de vraagtekst.",
      "1 tekst is vertaald vanuit een oudere Nederlandse tekst, o.a. Vraag 2 ('Afdeling'): keuze 'Verkoop'.",
      'Dit is een proefimport: er is nog niets veranderd.',
    ]);
  });

  it('should name what still lacks a translation after a real import', () => {
    const result = imported(SOURCES, [unit('title', 'Employees 2026')], 'de', { dryRun: false });
    expect(importReportMessages('de', SOURCES, result.report, false)).toEqual([
      'Duits: 1 tekst bijgewerkt, 0 ongewijzigd.',
      `${SOURCES.length - 1} teksten ontbreken nog, o.a. De beschrijving van de survey.`,
    ]);
  });
});
