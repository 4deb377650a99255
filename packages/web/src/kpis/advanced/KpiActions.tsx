import type { Kpi } from '@loop/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useNotices } from '../../app/useServices';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { useKpisChanged } from '../useKpis';

// The KPI form loads when first opened, as on the dashboard.
const KpiFormDialog = lazy(() => import('../KpiFormDialog').then((m) => ({ default: m.KpiFormDialog })));

/** 'Nieuwe KPI': the KPI form in a dialog; the screen asks again once it is stored. */
export function NewKpiButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" className="button" onClick={() => setOpen(true)}>
        Nieuwe KPI
      </button>
      <Suspense fallback={null}>
        {open ? <KpiFormDialog onClose={() => setOpen(false)} returnFocus={button} /> : null}
      </Suspense>
    </>
  );
}

/** 'Bewerken' (the KPI form) and 'Verwijderen' (after confirming) of one KPI. */
export function KpiEditActions({ kpi, onDeleted }: { kpi: Kpi; onDeleted: () => void }) {
  const notices = useNotices();
  const gateway = useAsyncInjection(TOKENS.KpiGateway);
  const changed = useKpisChanged();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const [removal, setRemoval] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });

  async function remove() {
    setRemoval({ busy: true, error: null });
    const result = await gateway.remove(kpi.id);
    if (!result.ok) {
      setRemoval({ busy: false, error: result.detail });
      return;
    }
    setDialog(null);
    notices.success(`${kpi.name} is verwijderd.`);
    changed();
    onDeleted();
  }

  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setDialog('edit')}>
        Bewerken
      </button>
      <button
        type="button"
        className="button button-danger"
        onClick={() => {
          setRemoval({ busy: false, error: null });
          setDialog('delete');
        }}
      >
        Verwijderen
      </button>
      <Suspense fallback={null}>
        {dialog === 'edit' ? <KpiFormDialog kpi={kpi} onClose={() => setDialog(null)} /> : null}
      </Suspense>
      {dialog === 'delete' ? (
        <ConfirmDialog
          title="KPI verwijderen"
          confirmLabel="Definitief verwijderen"
          busy={removal.busy}
          error={removal.error}
          onConfirm={() => void remove()}
          onCancel={() => setDialog(null)}
        >
          <p>
            {kpi.name} wordt verwijderd met al zijn waarden en doelen, ook van de borden waarop de KPI staat.
            Dit kan niet ongedaan worden gemaakt.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
