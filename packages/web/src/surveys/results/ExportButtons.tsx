import type { DateFilter, ExportFormat } from '@loop/core';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useFeature } from '../../billing/useFeature';
import { notify } from '../../notifications/notify';

const FORMATS: ReadonlyArray<{ format: ExportFormat; label: string }> = [
  { format: 'csv', label: 'Exporteren CSV' },
  { format: 'xlsx', label: 'Exporteren XLSX' },
];

/**
 * 'Exporteren CSV' / 'Exporteren XLSX' of the responses in the filtered period. Without the plan
 * feature `export` the buttons stay visible but disabled, with the reason and the way to a plan
 * that has it; the server refuses the download either way.
 */
export function ExportButtons({ surveyId, filter }: { surveyId: number; filter: DateFilter }) {
  const results = useAsyncInjection(TOKENS.ResultsUseCases);
  const canExport = useFeature('export');
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const noteId = useId();

  async function download(format: ExportFormat) {
    setBusy(format);
    const result = await results.exportResponses(surveyId, format, filter);
    setBusy(null);
    if (result.ok) notify.success(`De export ${result.value} is gedownload.`);
    else notify.error(result.detail);
  }

  const allowed = canExport === true;
  return (
    <div className="export-buttons">
      {FORMATS.map(({ format, label }) => (
        <button
          key={format}
          type="button"
          className="button button-secondary"
          data-export={format}
          disabled={!allowed || busy !== null}
          aria-busy={busy === format || undefined}
          aria-describedby={canExport === false ? noteId : undefined}
          onClick={() => void download(format)}
        >
          {busy === format ? 'Bezig met exporteren...' : label}
        </button>
      ))}
      {canExport === false ? (
        <p id={noteId} className="export-note">
          Exporteren naar CSV of XLSX kan met een abonnement met de functie Export.{' '}
          <Link href="/dashboard/abonnement">Bekijk de abonnementen</Link>
        </p>
      ) : null}
    </div>
  );
}
