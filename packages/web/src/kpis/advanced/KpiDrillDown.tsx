import type { Kpi } from '@loop/core';
import {
  checkValueEdit,
  type DrillDownRowView,
  dayRangeText,
  downloadKpiValues,
  drillDownRows,
  KPI_DIRECTION_LABELS,
  KPI_SOURCE_LABELS,
  KPI_STATE_TEXTS,
  KPI_UNIT_LABELS,
  KPI_VALUE_HINTS,
} from '@loop/core/kpis';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { PERIOD_KIND_LABELS } from '@loop/core/periods';
import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useNotices } from '../../app/useServices';
import { Field } from '../../forms/Field';
import { FormAlert } from '../../forms/FormAlert';
import { useCan } from '../../organisation/useCan';
import { LoadFailed, Loading } from '../../routing/Loading';
import { useInvalidate } from '../../shared/useQuery';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { DownloadButton } from '../../shell/DownloadButton';
import { TableScroll } from '../../shell/TableScroll';
import { KPI_QUERY_PREFIX } from '../useKpis';
import { KpiImportPanel } from './KpiImportPanel';
import { StatusText } from './StatusText';
import { useKpiDrillDown } from './useAdvancedKpis';

/**
 * One KPI in depth (`/advanced-kpis?kpi=ID`): what it is, every period newest first with value,
 * target, status, note, who entered it, when and where it came from; for a manual KPI, entering,
 * changing and deleting values, and CSV import; CSV export for every KPI.
 */
export function KpiDrillDown({
  kpiId,
  backHref,
  actions,
}: {
  kpiId: number;
  /** The overview with the same range and choice. */
  backHref: string;
  /** 'Bewerken' and 'Verwijderen' of the KPI itself. */
  actions?: (kpi: Kpi) => ReactNode;
}) {
  const notices = useNotices();
  const drillDown = useKpiDrillDown(kpiId);
  const gateway = useAsyncInjection(TOKENS.KpiGateway);
  const invalidate = useInvalidate();
  const can = useCan();
  const headingId = useId();
  const [editing, setEditing] = useState<DrillDownRowView | null>(null);
  const [removing, setRemoving] = useState<DrillDownRowView | null>(null);
  const [removal, setRemoval] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const tableRef = useRef<HTMLElement>(null);
  const value = drillDown.value;
  const rows = useMemo(() => (value ? drillDownRows(value.kpi, value.rows) : []), [value]);

  if (drillDown.error && value === null)
    return (
      <>
        <BackLink href={backHref} />
        <LoadFailed message={drillDown.error} onRetry={drillDown.reload} />
      </>
    );
  if (value === null) return <Loading spinner text="KPI laden..." />;
  const { kpi } = value;
  const manage = can('kpis.manage');
  const manual = kpi.source.type === 'manual';

  async function remove() {
    if (removing === null) return;
    setRemoval({ busy: true, error: null });
    const result = await gateway.removeValue(kpi.id, removing.period);
    if (!result.ok) {
      setRemoval({ busy: false, error: result.detail });
      return;
    }
    setRemoval({ busy: false, error: null });
    setRemoving(null);
    notices.success(`De waarde van ${removing.periodName} is verwijderd.`);
    invalidate(KPI_QUERY_PREFIX);
  }

  return (
    <section className="kpi-drill-down" aria-labelledby={headingId}>
      <BackLink href={backHref} />
      <h2 id={headingId}>{kpi.name}</h2>
      {kpi.description ? <p>{kpi.description}</p> : null}
      <dl className="kpi-facts">
        <div>
          <dt>Eenheid</dt>
          <dd>{KPI_UNIT_LABELS[kpi.unit]}</dd>
        </div>
        <div>
          <dt>Richting</dt>
          <dd>{KPI_DIRECTION_LABELS[kpi.direction]}</dd>
        </div>
        <div>
          <dt>Periode</dt>
          <dd>{PERIOD_KIND_LABELS[kpi.period_kind]}</dd>
        </div>
        <div>
          <dt>Bron</dt>
          <dd>
            {KPI_SOURCE_LABELS[kpi.source.type]}
            {kpi.source.survey_title ? `: ${kpi.source.survey_title}` : ''}
          </dd>
        </div>
        <div>
          <dt>Eigenaar</dt>
          <dd>{kpi.owner?.name ?? 'Niemand'}</dd>
        </div>
      </dl>
      {kpi.state === 'ok' ? null : (
        <p className="kpi-state" role="note">
          {KPI_STATE_TEXTS[kpi.state]}
        </p>
      )}
      <div className="row-actions">
        <ExportButton kpiId={kpi.id} />
        {actions?.(kpi)}
      </div>
      {manual && !manage ? <p className="field-hint">{PERMISSION_DENIED['kpis.manage']}</p> : null}

      {editing !== null ? (
        <ValueEditor
          kpi={kpi}
          row={editing}
          onDone={() => {
            setEditing(null);
            tableRef.current?.focus();
          }}
        />
      ) : null}

      <h3>Waarden per periode</h3>
      <p className="field-hint">Nieuwste periode eerst, {dayRangeText(value.from, value.to)}.</p>
      <section ref={tableRef} tabIndex={-1} aria-label="Waarden per periode" className="kpi-values">
        <TableScroll
          label={`Waarden van ${kpi.name}`}
          columns={[
            'Periode',
            'Waarde',
            'Doel',
            'Status',
            'Notitie',
            'Ingevoerd door',
            'Ingevoerd op',
            'Bron',
            ...(manual && manage ? ['Acties'] : []),
          ]}
        >
          {rows.map((row) => (
            <tr key={row.period}>
              <th scope="row">{row.periodName}</th>
              <td className="number">{row.value}</td>
              <td className="number">{row.target}</td>
              <td>
                <StatusText view={row.status} />
              </td>
              <td>{row.note}</td>
              <td>{row.enteredBy}</td>
              <td>{row.enteredAt}</td>
              <td>{row.origin}</td>
              {manual && manage ? (
                <td>
                  <div className="row-actions">
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      onClick={() => setEditing(row)}
                    >
                      {row.deletable ? 'Wijzigen' : 'Invoeren'}
                      <span className="visually-hidden"> ({row.periodName})</span>
                    </button>
                    {row.deletable ? (
                      <button
                        type="button"
                        className="button button-danger button-small"
                        onClick={() => {
                          setRemoval({ busy: false, error: null });
                          setRemoving(row);
                        }}
                      >
                        Verwijderen<span className="visually-hidden"> ({row.periodName})</span>
                      </button>
                    ) : null}
                  </div>
                </td>
              ) : null}
            </tr>
          ))}
        </TableScroll>
      </section>

      {manual && manage ? (
        <KpiImportPanel kpiId={kpi.id} onImported={() => invalidate(KPI_QUERY_PREFIX)} />
      ) : null}

      {removing !== null ? (
        <ConfirmDialog
          title="Waarde verwijderen"
          confirmLabel="Verwijderen"
          busy={removal.busy}
          error={removal.error}
          onConfirm={() => void remove()}
          onCancel={() => setRemoving(null)}
          returnFocus={tableRef}
        >
          <p>
            De waarde {removing.value} van {removing.periodName} wordt verwijderd. Deze periode heeft daarna
            geen waarde meer.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** The KPI's values as CSV for a Dutch Excel, as the import reads them back. */
function ExportButton({ kpiId }: { kpiId: number }) {
  const files = useAsyncInjection(TOKENS.FileSaver);
  const gateway = useAsyncInjection(TOKENS.KpiGateway);
  return (
    <DownloadButton
      label="Waarden exporteren (CSV)"
      failed="De waarden konden niet worden gedownload."
      download={() => downloadKpiValues({ gateway, files }, kpiId, {})}
    />
  );
}

function BackLink({ href }: { href: string }) {
  return (
    <p>
      <Link href={href}>Terug naar het overzicht</Link>
    </p>
  );
}

/** Entering or changing one period's value and note, checked by core before it is sent. */
function ValueEditor({ kpi, row, onDone }: { kpi: Kpi; row: DrillDownRowView; onDone: () => void }) {
  const notices = useNotices();
  const id = useId();
  const gateway = useAsyncInjection(TOKENS.KpiGateway);
  const invalidate = useInvalidate();
  const [text, setText] = useState(row.valueInput);
  const [note, setNote] = useState(row.note);
  const [state, setState] = useState<{
    busy: boolean;
    message: string | null;
    fields: Readonly<Record<string, string | undefined>>;
  }>({ busy: false, message: null, fields: {} });

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = checkValueEdit(kpi.unit, text, note);
    if (!checked.ok) {
      setState({ busy: false, message: null, fields: checked.fields });
      return;
    }
    setState({ busy: true, message: null, fields: {} });
    const result = await gateway.setValue(kpi.id, row.period, checked.value);
    if (!result.ok) {
      setState({ busy: false, message: result.detail, fields: result.fields ?? {} });
      return;
    }
    notices.success(`De waarde van ${row.periodName} is opgeslagen.`);
    invalidate(KPI_QUERY_PREFIX);
    onDone();
  }

  return (
    <form
      className="form panel kpi-value-editor"
      onSubmit={save}
      noValidate
      aria-labelledby={`${id}-heading`}
    >
      <h3 id={`${id}-heading`}>Waarde van {row.periodName}</h3>
      <FormAlert message={state.message} />
      <Field
        id={`${id}-value`}
        label={`Waarde (${KPI_UNIT_LABELS[kpi.unit].toLowerCase()})`}
        hint={KPI_VALUE_HINTS[kpi.unit]}
        value={text}
        autoFocus
        autoComplete="off"
        error={state.fields.value ?? state.fields.period}
        onChange={(event) => setText(event.target.value)}
      />
      <Field
        id={`${id}-note`}
        label="Notitie (niet verplicht)"
        value={note}
        autoComplete="off"
        error={state.fields.note}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="row-actions">
        <button type="submit" className="button" disabled={state.busy} aria-busy={state.busy || undefined}>
          {state.busy ? 'Bezig met opslaan...' : 'Opslaan'}
        </button>
        <button type="button" className="button button-secondary" disabled={state.busy} onClick={onDone}>
          Annuleren
        </button>
      </div>
    </form>
  );
}
