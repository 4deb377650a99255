import { beforeEach, describe, expect, it } from 'vitest';
import { apiOk } from '../../../domain/api';
import type { Survey } from '../../../domain/contract';
import { sourceTexts, toXliff } from '../../../domain/surveys/translations';
import {
  editor,
  gateway,
  loaded,
  resetEditorFakes,
  SURVEY,
  settle,
  state,
  timer,
} from './SurveyEditor.fixtures';
import { AUTOSAVE_DELAY_MS, openingList } from './surveyEditorState';
import { problemLanguage, translationRows } from './surveyEditorTranslations';
import type { TextFile } from './surveyTranslationCommands';

beforeEach(() => {
  resetEditorFakes();
});

const lastBody = () => gateway.saves.at(-1)?.body;
const english = () => state().translations.languages.find((language) => language.language === 'en');
const file = (text: string, name = 'vertaling.xlf'): TextFile => ({
  name,
  size: text.length,
  text: async () => text,
});

/** Every text of the survey in 'English': its Dutch text with 'EN ' before it. */
function translateAll(language = 'en'): void {
  for (const source of state().translations.sources)
    editor.translations.setText(language, source.key, `EN ${source.text}`);
}

/** What a translator's tool sends back: every unit with a target, marked translated. */
const translatedFile = (xliff: string) =>
  xliff.replace(
    /<segment state="initial">\n(\s*)<source>([\s\S]*?)<\/source>\n/g,
    (_all, indent: string, source: string) =>
      `<segment state="translated">\n${indent}<source>${source}</source>\n${indent}<target>EN ${source}</target>\n`,
  );

describe('SurveyEditor translations', () => {
  it('should put an added language and its texts into the next autosave', async () => {
    await loaded();
    expect(state().draft?.languages).toEqual([]);
    expect(state().translations.available).toEqual(['en', 'de', 'fr', 'pl', 'tr', 'ar', 'uk']);

    expect(editor.translations.addLanguage('en')).toBe(true);
    expect(editor.translations.addLanguage('en')).toBe(false);
    expect(editor.translations.addLanguage('nl')).toBe(false);
    expect(english()?.summary).toBe('11 teksten ontbreken');
    editor.translations.setText('en', 'title', 'Employee satisfaction');
    await timer.advance(AUTOSAVE_DELAY_MS);

    expect(gateway.saves).toHaveLength(1);
    expect(lastBody()?.languages).toEqual(['en']);
    expect(lastBody()?.translations?.en?.texts).toEqual({ title: 'Employee satisfaction' });
    expect(Object.keys(lastBody()?.translations?.en?.source_fingerprints ?? {})).toEqual(['title']);
    expect(state().translations.available).not.toContain('en');
  });

  it('should call a language complete once every text is translated, and blank texts missing', async () => {
    await loaded();
    editor.translations.addLanguage('en');
    translateAll();
    expect(english()).toMatchObject({ summary: 'Volledig vertaald', stale: null });
    expect(english()?.message).toBe('Engels: alle teksten zijn vertaald.');

    editor.translations.setText('en', 'thank_you_text', '');
    expect(english()?.summary).toBe('1 tekst ontbreekt');
    expect(english()?.message).toBe('Engels: 1 tekst ontbreekt, o.a. De bedanktekst.');
    const rows = translationRows(state().translations, state().draft ?? {}, 'en');
    expect(rows.find((row) => row.source.key === 'thank_you_text')).toMatchObject({
      text: '',
      missing: true,
    });
  });

  it('should make a language incomplete at once when a question is added, and stale when a Dutch text changes', async () => {
    await loaded();
    editor.translations.addLanguage('en');
    translateAll();
    expect(english()?.status.complete).toBe(true);

    const id = editor.addQuestion('open_short');
    editor.updateQuestion(id, (question) => ({ ...question, title: 'Nog iets?' }));
    expect(english()?.summary).toBe('1 tekst ontbreekt');
    expect(english()?.status.missing).toEqual([`questions.${id}.title`]);

    editor.edit({ title: 'Tevredenheid 2027' });
    expect(english()?.status.stale).toEqual(['title']);
    expect(english()?.stale).toBe('1 tekst is in het Nederlands veranderd sinds de vertaling');
    // Typing the translation again makes it current; so does saying it still holds.
    editor.translations.setText('en', 'title', 'Satisfaction 2027');
    expect(english()?.status.stale).toEqual([]);
    editor.edit({ thank_you_text: 'Dank je wel!' });
    expect(english()?.status.stale).toEqual(['thank_you_text']);
    editor.translations.confirmText('en', 'thank_you_text');
    expect(english()?.stale).toBeNull();
    expect(state().draft?.translations?.en?.texts.thank_you_text).toBe('EN Bedankt!');
  });

  it('should keep the survey from opening while a language is incomplete, naming the language', async () => {
    await loaded();
    editor.translations.addLanguage('de');
    const opening = editor.changeStatus('open');
    await settle();
    await gateway.acceptLatest();
    const result = await opening;
    expect(result.ok).toBe(false);
    expect(gateway.calls.some((call) => call.startsWith('STATUS'))).toBe(false);
    const problem = openingList(state()).at(-1);
    expect(problem?.message).toMatch(/^Duits: 11 teksten ontbreken, o\.a\. De titel van de survey\.$/);
    expect(problem && problemLanguage(problem)).toBe('de');
  });

  it('should try an XLIFF file first and change nothing until it is applied', async () => {
    await loaded();
    editor.translations.addLanguage('en');
    const exported = editor.translations.exportXliff('en');
    if (exported === null) throw new Error('no file');

    const preview = await editor.translations.previewImport('en', file(translatedFile(exported.text)));
    expect(preview?.kind).toBe('report');
    expect(state().translationImport?.kind).toBe('report');
    expect(state().translationImport?.kind === 'report' && state().translationImport).toMatchObject({
      language: 'en',
      file_name: 'vertaling.xlf',
    });
    const pending = state().translationImport;
    expect(pending?.kind === 'report' ? pending.messages : []).toEqual([
      'Engels: 11 teksten nieuw of anders, 0 ongewijzigd.',
      'Dit is een proefimport: er is nog niets veranderd.',
    ]);
    expect(state().draft?.translations?.en).toEqual({ texts: {} });
    expect(english()?.status.complete).toBe(false);
    expect(editor.hasUnsavedChanges()).toBe(true); // the added language only

    expect(editor.translations.applyImport()).toEqual(['Engels: 11 teksten bijgewerkt, 0 ongewijzigd.']);
    expect(state().translationImport).toBeNull();
    expect(english()?.status.complete).toBe(true);
    expect(state().draft?.translations?.en?.texts.title).toBe('EN Medewerkerstevredenheid');
    await timer.advance(AUTOSAVE_DELAY_MS);
    expect(lastBody()?.translations?.en?.texts.title).toBe('EN Medewerkerstevredenheid');
  });

  it('should forget a tried file on Annuleren and report a file it cannot read', async () => {
    await loaded();
    editor.translations.addLanguage('en');
    const exported = editor.translations.exportXliff('en');
    await editor.translations.previewImport('en', file(translatedFile(exported?.text ?? '')));
    editor.translations.cancelImport();
    expect(state().translationImport).toBeNull();
    expect(editor.translations.applyImport()).toBeNull();
    expect(state().draft?.translations?.en).toEqual({ texts: {} });

    await editor.translations.previewImport('en', file('<html></html>', 'brief.xlf'));
    expect(state().translationImport).toEqual({
      kind: 'failed',
      language: 'en',
      file_name: 'brief.xlf',
      message: 'Het bestand is geen XLIFF 2.0-bestand. Exporteer het uit je vertaalprogramma als XLIFF 2.0.',
    });
    // A file too large is refused before it is read.
    const huge: TextFile = {
      name: 'groot.xlf',
      size: 25_000_000,
      text: async () => {
        throw new Error('should not be read');
      },
    };
    const refused = await editor.translations.previewImport('en', huge);
    expect(refused?.kind === 'failed' && refused.message).toMatch(/^Het bestand is te groot/);
    // A German file for the English translation says so.
    await editor.translations.previewImport('en', file(toXliff(sourceTexts(SURVEY), 'de', undefined)));
    const failed = state().translationImport;
    expect(failed?.kind === 'failed' && failed.message).toBe(
      "Het bestand is een vertaling naar 'de', niet naar het Engels (en).",
    );
  });

  it('should export a file named after the survey that imports back unchanged', async () => {
    await loaded();
    editor.translations.addLanguage('en');
    translateAll();
    const exported = editor.translations.exportXliff('en');
    expect(exported?.filename).toBe('survey-medewerkerstevredenheid-en.xlf');
    expect(exported?.mime_type).toBe('application/xliff+xml');
    const before = state().draft?.translations;

    await editor.translations.previewImport('en', file(exported?.text ?? ''));
    const pending = state().translationImport;
    expect(pending?.kind === 'report' && pending.report).toMatchObject({ updated: [], missing: [] });
    expect(pending?.kind === 'report' ? pending.report.unchanged : []).toHaveLength(11);
    editor.translations.applyImport();
    expect(state().draft?.translations).toEqual(before);
    expect(editor.translations.exportXliff('fr')).toBeNull();
  });

  it('should remove a language with its texts, and load the languages a survey has', async () => {
    const stored: Survey = {
      ...SURVEY,
      languages: ['ar', 'en'],
      translations: { ar: { texts: { title: 'استبيان' } }, en: { texts: {} } },
    };
    gateway.getAnswers = [apiOk(stored)];
    await loaded();
    expect(state().translations.languages.map((language) => [language.language, language.dir])).toEqual([
      ['ar', 'rtl'],
      ['en', 'ltr'],
    ]);
    editor.translations.removeLanguage('ar');
    await timer.advance(AUTOSAVE_DELAY_MS);
    expect(lastBody()?.languages).toEqual(['en']);
    expect(lastBody()?.translations).toEqual({ en: { texts: {} } });
  });
});
