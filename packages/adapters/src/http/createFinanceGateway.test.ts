import { describe, expect, it } from 'vitest';
import { recordingClient } from '../testing/recordingClient';
import { createFinanceGateway } from './createFinanceGateway';

const input = { date: '2026-01-05', direction: 'income', amount_cents: 121000, btw_rate: '21' } as const;

describe('createFinanceGateway', () => {
  it('should call the /finance routes with their queries and bodies', async () => {
    const { client, sent } = recordingClient();
    const finance = createFinanceGateway(client);
    await finance.records({ q: ' koffie ', category: '', direction: 'cost', sort: 'amount', page: 2 });
    await finance.records({ q: '  ', import_id: 4 });
    await finance.create(input);
    await finance.update(3, { btw_rate: '9' });
    await finance.remove(3);
    await finance.categories();
    await finance.overview({ from: '2026-01-01', to: '2026-12-31' });
    await finance.overview({});
    await finance.imports(2);
    await finance.undoImport(5);
    expect(sent.map((s) => [s.method, s.path, s.options?.query ?? null, s.options?.body ?? null])).toEqual([
      [
        'GET',
        '/finance/records',
        {
          q: 'koffie',
          from: undefined,
          to: undefined,
          direction: 'cost',
          category: '',
          btw_rate: undefined,
          source: undefined,
          import_id: undefined,
          sort: 'amount',
          page: '2',
          page_size: undefined,
        },
        null,
      ],
      [
        'GET',
        '/finance/records',
        expect.objectContaining({ q: undefined, category: undefined, import_id: '4', page: undefined }),
        null,
      ],
      ['POST', '/finance/records', null, input],
      ['PATCH', '/finance/records/3', null, { btw_rate: '9' }],
      ['DELETE', '/finance/records/3', null, null],
      ['GET', '/finance/categories', null, null],
      ['GET', '/finance/overview', { from: '2026-01-01', to: '2026-12-31' }, null],
      ['GET', '/finance/overview', { from: undefined, to: undefined }, null],
      ['GET', '/finance/imports', { page: '2' }, null],
      ['DELETE', '/finance/imports/5', null, null],
    ]);
  });

  it('should download the exports as files with the filters and format', async () => {
    const { client, sent } = recordingClient();
    const finance = createFinanceGateway(client);
    // The recording client's answer is no file; only the requests matter here.
    await finance.exportRecords({ direction: 'income' }, 'xlsx').catch(() => null);
    await finance.exportOverview({ from: '2026-01-01' }, 'csv').catch(() => null);
    expect(sent.map((s) => [s.path, s.options?.query, s.options?.responseType])).toEqual([
      ['/finance/records/export', expect.objectContaining({ direction: 'income', format: 'xlsx' }), 'blob'],
      ['/finance/overview/export', { from: '2026-01-01', to: undefined, format: 'csv' }, 'blob'],
    ]);
  });

  it('should post an import as a multipart form, the file last, taking the 422 report as an answer', async () => {
    const { client, sent } = recordingClient();
    const finance = createFinanceGateway(client);
    const file = new Blob(['Datum;Bedrag'], { type: 'text/csv' });
    const progress = (share: number) => share;
    await finance.importFile({
      file,
      fileName: 'ing.csv',
      format: 'csv',
      mapping: { date: 'Datum', amount: 'Bedrag' },
      skipInvalid: true,
      dryRun: false,
      onProgress: progress,
    });
    await finance.importFile({
      file,
      fileName: 'a.xml',
      format: 'auto',
      mapping: null,
      skipInvalid: false,
      dryRun: true,
    });
    const [withMapping, auto] = sent;
    expect(withMapping?.path).toBe('/finance/imports');
    expect(withMapping?.options?.okStatuses).toEqual([422]);
    expect(withMapping?.options?.onUploadProgress).toBe(progress);
    const form = withMapping?.options?.body as FormData;
    expect([...form.keys()]).toEqual(['format', 'mapping', 'skip_invalid', 'dry_run', 'file']);
    expect(JSON.parse(String(form.get('mapping')))).toEqual({ date: 'Datum', amount: 'Bedrag' });
    expect(form.get('skip_invalid')).toBe('true');
    expect((form.get('file') as File).name).toBe('ing.csv');
    const autoForm = auto?.options?.body as FormData;
    expect(autoForm.has('mapping')).toBe(false);
    expect(autoForm.get('dry_run')).toBe('true');
    expect(auto?.options?.onUploadProgress).toBeUndefined();
  });
});
