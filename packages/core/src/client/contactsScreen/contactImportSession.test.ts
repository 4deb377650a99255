import { describe, expect, it } from 'vitest';
import type { ContactImportPreview } from '../../domain/contract';
import {
  CONTACT_IMPORT_MESSAGES,
  CONTACT_IMPORT_START,
  type ContactImportSession,
  contactImportProgress,
  contactImportReport,
  contactImportStep,
  duplicateLinesText,
  duplicatesIntro,
  duplicatesKey,
  duplicatesToFind,
  isContactImportBusy,
  mappedSample,
  withMappedField,
} from './contactImportSession';
import { importRun } from './contactsScreen.fixtures';

const file = { name: 'contacten.csv', content: { size: 1200, type: 'text/csv' } };

const PREVIEW: ContactImportPreview = {
  file_name: 'contacten.csv',
  encoding: 'windows-1252',
  delimiter: ';',
  headers: ['Naam', 'E-mail', 'Bedrijf', 'Woonplaats'],
  mapping: { fields: { name: 'Naam', email: 'E-mail', company: 'Bedrijf' } },
  sample: [
    ['José Müller', 'jose@example.nl', 'Café Zuid', 'Tilburg'],
    ['Anna de Vries', 'anna@example.nl', '', 'Breda'],
  ],
  rows: 200,
  duplicates: { addresses: 0, rows: 0, items: [] },
};

const REPEATED: ContactImportPreview = {
  ...PREVIEW,
  duplicates: {
    addresses: 2,
    rows: 3,
    items: [
      { email: 'jan@example.nl', count: 3, lines: [4, 17, 230] },
      { email: 'anna@example.nl', count: 2, lines: [3, 9] },
    ],
  },
};

const run = importRun;

const steps = (...events: Parameters<typeof contactImportStep>[1][]): ContactImportSession =>
  events.reduce(contactImportStep, CONTACT_IMPORT_START);

describe('contactImportStep', () => {
  it('should go from a chosen file through the preview and mapping to a running import and its report', () => {
    const reading = steps({ type: 'file', file });
    expect(reading).toEqual({ step: 'reading', file });
    expect(isContactImportBusy(reading)).toBe(true);
    const mapping = contactImportStep(reading, { type: 'previewed', preview: PREVIEW });
    expect(mapping).toMatchObject({
      step: 'mapping',
      onDuplicate: 'update',
      mapping: { delimiter: ';', fields: { email: 'E-mail' } },
    });
    const chosen = [
      { type: 'mapping', mapping: withMappedField(PREVIEW.mapping, 'city', 'Woonplaats') },
      { type: 'duplicates', policy: 'skip' },
      { type: 'start' },
    ] as const;
    const starting = chosen.reduce(contactImportStep, mapping);
    expect(starting).toMatchObject({
      step: 'starting',
      onDuplicate: 'skip',
      mapping: { fields: { city: 'Woonplaats' } },
    });
    const running = contactImportStep(starting, { type: 'progress', run: run({ processed: 50 }) });
    expect(running).toMatchObject({ step: 'running', run: { processed: 50 } });
    const done = contactImportStep(running, {
      type: 'progress',
      run: run({ state: 'done', processed: 200 }),
    });
    expect(done).toMatchObject({ step: 'done', run: { state: 'done' } });
    expect(isContactImportBusy(done)).toBe(false);
    expect(contactImportStep(done, { type: 'reset' })).toEqual(CONTACT_IMPORT_START);
  });

  it('should not start a file with repeated addresses until the person chooses which row counts', () => {
    const mapping = steps({ type: 'file', file }, { type: 'previewed', preview: REPEATED });
    expect(mapping).toMatchObject({ duplicates: REPEATED.duplicates, fileDuplicates: null });
    expect(duplicatesToFind(mapping)).toBeNull();
    const refused = contactImportStep(mapping, { type: 'start' });
    expect(refused).toMatchObject({ step: 'mapping', error: CONTACT_IMPORT_MESSAGES.chooseRow });
    const chosen = contactImportStep(refused, { type: 'fileDuplicates', choice: 'last' });
    expect(chosen).toMatchObject({ fileDuplicates: 'last', error: null });
    expect(contactImportStep(chosen, { type: 'start' })).toMatchObject({
      step: 'starting',
      fileDuplicates: 'last',
    });
    // Without repeated addresses there is nothing to choose.
    const plain = steps({ type: 'file', file }, { type: 'previewed', preview: PREVIEW }, { type: 'start' });
    expect(plain).toMatchObject({ step: 'starting', fileDuplicates: null });
  });

  it('should look for repeated addresses again when another e-mail column is chosen, keeping only the answer for it', () => {
    const mapping = steps({ type: 'file', file }, { type: 'previewed', preview: PREVIEW });
    const other = withMappedField(PREVIEW.mapping, 'email', 'Bedrijf');
    const changed = contactImportStep(mapping, { type: 'mapping', mapping: other });
    const key = duplicatesToFind(changed);
    expect(key).toBe(duplicatesKey(other));
    expect(contactImportStep(changed, { type: 'start' })).toMatchObject({
      step: 'mapping',
      error: CONTACT_IMPORT_MESSAGES.checking,
    });
    // An answer for the column chosen before is dropped.
    expect(
      contactImportStep(changed, {
        type: 'duplicatesFound',
        for: duplicatesKey(PREVIEW.mapping),
        duplicates: REPEATED.duplicates,
      }),
    ).toBe(changed);
    const found = contactImportStep(changed, {
      type: 'duplicatesFound',
      for: key ?? '',
      duplicates: REPEATED.duplicates,
    });
    expect(duplicatesToFind(found)).toBeNull();
    expect(contactImportStep(found, { type: 'start' })).toMatchObject({
      error: CONTACT_IMPORT_MESSAGES.chooseRow,
    });
    // Another name column changes nothing about them.
    expect(
      duplicatesToFind(
        contactImportStep(found, { type: 'mapping', mapping: withMappedField(other, 'name', 'Woonplaats') }),
      ),
    ).toBeNull();
    // A failed look-up says why and lets the server decide at the start.
    const failed = contactImportStep(changed, {
      type: 'duplicatesFound',
      for: key ?? '',
      duplicates: null,
      failed: 'Kolom bestaat niet.',
    });
    expect(failed).toMatchObject({ error: 'Kolom bestaat niet.' });
    expect(contactImportStep(failed, { type: 'start' })).toMatchObject({ step: 'starting' });
  });

  it('should refuse an empty or too large file before anything is sent', () => {
    expect(steps({ type: 'file', file: { ...file, content: { size: 0, type: '' } } })).toEqual({
      step: 'choose',
      error: CONTACT_IMPORT_MESSAGES.emptyFile,
    });
    expect(steps({ type: 'file', file: { ...file, content: { size: 21 * 1024 * 1024, type: '' } } })).toEqual(
      { step: 'choose', error: CONTACT_IMPORT_MESSAGES.tooLarge },
    );
  });

  it('should not start without the e-mail column, and say which column is missing', () => {
    const mapping = steps({ type: 'file', file }, { type: 'previewed', preview: PREVIEW });
    const noEmail = contactImportStep(mapping, {
      type: 'mapping',
      mapping: withMappedField(PREVIEW.mapping, 'email', ''),
    });
    expect(contactImportStep(noEmail, { type: 'start' })).toMatchObject({
      step: 'mapping',
      error: CONTACT_IMPORT_MESSAGES.emailMissing,
    });
    const noName = contactImportStep(mapping, {
      type: 'mapping',
      mapping: withMappedField(PREVIEW.mapping, 'name', ''),
    });
    expect(contactImportStep(noName, { type: 'start' })).toMatchObject({
      error: CONTACT_IMPORT_MESSAGES.nameMissing,
    });
  });

  it("should return to the step before with the server's reason when a call fails", () => {
    const reading = steps({ type: 'file', file });
    expect(contactImportStep(reading, { type: 'failed', message: 'Geen CSV.' })).toEqual({
      step: 'choose',
      error: 'Geen CSV.',
    });
    const starting = steps(
      { type: 'file', file },
      { type: 'previewed', preview: PREVIEW },
      { type: 'start' },
    );
    expect(contactImportStep(starting, { type: 'failed', message: 'Te veel.' })).toMatchObject({
      step: 'mapping',
      error: 'Te veel.',
    });
  });

  it('should ignore events that do not fit the step (a second file while one is read)', () => {
    const reading = steps({ type: 'file', file });
    expect(contactImportStep(reading, { type: 'file', file: { ...file, name: 'b.csv' } })).toBe(reading);
    expect(contactImportStep(CONTACT_IMPORT_START, { type: 'start' })).toBe(CONTACT_IMPORT_START);
    expect(contactImportStep(CONTACT_IMPORT_START, { type: 'progress', run: run() })).toBe(
      CONTACT_IMPORT_START,
    );
  });
});

describe('contactImportProgress and contactImportReport', () => {
  it('should tell the progress in rows and the report in Dutch sentences', () => {
    expect(contactImportProgress(run({ processed: 1200, rows: 2000 }))).toEqual({
      value: 1200,
      max: 2000,
      text: '1.200 van 2.000 rijen verwerkt',
    });
    const report = contactImportReport(
      run({
        state: 'done',
        created: 197,
        updated: 1,
        skipped: 0,
        refused: 2,
        refusals: [{ line: 5, reason: 'Het e-mailadres is niet geldig.' }],
      }),
    );
    expect(report.headline).toBe('De import van contacten.csv is klaar.');
    expect(report.lines).toEqual([
      '197 contacten toegevoegd.',
      '1 contact bijgewerkt.',
      '0 rijen overgeslagen (het e-mailadres was al een contact).',
      '2 rijen geweigerd.',
      'Hieronder staan de eerste 1 geweigerde rijen.',
    ]);
    expect(
      contactImportReport(run({ state: 'done', duplicates: 3, file_duplicates: 'last' })).lines,
    ).toContain(
      '3 rijen overgeslagen: het e-mailadres stond ook op een andere regel van het bestand (de laatste regel telde).',
    );
    expect(contactImportReport(run({ state: 'failed', error: 'Bestand onleesbaar.' })).lines).toContain(
      'Bestand onleesbaar.',
    );
  });
});

describe('duplicateLinesText and duplicatesIntro', () => {
  it('should name each repeated address with its lines, and say how many rows are skipped', () => {
    expect(duplicateLinesText({ email: 'jan@example.nl', count: 3, lines: [4, 17, 230] })).toBe(
      'jan@example.nl staat op regel 4, 17 en 230',
    );
    expect(duplicateLinesText({ email: 'a@x.nl', count: 2, lines: [2, 1204] })).toBe(
      'a@x.nl staat op regel 2 en 1.204',
    );
    expect(duplicateLinesText({ email: 'b@x.nl', count: 25, lines: [2, 3, 4] })).toBe(
      'b@x.nl staat op 25 regels, de eerste zijn 2, 3 en 4',
    );
    expect(duplicatesIntro(REPEATED.duplicates)).toBe(
      '2 e-mailadressen staan op meer dan één regel van het bestand. Per adres telt één regel; de andere 3 regels worden overgeslagen.',
    );
    const one = { email: 'a@x.nl', count: 2, lines: [2, 5] };
    expect(duplicatesIntro({ addresses: 1, rows: 1, items: [one] })).toBe(
      'Eén e-mailadres staat op meer dan één regel van het bestand. Per adres telt één regel; de andere regel wordt overgeslagen.',
    );
    expect(duplicatesIntro({ addresses: 51, rows: 60, items: Array.from({ length: 50 }, () => one) })).toBe(
      '51 e-mailadressen staan op meer dan één regel van het bestand. Per adres telt één regel; de andere 60 regels worden overgeslagen. Hieronder de eerste 50.',
    );
    expect(duplicatesIntro(PREVIEW.duplicates)).toBeNull();
    expect(duplicatesIntro(null)).toBeNull();
  });
});

describe('mappedSample', () => {
  it('should read the first rows through the mapping by header, ignoring case and spaces', () => {
    const mapping = withMappedField(PREVIEW.mapping, 'city', ' woonplaats ');
    expect(mappedSample(PREVIEW, mapping)[0]).toEqual({
      name: 'José Müller',
      email: 'jose@example.nl',
      company: 'Café Zuid',
      city: 'Tilburg',
    });
  });

  it('should join first and last name, and read columns by number without a header row', () => {
    const preview = { ...PREVIEW, headers: ['Jan', 'Jansen', 'jan@example.nl'], sample: [] };
    expect(
      mappedSample(preview, { has_header: false, fields: { first_name: '1', last_name: '2', email: '3' } }),
    ).toEqual([{ name: 'Jan Jansen', email: 'jan@example.nl', company: '', city: '' }]);
  });
});
