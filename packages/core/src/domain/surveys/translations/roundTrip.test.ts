import { describe, expect, it } from 'vitest';
import { importTranslation } from './importTranslation';
import { sourceTexts } from './translationSources';
import { translatedSurvey, translationStatus } from './translationStatus';
import { ENGLISH, FULL_ENGLISH, SURVEY } from './translations.fixtures';
import { readXliff, toXliff, type XliffUnit } from './xliff';

/** What a CAT tool does: fill in each target and mark it translated, keeping everything else. */
function translateFile(xliff: string, texts: Readonly<Record<string, string>>): string {
  const asXml = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
  return xliff.replace(
    /<unit id="([^"]+)">([\s\S]*?)<segment state="initial">\n(\s*)<source>([\s\S]*?)<\/source>\n/g,
    (_all, id: string, notes: string, indent: string, source: string) =>
      `<unit id="${id}">${notes}<segment state="translated">\n${indent}<source>${source}</source>\n${indent}<target>${asXml(texts[id] ?? '')}</target>\n`,
  );
}

function unitsOf(text: string): readonly XliffUnit[] {
  const read = readXliff(text, 'en');
  if (!read.ok) throw new Error(read.message);
  return read.units;
}

describe('a translation round trip', () => {
  it('should go from the survey to XLIFF and back into the same survey in English', () => {
    const sources = sourceTexts(SURVEY);
    const exported = toXliff(sources, 'en', undefined);
    expect(exported).not.toContain('<target>');
    const returned = translateFile(exported, ENGLISH);

    const read = readXliff(returned, 'en');
    if (!read.ok) throw new Error(read.message);
    const dry = importTranslation(sources, read.units, 'en', { dryRun: true });
    if (!dry.ok) throw new Error(dry.message);
    expect(dry.translation).toEqual({ texts: {} });
    expect(dry.report.updated).toHaveLength(sources.length);
    expect(dry.report.missing).toEqual([]);

    const result = importTranslation(sources, read.units, 'en', { dryRun: false });
    if (!result.ok) throw new Error(result.message);
    expect(result.translation.texts).toEqual(ENGLISH);
    expect(translationStatus(sources, result.translation)).toMatchObject({
      complete: true,
      stale: [],
      unknown: [],
    });
    expect(translatedSurvey(SURVEY, result.translation)).toEqual(translatedSurvey(SURVEY, FULL_ENGLISH));

    const again = readXliff(toXliff(sources, 'en', result.translation), 'en');
    if (!again.ok) throw new Error(again.message);
    const second = importTranslation(sources, again.units, 'en', {
      dryRun: false,
      current: result.translation,
    });
    expect(second.ok && second.report.unchanged).toHaveLength(sources.length);
  });

  it('should show a changed Dutch text as stale until the new file comes back', () => {
    const sources = sourceTexts(SURVEY);
    const first = importTranslation(
      sources,
      unitsOf(translateFile(toXliff(sources, 'en', undefined), ENGLISH)),
      'en',
      { dryRun: false },
    );
    if (!first.ok) throw new Error(first.message);
    const edited = sourceTexts({ ...SURVEY, title: 'Medewerkers 2027' });
    expect(translationStatus(edited, first.translation).stale).toEqual(['title']);

    const resent = toXliff(edited, 'en', first.translation);
    const untouched = readXliff(resent, 'en');
    if (!untouched.ok) throw new Error(untouched.message);
    const kept = importTranslation(edited, untouched.units, 'en', {
      dryRun: false,
      current: first.translation,
    });
    if (!kept.ok) throw new Error(kept.message);
    expect(translationStatus(edited, kept.translation).stale).toEqual(['title']);

    const fixed = readXliff(
      resent.replace('<target>Employees 2026</target>', '<target>Employees 2027</target>'),
      'en',
    );
    if (!fixed.ok) throw new Error(fixed.message);
    const done = importTranslation(edited, fixed.units, 'en', { dryRun: false, current: kept.translation });
    if (!done.ok) throw new Error(done.message);
    expect(done.report.updated).toEqual(['title']);
    expect(translationStatus(edited, done.translation).stale).toEqual([]);
  });
});
