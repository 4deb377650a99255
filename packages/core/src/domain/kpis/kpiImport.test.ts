import { describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../api';
import type { KpiImportReport } from '../contract';
import type { DownloadedFile } from '../shared';
import {
  canImport,
  downloadKpiValues,
  importCheckTexts,
  KPI_IMPORT_BYTES_MAX,
  KPI_IMPORT_MESSAGES,
  KPI_IMPORT_START,
  type KpiImportState,
  kpiImportStep,
} from './kpiImport';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const report = (patch: Partial<KpiImportReport> = {}): KpiImportReport => ({
  stored: false,
  lines: 3,
  created: 2,
  updated: 1,
  unchanged: 0,
  refused: [],
  summary: 'Controle: 2 nieuw, 1 bijgewerkt.',
  ...patch,
});

const chosen = (text: string): KpiImportState =>
  kpiImportStep(KPI_IMPORT_START, { type: 'file', name: 'waarden.csv', bytes: ascii(text) });

describe('kpiImportStep', () => {
  it('should decode a Windows-1252 file from Excel and go to the dry run', () => {
    // 'Periode;Waarde;Notitie\n2026-01;12;Café' with é as 0xE9.
    const state = kpiImportStep(KPI_IMPORT_START, {
      type: 'file',
      name: 'excel.csv',
      bytes: new Uint8Array([...ascii('Periode;Waarde;Notitie\n2026-01;12;Caf'), 0xe9]),
    });
    expect(state).toMatchObject({
      step: 'checking',
      fileName: 'excel.csv',
      csv: 'Periode;Waarde;Notitie\n2026-01;12;Café',
    });
  });

  it('should refuse an empty, binary or oversized file with a Dutch reason, staying at the choice', () => {
    const M = KPI_IMPORT_MESSAGES;
    const file = (data: Uint8Array) =>
      kpiImportStep(KPI_IMPORT_START, { type: 'file', name: 'x', bytes: data });
    expect(file(bytes())).toEqual({ step: 'choose', error: M.emptyFile, skipInvalid: false });
    expect(file(ascii(' \r\n'))).toMatchObject({ step: 'choose', error: M.emptyFile });
    expect(file(bytes(0x50, 0x4b, 0x03, 0x04, 0x00, 0x00))).toMatchObject({
      step: 'choose',
      error: M.notText,
    });
    expect(file(new Uint8Array(KPI_IMPORT_BYTES_MAX + 1).fill(0x31))).toMatchObject({ error: M.tooLarge });
    expect(kpiImportStep(KPI_IMPORT_START, { type: 'noFile' })).toMatchObject({ error: M.noFile });
  });

  it('should import only after a dry run without refused lines, or with them skipped', () => {
    const checking = chosen('2026-01;12');
    expect(canImport(checking)).toBe(false);
    const refusing = kpiImportStep(checking, {
      type: 'checked',
      report: report({ refused: [{ line: 3, reason: 'Waarde: schrijf een getal op zijn Nederlands.' }] }),
    });
    expect(refusing.step).toBe('checked');
    expect(canImport(refusing)).toBe(false);
    expect(kpiImportStep(refusing, { type: 'import' })).toBe(refusing);
    const skipping = kpiImportStep(refusing, { type: 'skipInvalid', value: true });
    expect(canImport(skipping)).toBe(true);
    const importing = kpiImportStep(skipping, { type: 'import' });
    expect(importing.step).toBe('importing');
    // No second import, no new file while one runs.
    expect(kpiImportStep(importing, { type: 'import' })).toBe(importing);
    expect(kpiImportStep(importing, { type: 'file', name: 'y', bytes: ascii('1') })).toBe(importing);
    const done = kpiImportStep(importing, { type: 'imported', report: report({ stored: true }) });
    expect(done).toMatchObject({ step: 'done', report: { stored: true } });
    expect(kpiImportStep(done, { type: 'reset' })).toEqual({ ...KPI_IMPORT_START, skipInvalid: true });
  });

  it('should offer nothing to import when the file holds no new or changed value', () => {
    const empty = kpiImportStep(chosen('x'), { type: 'checked', report: report({ created: 0, updated: 0 }) });
    expect(canImport(empty)).toBe(false);
  });

  it('should go back to the check with the reason when the import stored nothing or failed', () => {
    const checked = kpiImportStep(chosen('2026-01;12'), { type: 'checked', report: report() });
    const importing = kpiImportStep(checked, { type: 'import' });
    const refusedMeanwhile = report({
      stored: false,
      refused: [{ line: 1, reason: 'Periode: nog niet begonnen.' }],
      summary: 'Niets opgeslagen.',
    });
    expect(kpiImportStep(importing, { type: 'imported', report: refusedMeanwhile })).toMatchObject({
      step: 'checked',
      check: refusedMeanwhile,
      error: 'Niets opgeslagen.',
    });
    expect(
      kpiImportStep(importing, { type: 'failed', message: 'Kan de server niet bereiken.' }),
    ).toMatchObject({
      step: 'checked',
      error: 'Kan de server niet bereiken.',
    });
    // A file the server cannot read at all: back to choosing, with its reason.
    expect(
      kpiImportStep(chosen('x'), { type: 'failed', message: 'Het bestand bevat geen regels met waarden.' }),
    ).toEqual({
      step: 'choose',
      error: 'Het bestand bevat geen regels met waarden.',
      skipInvalid: false,
    });
  });
});

describe('importCheckTexts', () => {
  it('should say what would be created and updated, and what to do about refused lines', () => {
    expect(importCheckTexts(report(), false)).toEqual([
      '3 regels gelezen.',
      'Nieuwe waarde voor 2 perioden, bijgewerkte waarde voor 1 periode.',
      'Alle regels zijn in orde.',
    ]);
    const refused = report({ refused: [{ line: 2, reason: 'x' }] });
    expect(importCheckTexts(refused, false)[2]).toContain('1 regel geweigerd. Verbeter het bestand');
    expect(importCheckTexts(refused, true)[2]).toBe('1 regel geweigerd; die worden overgeslagen.');
    expect(importCheckTexts(report({ created: 0, updated: 0 }), false)).toContain(
      'Er is niets om te importeren.',
    );
  });

  it('should say an unchanged export has nothing to import, and offer no import', () => {
    const same = report({ created: 0, updated: 0, unchanged: 4 });
    expect(importCheckTexts(same, false)).toEqual([
      '3 regels gelezen.',
      'Nieuwe waarde voor 0 perioden, bijgewerkte waarde voor 0 perioden.',
      'Al opgeslagen en ongewijzigd: 4 perioden.',
      'Alle regels zijn in orde.',
      'Er is niets om te importeren.',
    ]);
    expect(canImport({ ...chosen('2026-01;5'), step: 'checked', check: same } as KpiImportState)).toBe(false);
  });
});

describe('downloadKpiValues', () => {
  const file: DownloadedFile = { filename: 'kpi-1-waarden.csv', content: { size: 14, type: 'text/csv' } };

  it('should save the downloaded file for the asked range', async () => {
    const saved: DownloadedFile[] = [];
    const asked: unknown[] = [];
    const result = await downloadKpiValues(
      {
        gateway: {
          exportValues: async (id, range) => {
            asked.push([id, range]);
            return apiOk(file);
          },
        },
        files: {
          saveFile: (each) => saved.push(each),
          saveText: () => undefined,
          saveBytes: () => undefined,
        },
      },
      1,
      { from: '2026-01-01', to: '2026-03-31' },
    );
    expect(result.ok).toBe(true);
    expect(saved).toEqual([file]);
    expect(asked).toEqual([[1, { from: '2026-01-01', to: '2026-03-31' }]]);
  });

  it('should save nothing and give the server’s reason on a refusal', async () => {
    const saved: DownloadedFile[] = [];
    const result = await downloadKpiValues(
      {
        gateway: { exportValues: async () => apiFailure(403, 'Je abonnement bevat geen analytics.') },
        files: {
          saveFile: (each) => saved.push(each),
          saveText: () => undefined,
          saveBytes: () => undefined,
        },
      },
      1,
      {},
    );
    expect(result).toMatchObject({ ok: false, message: 'Je abonnement bevat geen analytics.' });
    expect(saved).toEqual([]);
  });
});
