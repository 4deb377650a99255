import type { Kpi } from '@loop/core';
import type { RefObject } from 'react';
import { useNotices } from '../app/useServices';
import { KpiDialog } from './KpiDialog';
import { KpiForm } from './KpiForm';
import { useKpisChanged } from './useKpis';

/** 'KPI toevoegen' (or changing one) in a dialog; the board asks again once it is stored. */
export function KpiFormDialog({
  kpi,
  onClose,
  returnFocus,
}: {
  kpi?: Kpi;
  onClose: () => void;
  /** Where focus goes when the button that opened the dialog is gone (the empty state's). */
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const notices = useNotices();
  const changed = useKpisChanged();
  const saved = (stored: Kpi) => {
    changed();
    notices.success(kpi ? `${stored.name} is opgeslagen.` : `${stored.name} is toegevoegd.`);
    onClose();
  };
  return (
    <KpiDialog title={kpi ? 'KPI wijzigen' : 'KPI toevoegen'} onClose={onClose} returnFocus={returnFocus}>
      <KpiForm kpi={kpi} onSaved={saved} onCancel={onClose} />
    </KpiDialog>
  );
}
