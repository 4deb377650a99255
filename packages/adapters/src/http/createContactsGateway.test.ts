import { describe, expect, it } from 'vitest';
import { recordingClient } from '../testing/recordingClient';
import { createContactsGateway } from './createContactsGateway';

describe('createContactsGateway', () => {
  it('should call the /contacts routes with the filter as repeated tag and attr parameters', async () => {
    const { client, sent } = recordingClient();
    const contacts = createContactsGateway(client);
    await contacts.list({
      q: ' jan ',
      tags: ['klant', 'vip'],
      attributes: { afdeling: 'Inkoop' },
      subscribed: false,
      sort: 'city',
      order: 'desc',
      page: 2,
      page_size: 50,
    });
    await contacts.list({ segment_id: 4, q: '  ', tags: [] });
    await contacts.create({ name: 'Jan', email: 'jan@example.nl' });
    await contacts.update(3, { tags: ['klant'] });
    await contacts.remove(3);
    await contacts.facets();
    await contacts.bulk({ action: 'delete', selection: { ids: [1, 2] } });
    await contacts.createSegment({ name: 'Klanten', filter: { tags: ['klant'] } });
    await contacts.updateSegment(5, { name: 'Klanten Zuid' });
    await contacts.removeSegment(5);
    await contacts.segments();
    await contacts.importStatus(9);
    expect(sent.map((s) => [s.method, s.path, s.options?.query ?? null, s.options?.body ?? null])).toEqual([
      [
        'GET',
        '/contacts',
        {
          q: 'jan',
          tag: ['klant', 'vip'],
          attr: ['afdeling:Inkoop'],
          subscribed: 'false',
          placed: undefined,
          segment_id: undefined,
          sort: 'city',
          order: 'desc',
          page: '2',
          page_size: '50',
        },
        null,
      ],
      [
        'GET',
        '/contacts',
        expect.objectContaining({ q: undefined, tag: undefined, attr: undefined, segment_id: '4' }),
        null,
      ],
      ['POST', '/contacts', null, { name: 'Jan', email: 'jan@example.nl' }],
      ['PATCH', '/contacts/3', null, { tags: ['klant'] }],
      ['DELETE', '/contacts/3', null, null],
      ['GET', '/contacts/facets', null, null],
      ['POST', '/contacts/bulk', null, { action: 'delete', selection: { ids: [1, 2] } }],
      ['POST', '/contacts/segments', null, { name: 'Klanten', filter: { tags: ['klant'] } }],
      ['PATCH', '/contacts/segments/5', null, { name: 'Klanten Zuid' }],
      ['DELETE', '/contacts/segments/5', null, null],
      ['GET', '/contacts/segments', null, null],
      ['GET', '/contacts/imports/9', null, null],
    ]);
  });

  it('should download the export with the filter or segment and the order', async () => {
    const { client, sent } = recordingClient();
    await createContactsGateway(client)
      .exportContacts({ segment_id: 4, sort: 'name', order: 'asc' })
      .catch(() => null);
    expect(sent.map((s) => [s.path, s.options?.query, s.options?.responseType])).toEqual([
      ['/contacts/export', expect.objectContaining({ segment_id: '4', sort: 'name', order: 'asc' }), 'blob'],
    ]);
  });

  it('should post an import as a multipart form, the file last; a dry run without a mapping', async () => {
    const { client, sent } = recordingClient();
    const contacts = createContactsGateway(client);
    const file = new Blob(['Naam;E-mail'], { type: 'text/csv' });
    await contacts.previewImport({
      file,
      fileName: 'c.csv',
      mapping: null,
      onDuplicate: 'update',
      fileDuplicates: null,
      dryRun: true,
    });
    await contacts.startImport({
      file,
      fileName: 'c.csv',
      mapping: { fields: { email: 'E-mail', name: 'Naam' } },
      onDuplicate: 'skip',
      fileDuplicates: 'first',
      dryRun: false,
    });
    const [dry, real] = sent.map((s) => s.options?.body as FormData);
    expect(sent.map((s) => [s.method, s.path])).toEqual([
      ['POST', '/contacts/imports'],
      ['POST', '/contacts/imports'],
    ]);
    expect([...(dry?.keys() ?? [])]).toEqual(['on_duplicate', 'dry_run', 'file']);
    expect(dry?.get('dry_run')).toBe('true');
    expect([...(real?.keys() ?? [])]).toEqual([
      'mapping',
      'on_duplicate',
      'file_duplicates',
      'dry_run',
      'file',
    ]);
    expect(real?.get('file_duplicates')).toBe('first');
    expect(JSON.parse(String(real?.get('mapping')))).toEqual({ fields: { email: 'E-mail', name: 'Naam' } });
    expect(real?.get('on_duplicate')).toBe('skip');
    expect((real?.get('file') as File | undefined)?.name).toBe('c.csv');
  });

  it('should follow the upload only when its caller asks for progress', async () => {
    const { client, sent } = recordingClient();
    const contacts = createContactsGateway(client);
    const onProgress = (_sent: number) => {};
    const upload = {
      file: new Blob(['Naam;E-mail']),
      fileName: 'c.csv',
      mapping: null,
      onDuplicate: 'update',
      fileDuplicates: null,
      dryRun: true,
    } as const;
    await contacts.previewImport({ ...upload, onProgress });
    await contacts.previewImport(upload);
    expect(sent.map((s) => s.options?.onUploadProgress)).toEqual([onProgress, undefined]);
  });
});
