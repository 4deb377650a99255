import { canImport, importCheckTexts, KPI_IMPORT_START, kpiImportStep } from '@loop/core/kpis';
import { useEffect, useId, useReducer, useRef } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useNotices } from '../../app/useServices';
import { FormAlert } from '../../forms/FormAlert';

/**
 * 'Waarden importeren': a CSV file is read as bytes and decoded as Excel saves it, checked at once
 * with a dry run (what would be created and updated, every refused line with its number and
 * reason), and imported only on 'Importeren', optionally leaving refused lines out. The steps are
 * core's `kpiImportStep`; this component only calls the server on 'checking' and 'importing'.
 */
export function KpiImportPanel({ kpiId, onImported }: { kpiId: number; onImported: () => void }) {
  const notices = useNotices();
  const id = useId();
  const gateway = useAsyncInjection(TOKENS.KpiGateway);
  const [state, dispatch] = useReducer(kpiImportStep, KPI_IMPORT_START);
  const fileInput = useRef<HTMLInputElement>(null);
  const imported = useRef(onImported);
  imported.current = onImported;

  useEffect(() => {
    if (state.step !== 'checking' && state.step !== 'importing') return;
    let current = true;
    const dryRun = state.step === 'checking';
    void gateway
      .importValues(kpiId, { csv: state.csv, skip_invalid: state.skipInvalid, dry_run: dryRun })
      .then((result) => {
        if (!current) return;
        if (!result.ok) dispatch({ type: 'failed', message: result.fields?.csv ?? result.detail });
        else if (dryRun) dispatch({ type: 'checked', report: result.value });
        else {
          dispatch({ type: 'imported', report: result.value });
          if (result.value.stored) {
            notices.success(result.value.summary);
            imported.current();
          }
        }
      });
    return () => {
      current = false;
    };
  }, [state, gateway, kpiId, notices]);

  async function choose(files: FileList | null) {
    const file = files?.[0];
    if (file === undefined) {
      dispatch({ type: 'noFile' });
      return;
    }
    dispatch({ type: 'file', name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  }

  function again() {
    dispatch({ type: 'reset' });
    if (fileInput.current) fileInput.current.value = '';
  }

  const busy = state.step === 'checking' || state.step === 'importing';
  const check = state.step === 'checked' || state.step === 'importing' ? state.check : null;

  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Waarden importeren</h3>
      <p className="field-hint">
        Een CSV-bestand (ook uit Excel) met per regel een periode (bijvoorbeeld 2026-03 of 31-03-2026), een
        waarde in Nederlandse notatie en eventueel een notitie. Eerst zie je wat er zou veranderen; pas daarna
        importeer je.
      </p>
      {state.step === 'done' ? (
        <>
          <FormAlert tone="success" message={state.report.summary} />
          <button type="button" className="button button-secondary" onClick={again}>
            Nog een bestand importeren
          </button>
        </>
      ) : (
        <div className="form">
          <div className="field">
            <label htmlFor={`${id}-file`}>CSV-bestand</label>
            <input
              ref={fileInput}
              id={`${id}-file`}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              disabled={busy}
              aria-invalid={state.step === 'choose' && state.error ? true : undefined}
              aria-describedby={state.step === 'choose' && state.error ? `${id}-file-error` : undefined}
              onChange={(event) => void choose(event.target.files)}
            />
            {state.step === 'choose' && state.error ? (
              <p id={`${id}-file-error`} className="field-error" role="alert">
                {state.error}
              </p>
            ) : null}
          </div>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={state.skipInvalid}
              disabled={busy}
              onChange={(event) => dispatch({ type: 'skipInvalid', value: event.target.checked })}
            />
            Foute regels overslaan
          </label>
          {state.step === 'checking' ? <p role="status">Bestand controleren...</p> : null}
          {check !== null && state.step !== 'choose' ? (
            <div className="kpi-import-check" role="status">
              <h4>Controle van {state.fileName}</h4>
              {importCheckTexts(check, state.skipInvalid).map((text) => (
                <p key={text}>{text}</p>
              ))}
            </div>
          ) : null}
          {check !== null && check.refused.length > 0 ? (
            <ul className="kpi-refused" aria-label="Geweigerde regels">
              {check.refused.map((refusal) => (
                <li key={refusal.line}>
                  Regel {refusal.line}: {refusal.reason}
                </li>
              ))}
            </ul>
          ) : null}
          {state.step === 'checked' || state.step === 'importing' ? (
            <FormAlert message={state.error} />
          ) : null}
          {check !== null ? (
            <div className="row-actions">
              <button
                type="button"
                className="button"
                disabled={!canImport(state)}
                aria-busy={state.step === 'importing' || undefined}
                onClick={() => dispatch({ type: 'import' })}
              >
                {state.step === 'importing' ? 'Bezig met importeren...' : 'Importeren'}
              </button>
              <button type="button" className="button button-secondary" disabled={busy} onClick={again}>
                Ander bestand kiezen
              </button>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
