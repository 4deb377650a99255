import type { ContactImport } from '../../domain/contract';

/** An import of 200 rows of 'contacten.csv' as the server answers it, running until a patch says otherwise. */
export const importRun = (patch: Partial<ContactImport> = {}): ContactImport => ({
  id: 7,
  file_name: 'contacten.csv',
  state: 'running',
  on_duplicate: 'update',
  file_duplicates: null,
  rows: 200,
  processed: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  duplicates: 0,
  refused: 0,
  refusals: [],
  error: null,
  created_at: '2026-11-26T09:00:00Z',
  finished_at: null,
  ...patch,
});
