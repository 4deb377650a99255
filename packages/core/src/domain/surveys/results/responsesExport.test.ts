import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, isExportFormat, responsesExportFileName } from './responsesExport';

describe('responses export', () => {
  it('should offer CSV and XLSX only', () => {
    expect(EXPORT_FORMATS).toEqual(['csv', 'xlsx']);
    expect(isExportFormat('xlsx')).toBe(true);
    expect(isExportFormat('pdf')).toBe(false);
    expect(isExportFormat(undefined)).toBe(false);
  });

  it('should name the file after the survey and the Dutch calendar day', () => {
    // 23:30 UTC on 21 November is already the 22nd in Amsterdam.
    expect(responsesExportFileName(12, 'csv', new Date('2026-11-21T23:30:00Z'))).toBe(
      'survey-12-antwoorden-2026-11-22.csv',
    );
    expect(responsesExportFileName(3, 'xlsx', new Date('2026-06-01T08:00:00Z'))).toBe(
      'survey-3-antwoorden-2026-06-01.xlsx',
    );
  });
});
