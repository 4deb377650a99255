import type { FileSaver, SurveyTranslation } from '@loop/core';
import { sourceFingerprint, sourceTexts, toXliff } from '@loop/core/surveys/translations';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../testing/fakeApi';
import { button, chooseFile, click, unmountAll, waitFor } from '../../testing/render';
import {
  byLabel,
  focused,
  labelOf,
  openEditor,
  pressEnter,
  puts,
  stubRangeLayout,
  survey,
  tabTo,
} from './SurveyEditorScreen.fixtures';

afterEach(unmountAll);

stubRangeLayout();

const section = () => {
  const found = document.querySelector<HTMLElement>('[data-testid="survey-languages"]');
  if (!found) throw new Error('no Talen section');
  return found;
};
const block = (language: string) => {
  const found = section().querySelector<HTMLElement>(`[data-language="${language}"]`);
  if (!found) throw new Error(`no block for ${language}`);
  return found;
};
const statusOf = (language: string) =>
  block(language).querySelector('[data-testid="language-status"]')?.textContent?.trim();
const lastTranslations = (app: Parameters<typeof puts>[0]) =>
  (puts(app).at(-1)?.body as { languages?: string[]; translations?: Record<string, SurveyTranslation> }) ??
  {};

/** Types into the focused input or textarea as a person would (React hears the native setter). */
async function typeHere(value: string): Promise<void> {
  const element = focused();
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement))
    throw new Error('the focus is not on a text field');
  await act(async () => {
    const proto = element instanceof HTMLInputElement ? HTMLInputElement : HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(proto.prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const savingFiles = () => {
  const saved: Array<{ filename: string; text: string; type: string }> = [];
  const files: FileSaver = {
    saveFile: () => {},
    saveText: (filename, text, type) => saved.push({ filename, text, type }),
    saveBytes: () => {},
  };
  return { saved, files };
};

describe('SurveyEditorScreen languages', () => {
  it('should add English, fill its table with the keyboard alone, call it complete and save it', async () => {
    const { app, autosave } = await openEditor(survey());
    expect(section().querySelector('h2')?.textContent).toBe('Talen');
    expect(section().querySelector('[data-testid="main-language"]')?.textContent).toBe(
      'Nederlands (hoofdtaal)',
    );

    // From the last question's text: Tab to the select, which offers the languages by name.
    await act(async () => byLabel(document.body, 'Taal toevoegen').focus());
    const select = focused() as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Engels',
      'Duits',
      'Frans',
      'Pools',
      'Turks',
      'Arabisch',
      'Oekraïens',
    ]);
    await tabTo((element) => element.textContent === '+ Toevoegen');
    await pressEnter();

    expect(focused().textContent).toBe('Engels');
    expect(statusOf('en')).toBe('11 teksten ontbreken');
    expect(block('en').querySelector('[data-testid="language-message"]')?.textContent).toBe(
      'Engels: 11 teksten ontbreken, o.a. De titel van de survey.',
    );
    expect([...section().querySelectorAll('#language-add option')].map((o) => o.textContent)).not.toContain(
      'Engels',
    );

    // The table is open: Tab from text to text, each labelled with where it stands.
    const table = block('en').querySelector('[data-testid="translation-table"]');
    expect(table).not.toBeNull();
    const fields = [...(table?.querySelectorAll<HTMLElement>('input, textarea') ?? [])];
    expect(fields).toHaveLength(11);
    for (const [index, field] of fields.entries()) {
      await tabTo((element) => element === field);
      if (index === 0) expect(labelOf(focused())).toBe('De titel van de survey');
      expect(focused().getAttribute('lang')).toBe('en');
      await typeHere(`EN ${index + 1}`);
    }
    expect(statusOf('en')).toBe('Volledig vertaald');
    expect(block('en').querySelector('[data-testid="language-message"]')).toBeNull();

    await autosave.fire();
    const body = lastTranslations(app);
    expect(body.languages).toEqual(['en']);
    expect(body.translations?.en?.texts.title).toBe('EN 1');
    expect(Object.keys(body.translations?.en?.texts ?? {})).toHaveLength(11);
  });

  it('should download the XLIFF file, upload a translated one, show the dry run and apply it', async () => {
    const { saved, files } = savingFiles();
    const stored = survey({ languages: ['en'], translations: { en: { texts: {} } } });
    const { app, autosave } = await openEditor(stored, { files });
    expect(statusOf('en')).toBe('11 teksten ontbreken');

    await click(button(block('en'), 'Download XLIFF (Engels)'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      filename: 'survey-medewerkerstevredenheid-en.xlf',
      type: 'application/xliff+xml',
    });
    expect(saved[0]?.text).toContain('<unit id="title">');

    // The translator's file: every text translated.
    const sources = sourceTexts(stored);
    const texts = Object.fromEntries(sources.map((source) => [source.key, `EN ${source.key}`]));
    const translated = toXliff(sources, 'en', { texts });
    const upload = byLabel(block('en'), 'XLIFF uploaden (Engels)');
    await chooseFile(upload, new File([translated], 'engels.xlf', { type: 'application/xliff+xml' }));
    const report = await waitFor(() => {
      const found = block('en').querySelector('[data-testid="import-report"]');
      if (!found) throw new Error('no report yet');
      return found;
    });
    expect([...report.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Engels: 11 teksten nieuw of anders, 0 ongewijzigd.',
      'Dit is een proefimport: er is nog niets veranderd.',
    ]);
    expect(focused().textContent).toContain('engels.xlf');
    // Nothing changed yet.
    expect(statusOf('en')).toBe('11 teksten ontbreken');

    await click(button(report as HTMLElement, 'Toepassen'));
    expect(block('en').querySelector('[data-testid="import-report"]')).toBeNull();
    expect(statusOf('en')).toBe('Volledig vertaald');
    await autosave.fire();
    expect(lastTranslations(app).translations?.en?.texts).toEqual(texts);
  });

  it('should report a file it cannot read, and remove a language after confirming', async () => {
    const { app, autosave } = await openEditor(
      survey({ languages: ['ar'], translations: { ar: { texts: { title: 'استبيان' } } } }),
    );
    await click(button(block('ar'), 'Vertalen (Arabisch)'));
    const title = byLabel(block('ar'), 'De titel van de survey');
    expect(title.getAttribute('dir')).toBe('rtl');
    expect(title.value).toBe('استبيان');

    await chooseFile(
      byLabel(block('ar'), 'XLIFF uploaden (Arabisch)'),
      new File(['<html/>'], 'brief.xlf', { type: 'text/xml' }),
    );
    await waitFor(() =>
      expect(block('ar').querySelector('[data-testid="import-report"] [role="alert"]')?.textContent).toBe(
        'brief.xlf: Het bestand is geen XLIFF 2.0-bestand. Exporteer het uit je vertaalprogramma als XLIFF 2.0.',
      ),
    );

    await click(button(block('ar'), 'Taal verwijderen (Arabisch)'));
    const dialog = document.querySelector('[role="alertdialog"]');
    expect(dialog?.textContent).toContain('De vertaalde tekst in het Arabisch gaat verloren.');
    await click(button(dialog as HTMLElement, 'Taal verwijderen'));
    expect(section().querySelector('[data-language="ar"]')).toBeNull();
    expect(labelOf(focused())).toBe('Taal toevoegen');
    await autosave.fire();
    expect(lastTranslations(app)).toMatchObject({ languages: [], translations: {} });
  });

  it('should list an incomplete language on Publiceren and open its table at the first missing text', async () => {
    const { app } = await openEditor(
      survey({ languages: ['de'], translations: { de: { texts: { title: 'Zufriedenheit' } } } }),
    );
    await click(button(document.body, 'Publiceren'));
    const list = await waitFor(() => {
      const found = document.querySelector('[data-testid="opening-problems"]');
      if (!found) throw new Error('no list yet');
      return found;
    });
    const item = [...list.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Duits:'));
    expect(item?.textContent).toBe('Duits: 10 teksten ontbreken, o.a. De beschrijving van de survey.');
    expect(app.api.seen.some((request) => request.path === '/surveys/5/status')).toBe(false);
    await click(item ?? null);
    expect(labelOf(focused())).toBe('De beschrijving van de survey');
    expect(block('de').querySelector('[data-testid="translation-table"]')).not.toBeNull();
  });

  it('should mark a text changed in Dutch, keep it on Klopt nog, and show the server refusing a text', async () => {
    const stored = survey({ languages: ['en'] });
    const sources = sourceTexts(stored);
    const texts = Object.fromEntries(sources.map((source) => [source.key, `EN ${source.key}`]));
    const fingerprints = Object.fromEntries(
      sources.map((source) => [source.key, sourceFingerprint(source.text)]),
    );
    const { app, autosave } = await openEditor(
      {
        ...stored,
        translations: { en: { texts, source_fingerprints: { ...fingerprints, title: '00000000' } } },
      },
      {
        put: () =>
          json(400, {
            detail: 'Controleer de vertaling.',
            fields: { 'translations.en.thank_you_text': 'De bedanktekst: de vertaling is te lang.' },
          }),
      },
    );
    expect(statusOf('en')).toBe(
      'Volledig vertaald (1 tekst is in het Nederlands veranderd sinds de vertaling)',
    );
    await click(button(block('en'), 'Vertalen (Engels)'));
    const row = block('en').querySelector('tr[data-key="title"]');
    expect(row?.getAttribute('data-stale')).toBe('true');
    await click(button(row as HTMLElement, 'Klopt nog (De titel van de survey)'));
    expect(statusOf('en')).toBe('Volledig vertaald');

    await autosave.fire();
    expect(lastTranslations(app).translations?.en?.source_fingerprints?.title).toBe(fingerprints.title);
    const refused = byLabel(block('en'), 'De bedanktekst');
    expect(refused.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${refused.id}-error`)?.textContent).toBe(
      'De bedanktekst: de vertaling is te lang.',
    );
  });
});
