import { describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../domain/api';
import type { ContactImport } from '../../domain/contract';
import type { DownloadedFile } from '../../domain/shared';
import { recordingGateway } from '../../testing/recordingGateway';
import { DEFAULT_CONTACT_LIST } from './contactListState';
import type { ContactsGateway } from './contactsPorts';
import { importRun } from './contactsScreen.fixtures';
import { createContactsUseCases, IMPORT_POLL_MS } from './contactsUseCases';

const run = (processed: number, state: ContactImport['state'] = 'running'): ContactImport =>
  importRun({ processed, created: processed, state });

const fakeGateway = (answers: Partial<ContactsGateway>) => recordingGateway<ContactsGateway>(answers);

const noFiles = { saveFile: () => {}, saveText: () => {}, saveBytes: () => {} };

describe('createContactsUseCases', () => {
  it("should ask for the address's page and send a segment's filter under a trimmed name", async () => {
    const { gateway, calls } = fakeGateway({});
    const contacts = createContactsUseCases({ gateway, files: noFiles, wait: async () => {} });
    await contacts.list({ ...DEFAULT_CONTACT_LIST, q: 'jan', page: 2 }, 25);
    await contacts.saveSegment('  Klanten Zuid ', { tags: ['klant'] });
    expect(calls).toEqual([
      ['list', { q: 'jan', sort: 'name', order: 'asc', page: 2, page_size: 25 }],
      ['createSegment', { name: 'Klanten Zuid', filter: { tags: ['klant'] } }],
    ]);
  });

  it("should give a refused contact's field errors by field, and a taken segment name as the message", async () => {
    const { gateway } = fakeGateway({
      update: async () =>
        apiFailure(400, 'Vul een geldig e-mailadres in.', { email: 'Vul een geldig e-mailadres in.' }),
      createSegment: async () => apiFailure(409, 'Er is al een segment met de naam ‘Klanten’.'),
    });
    const contacts = createContactsUseCases({ gateway, files: noFiles, wait: async () => {} });
    expect(await contacts.saveContact(3, { name: 'Jan', email: 'jan@' })).toEqual({
      ok: false,
      message: 'Vul een geldig e-mailadres in.',
      fields: { email: 'Vul een geldig e-mailadres in.' },
      status: 400,
    });
    expect(await contacts.saveSegment('Klanten', {})).toMatchObject({
      ok: false,
      message: 'Er is al een segment met de naam ‘Klanten’.',
      status: 409,
    });
  });

  it('should download the export of the segment and hand it to the browser', async () => {
    const file: DownloadedFile = {
      filename: 'contacten-klanten-2026-11-26.csv',
      content: { size: 3, type: '' },
    };
    const { gateway, calls } = fakeGateway({ exportContacts: async () => apiOk(file) });
    const saved: DownloadedFile[] = [];
    const contacts = createContactsUseCases({
      gateway,
      files: { ...noFiles, saveFile: (f) => saved.push(f) },
      wait: async () => {},
    });
    expect(await contacts.exportContacts({ ...DEFAULT_CONTACT_LIST, segment: 4 })).toEqual(
      apiOk('contacten-klanten-2026-11-26.csv'),
    );
    expect(calls).toEqual([['exportContacts', { segment_id: 4, sort: 'name', order: 'asc' }]]);
    expect(saved).toEqual([file]);
  });

  it('should send the dry run without a mapping (or with one, for the repeated addresses) and the import with the choices', async () => {
    const { gateway, calls } = fakeGateway({});
    const contacts = createContactsUseCases({ gateway, files: noFiles, wait: async () => {} });
    const content = { size: 10, type: 'text/csv' };
    await contacts.previewImport({ name: 'a.csv', content });
    await contacts.previewImport({ name: 'a.csv', content }, { fields: { email: 'Mail2' } });
    await contacts.startImport({ name: 'a.csv', content }, { fields: { email: 'Mail' } }, 'skip', 'last');
    const dryRun = {
      file: content,
      fileName: 'a.csv',
      onDuplicate: 'update',
      fileDuplicates: null,
      dryRun: true,
    };
    expect(calls).toEqual([
      ['previewImport', { ...dryRun, mapping: null }],
      ['previewImport', { ...dryRun, mapping: { fields: { email: 'Mail2' } } }],
      [
        'startImport',
        {
          file: content,
          fileName: 'a.csv',
          mapping: { fields: { email: 'Mail' } },
          onDuplicate: 'skip',
          fileDuplicates: 'last',
          dryRun: false,
        },
      ],
    ]);
  });

  it('should poll a running import every 500 ms, telling each state, until it is done', async () => {
    const answers = [run(80), run(160), run(200, 'done')];
    const { gateway, calls } = fakeGateway({
      importStatus: async () => apiOk(answers.shift() as ContactImport),
    });
    const waits: number[] = [];
    const contacts = createContactsUseCases({
      gateway,
      files: noFiles,
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    const seen: number[] = [];
    const last = await contacts.followImport(run(0), (state) => seen.push(state.processed));
    expect(last).toEqual(apiOk(run(200, 'done')));
    expect(seen).toEqual([80, 160, 200]);
    expect(waits).toEqual([IMPORT_POLL_MS, IMPORT_POLL_MS, IMPORT_POLL_MS]);
    expect(calls).toEqual([
      ['importStatus', 7],
      ['importStatus', 7],
      ['importStatus', 7],
    ]);
  });

  it('should stop polling when the screen has gone, and answer a failed poll', async () => {
    const { gateway, calls } = fakeGateway({ importStatus: async () => apiFailure(0, 'Geen verbinding.') });
    let gone = false;
    const contacts = createContactsUseCases({
      gateway,
      files: noFiles,
      wait: async () => {
        gone = true;
      },
    });
    expect(
      await contacts.followImport(
        run(0),
        () => {},
        () => gone,
      ),
    ).toEqual(apiOk(run(0)));
    expect(calls).toEqual([]);
    const failing = createContactsUseCases({ gateway, files: noFiles, wait: async () => {} });
    expect(await failing.followImport(run(0), () => {})).toEqual(apiFailure(0, 'Geen verbinding.'));
  });
});
