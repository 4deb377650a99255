import { type CsvMapping, decodeTextBytes, type FinanceImportReport, type ImportFormat } from '@loop/core';
import {
  type CsvPreview,
  csvPreview,
  detectImportFormat,
  IMPORT_FORMAT_LABELS,
  importReportLines,
  suggestCsvMapping,
} from '@loop/core/finance';
import { formatDayTime } from '@loop/core/format';
import { useEffect, useId, useRef, useState } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { FormAlert } from '../forms/FormAlert';
import { useInvalidate, useQuery } from '../shared/useQuery';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { TableScroll } from '../shell/TableScroll';
import { CsvMappingStep } from './CsvMappingStep';

/** The start of a file is enough to tell its format and preview a CSV's first lines. */
const HEAD_BYTES = 64 * 1024;

type Phase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'uploading'; readonly share: number }
  | { readonly kind: 'processing'; readonly seconds: number };

interface Chosen {
  readonly file: File;
  readonly format: ImportFormat;
  readonly preview: CsvPreview | null;
}

/**
 * Importing a bank statement (CAMT.053, MT940 or CSV): the format recognised from the file and
 * changeable, for CSV the column mapping with a preview, 'Sla foute regels over', a check without
 * storing, and the upload's progress then the server's processing in a live region. Below it the
 * earlier imports, each of which can be undone.
 */
export function FinanceImportSection({ canManage }: { canManage: boolean }) {
  const notices = useNotices();
  const finance = useAsyncInjection(TOKENS.FinanceGateway);
  const invalidate = useInvalidate();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [mapping, setMapping] = useState<CsvMapping>({ date: '' });
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [report, setReport] = useState<FinanceImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [undoing, setUndoing] = useState<{ id: number; name: string } | null>(null);
  const [confirm, setConfirm] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const imports = useQuery('finance:imports', () => finance.imports());

  // Seconds since the upload finished, while the server reads and stores the lines.
  useEffect(() => {
    if (phase.kind !== 'processing') return;
    const timer = setInterval(
      () =>
        setPhase((current) =>
          current.kind === 'processing' ? { ...current, seconds: current.seconds + 1 } : current,
        ),
      1000,
    );
    return () => clearInterval(timer);
  }, [phase.kind]);

  async function choose(file: File | undefined) {
    setReport(null);
    setError(null);
    if (file === undefined) {
      setChosen(null);
      return;
    }
    // Decoded as the server will decode the whole file (UTF-8, UTF-16 or Excel's Windows-1252), so
    // the preview shows 'Café de Zoë' as it will be stored; the start of a longer file may end
    // inside a character.
    const bytes = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
    const { text: head } = decodeTextBytes(bytes, { truncated: file.size > HEAD_BYTES });
    const format = detectImportFormat(file.name, head);
    const preview = csvPreview(head);
    setChosen({ file, format, preview });
    setMapping(suggestCsvMapping(preview.firstRow) ?? { date: '' });
  }

  async function send(dryRun: boolean) {
    if (chosen === null) return;
    setError(null);
    setReport(null);
    setPhase({ kind: 'uploading', share: 0 });
    const result = await finance.importFile({
      file: chosen.file,
      fileName: chosen.file.name,
      format: chosen.format,
      mapping: chosen.format === 'csv' && mapping.date ? mapping : null,
      skipInvalid,
      dryRun,
      onProgress: (share) =>
        setPhase(share >= 1 ? { kind: 'processing', seconds: 0 } : { kind: 'uploading', share }),
    });
    setPhase({ kind: 'idle' });
    if (!result.ok) {
      setError(result.detail);
      return;
    }
    // The report says what happened in the live region below, once; no toast repeats it.
    setReport(result.value);
    if (result.value.stored) {
      invalidate('finance:');
      if (fileInput.current) fileInput.current.value = '';
      setChosen(null);
    }
  }

  async function undo() {
    if (undoing === null) return;
    setConfirm({ busy: true, error: null });
    const result = await finance.undoImport(undoing.id);
    if (!result.ok) {
      setConfirm({ busy: false, error: result.detail });
      return;
    }
    setConfirm({ busy: false, error: null });
    setUndoing(null);
    notices.success(result.value.detail);
    invalidate('finance:');
  }

  const busy = phase.kind !== 'idle';
  const list = imports.value?.items ?? [];

  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        Bankafschrift importeren
      </h2>
      {canManage ? (
        <>
          <p>
            Download bij je bank een afschrift als CAMT.053 (XML), MT940 (.sta, .940, .txt) of CSV en kies het
            hier. Regels die al eerder zijn geïmporteerd worden overgeslagen.
          </p>
          <div className="finance-filters">
            <div className="field">
              <label htmlFor={`${id}-file`}>Bankafschrift</label>
              <input
                id={`${id}-file`}
                ref={fileInput}
                type="file"
                accept=".xml,.sta,.940,.mt940,.txt,.csv,text/csv,application/xml,text/xml"
                disabled={busy}
                onChange={(event) => void choose(event.target.files?.[0])}
              />
            </div>
            {chosen !== null ? (
              <div className="field">
                <label htmlFor={`${id}-format`}>Formaat</label>
                <select
                  id={`${id}-format`}
                  value={chosen.format}
                  disabled={busy}
                  onChange={(event) => setChosen({ ...chosen, format: event.target.value as ImportFormat })}
                >
                  {(Object.keys(IMPORT_FORMAT_LABELS) as ImportFormat[]).map((format) => (
                    <option key={format} value={format}>
                      {IMPORT_FORMAT_LABELS[format]}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </div>
          {chosen?.format === 'csv' && chosen.preview !== null ? (
            <CsvMappingStep preview={chosen.preview} mapping={mapping} onChange={setMapping} />
          ) : null}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={skipInvalid}
              disabled={busy}
              onChange={(event) => setSkipInvalid(event.target.checked)}
            />{' '}
            Sla foute regels over (anders wordt niets geïmporteerd zolang er een regel fout is)
          </label>
          <div className="row-actions">
            <button
              type="button"
              className="button"
              disabled={chosen === null || busy}
              aria-busy={busy || undefined}
              onClick={() => void send(false)}
            >
              Importeren
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={chosen === null || busy}
              onClick={() => void send(true)}
            >
              Alleen controleren
            </button>
          </div>
          <div role="status" aria-live="polite" className="finance-progress" data-testid="import-progress">
            {phase.kind === 'uploading' ? (
              <>
                <p>Bestand versturen: {Math.round(phase.share * 100)}%</p>
                <progress max={100} value={Math.round(phase.share * 100)} aria-label="Bestand versturen" />
              </>
            ) : phase.kind === 'processing' ? (
              <>
                <p>
                  Bestand verstuurd. De regels worden gelezen, gecontroleerd en opgeslagen
                  {phase.seconds > 0 ? ` (${phase.seconds} s)` : ''}...
                </p>
                <progress aria-label="Regels verwerken" />
              </>
            ) : report !== null ? (
              <p>
                <strong>{report.detail}</strong>
              </p>
            ) : null}
          </div>
          <FormAlert message={error} />
          {report !== null ? <ImportReport report={report} /> : null}
        </>
      ) : (
        <p>Alleen een eigenaar of beheerder kan bankafschriften importeren.</p>
      )}
      <h3>Eerdere imports</h3>
      {list.length === 0 ? (
        <p className="field-hint">{imports.value === null ? 'Bezig met laden...' : 'Nog geen imports.'}</p>
      ) : (
        <TableScroll
          label="Eerdere imports"
          columns={[
            'Bestand',
            'Formaat',
            'Geïmporteerd op',
            'Nieuw',
            'Dubbel',
            'Geweigerd',
            'Nog aanwezig',
            'Acties',
          ]}
        >
          {list.map((item) => (
            <tr key={item.id} data-import-id={item.id}>
              <td>{item.file_name}</td>
              <td>{IMPORT_FORMAT_LABELS[item.format]}</td>
              <td>
                {formatDayTime(item.created_at)}
                {item.created_by_name ? ` door ${item.created_by_name}` : ''}
              </td>
              <td>{item.imported}</td>
              <td>{item.duplicates}</td>
              <td>{item.refused}</td>
              <td>{item.record_count}</td>
              <td>
                {canManage && item.record_count === 0 ? (
                  // Undoing would remove nothing: its records were all deleted since.
                  <span className="field-hint">Geen boekingen meer</span>
                ) : canManage ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Ongedaan maken (${item.file_name})`}
                    onClick={() => {
                      setConfirm({ busy: false, error: null });
                      setUndoing({ id: item.id, name: item.file_name });
                    }}
                  >
                    Ongedaan maken
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </TableScroll>
      )}
      {undoing !== null ? (
        <ConfirmDialog
          title="Import ongedaan maken"
          confirmLabel="Ongedaan maken"
          busy={confirm.busy}
          error={confirm.error}
          onConfirm={() => void undo()}
          onCancel={() => setUndoing(null)}
          returnFocus={headingRef}
        >
          <p>
            Alle boekingen uit {undoing.name} verdwijnen, ook als je ze daarna hebt gewijzigd. Het overzicht
            wordt opnieuw berekend.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/**
 * What an import did: the numbers, and each refused line with its number and reason. Its sentence
 * (`report.detail`) is the live region's above, so it is not said twice.
 */
function ImportReport({ report }: { report: FinanceImportReport }) {
  return (
    <div className={report.stored ? 'alert alert-success' : 'alert alert-info'} data-testid="import-report">
      <ul>
        {importReportLines(report).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {report.refusals.length > 0 ? (
        <TableScroll label="Geweigerde regels" columns={['Regel', 'Reden']}>
          {report.refusals.map((refusal) => (
            <tr key={`${refusal.line}:${refusal.reason}`}>
              <td>{refusal.line}</td>
              <td>{refusal.reason}</td>
            </tr>
          ))}
        </TableScroll>
      ) : null}
    </div>
  );
}
