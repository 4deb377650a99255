import type { ContactFilter, ContactImport, ContactImportPreview, ContactListQuery } from '@loop/core';
import type { ContactImportUpload, ContactsGateway } from '@loop/core/contactsScreen';
import type { ApiClient, RequestOptions } from './createApiClient';
import { downloadFile } from './downloadFile';

const flag = (value: boolean | undefined): string | undefined =>
  value === undefined ? undefined : String(value);

/** A filter as GET /contacts's query: `tag` and `attr` ('key:value') repeated, booleans as text. */
const filterQuery = (filter: ContactFilter): NonNullable<RequestOptions['query']> => ({
  q: filter.q === undefined || filter.q.trim() === '' ? undefined : filter.q.trim(),
  tag: filter.tags === undefined || filter.tags.length === 0 ? undefined : filter.tags,
  attr:
    filter.attributes === undefined || Object.keys(filter.attributes).length === 0
      ? undefined
      : Object.entries(filter.attributes).map(([key, value]) => `${key}:${value}`),
  subscribed: flag(filter.subscribed),
  placed: flag(filter.placed),
});

/** The list's filter, segment and order as GET /contacts's query (the export and the map ask the same way). */
export const contactsQuery = (query: Omit<ContactListQuery, 'page' | 'page_size'>) => ({
  ...filterQuery(query),
  segment_id: query.segment_id === undefined ? undefined : String(query.segment_id),
  sort: query.sort,
  order: query.order,
});

function importForm(upload: ContactImportUpload): FormData {
  const form = new FormData();
  if (upload.mapping !== null) form.append('mapping', JSON.stringify(upload.mapping));
  form.append('on_duplicate', upload.onDuplicate);
  if (upload.fileDuplicates !== null) form.append('file_duplicates', upload.fileDuplicates);
  form.append('dry_run', String(upload.dryRun));
  // The file last: the server reads the fields as they stream in.
  form.append('file', upload.file as Blob, upload.fileName);
  return form;
}

/** The upload, followed (`onUploadProgress`) when its caller shows a bar. */
const importRequest = (upload: ContactImportUpload): RequestOptions => ({
  body: importForm(upload),
  ...(upload.onProgress === undefined ? {} : { onUploadProgress: upload.onProgress }),
});

/** The /contacts routes of the current organisation. */
export function createContactsGateway(client: ApiClient): ContactsGateway {
  return {
    list: (query) =>
      client.request('GET', '/contacts', {
        query: {
          ...contactsQuery(query),
          page: query.page === undefined ? undefined : String(query.page),
          page_size: query.page_size === undefined ? undefined : String(query.page_size),
        },
      }),
    get: (id) => client.request('GET', `/contacts/${id}`),
    create: (input) => client.request('POST', '/contacts', { body: input }),
    update: (id, patch) => client.request('PATCH', `/contacts/${id}`, { body: patch }),
    remove: (id) => client.request('DELETE', `/contacts/${id}`),
    facets: () => client.request('GET', '/contacts/facets'),
    bulk: (request) => client.request('POST', '/contacts/bulk', { body: request }),
    segments: () => client.request('GET', '/contacts/segments'),
    createSegment: (input) => client.request('POST', '/contacts/segments', { body: input }),
    updateSegment: (id, patch) => client.request('PATCH', `/contacts/segments/${id}`, { body: patch }),
    removeSegment: (id) => client.request('DELETE', `/contacts/segments/${id}`),
    exportContacts: (query) =>
      downloadFile(client, '/contacts/export', 'contacten.csv', contactsQuery(query)),
    previewImport: (upload) =>
      client.request<ContactImportPreview>('POST', '/contacts/imports', importRequest(upload)),
    startImport: (upload) =>
      client.request<ContactImport>('POST', '/contacts/imports', importRequest(upload)),
    importStatus: (id) => client.request('GET', `/contacts/imports/${id}`),
  };
}
