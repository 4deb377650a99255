import type { Kpi, KpiValue } from '@loop/core';
import { formFromApi, formInvalid } from '@loop/core/api';
import { formatKpiValue, KPI_UNIT_EXAMPLES, kpiValueFromForm, kpiValuePeriods } from '@loop/core/kpis';
import { useState } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { Field, FieldFrame } from '../forms/Field';
import { Form } from '../forms/Form';
import { SelectField } from '../forms/SelectField';
import { useForm } from '../forms/useForm';
import { LoadFailed, Loading } from '../routing/Loading';
import { DialogNote, KpiDialog } from './KpiDialog';
import { useKpiList, useKpisChanged } from './useKpis';

/**
 * 'Waarde invoeren': a manual KPI, a period (the running one unless another is chosen), the value
 * in Dutch notation and a note; stored with `setValue`, the board asks again.
 */
export function KpiValueDialog({ today, onClose }: { today: string; onClose: () => void }) {
  return (
    <KpiDialog title="Waarde invoeren" onClose={onClose}>
      <ValueForm today={today} onClose={onClose} />
    </KpiDialog>
  );
}

function ValueForm({ today, onClose }: { today: string; onClose: () => void }) {
  const list = useKpiList('manual');
  if (list.error) return <LoadFailed message={list.error} onRetry={list.reload} />;
  if (list.value === null) return <Loading />;
  const manual = list.value.items;
  if (manual.length === 0)
    return (
      <DialogNote onClose={onClose}>
        Er is nog geen KPI met de bron 'Handmatig'. Voeg eerst een KPI toe; KPI's uit surveys en financiën
        rekenen hun waarden zelf uit.
      </DialogNote>
    );
  return <ValueFields kpis={manual} today={today} onClose={onClose} />;
}

function ValueFields({ kpis, today, onClose }: { kpis: readonly Kpi[]; today: string; onClose: () => void }) {
  const notices = useNotices();
  const gateway = useAsyncInjection(TOKENS.KpiGateway);
  const changed = useKpisChanged();
  const [kpiId, setKpiId] = useState(String(kpis[0]?.id ?? ''));
  const kpi = kpis.find((each) => String(each.id) === kpiId) ?? (kpis[0] as Kpi);
  const periods = kpiValuePeriods(kpi.period_kind, today);
  const [period, setPeriod] = useState(periods[0]?.value ?? '');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  // A period of another kind than the chosen KPI's falls back to the running one.
  const chosenPeriod = periods.some((each) => each.value === period) ? period : (periods[0]?.value ?? '');

  const form = useForm<KpiValue>({
    action: async () => {
      const checked = kpiValueFromForm(kpi.unit, value, note);
      if (!checked.ok) return formInvalid(checked.fields);
      return formFromApi(await gateway.setValue(kpi.id, chosenPeriod, checked.value));
    },
    onSuccess: (stored) => {
      changed();
      const name = periods.find((each) => each.value === stored.period)?.label ?? stored.period;
      notices.success(`${kpi.name}: ${formatKpiValue(kpi.unit, stored.value)} voor ${name} is opgeslagen.`);
      onClose();
    },
  });

  return (
    <Form form={form} submit="Waarde opslaan" busyLabel="Opslaan…" cancel={onClose} className="form">
      <SelectField
        id="kpi-value-kpi"
        label="KPI"
        value={String(kpi.id)}
        options={kpis.map((each) => ({ value: String(each.id), label: each.name }))}
        onChange={setKpiId}
      />
      <SelectField
        id="kpi-value-period"
        label="Periode"
        value={chosenPeriod}
        options={periods}
        onChange={setPeriod}
        error={form.fields.period}
      />
      <Field
        id="kpi-value-value"
        label="Waarde"
        hint={KPI_UNIT_EXAMPLES[kpi.unit]}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={form.fields.value}
        inputMode="decimal"
        autoComplete="off"
      />
      <FieldFrame
        id="kpi-value-note"
        label="Notitie (niet verplicht)"
        error={form.fields.note}
        control={(described) => (
          <textarea
            id="kpi-value-note"
            rows={2}
            value={note}
            {...described}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      />
    </Form>
  );
}
