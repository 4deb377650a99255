import type { ExportFormat } from '@loop/core';
import { xlsxExportNote } from '@loop/core/surveys/data';
import type { DateFilter } from '@loop/core/surveys/results';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useFeature } from '../../billing/useFeature';
import { useSubscription } from '../../billing/useSubscription';
import { notify } from '../../notifications/notify';

const FORMATS: ReadonlyArray<{ format: ExportFormat; label: string }> = [
  { format: 'csv', label: 'Exporteren CSV' },
  { format: 'xlsx', label: 'Exporteren XLSX' },
];

/**
 * 'Exporteren CSV' / 'Exporteren XLSX' of the responses in the filtered period. CSV works on every
 * plan; without the plan feature `export` the XLSX button stays visible but disabled, with the
 * plans that have it (cheapest first) and a link to 'Mijn Abonnement', as a page behind a missing
 * feature explains itself (FeatureGate). The server refuses an XLSX download either way.
 */
export function ExportButtons({ surveyId, filter }: { surveyId: number; filter: DateFilter }) {
  const results = useAsyncInjection(TOKENS.ResultsUseCases);
  const canXlsx = useFeature('export');
  const { plans } = useSubscription();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const noteId = useId();

  async function download(format: ExportFormat) {
    setBusy(format);
    const result = await results.exportResponses(surveyId, format, filter);
    setBusy(null);
    if (result.ok) notify.success(`De export ${result.value} is gedownload.`);
    else notify.error(result.detail);
  }

  return (
    <div className="export-buttons">
      {FORMATS.map(({ format, label }) => {
        const locked = format === 'xlsx' && canXlsx !== true;
        return (
          <button
            key={format}
            type="button"
            className="button button-secondary"
            data-export={format}
            disabled={locked || busy !== null}
            aria-busy={busy === format || undefined}
            aria-describedby={format === 'xlsx' && canXlsx === false ? noteId : undefined}
            onClick={() => void download(format)}
          >
            {busy === format ? 'Bezig met exporteren...' : label}
          </button>
        );
      })}
      {canXlsx === false ? (
        <p id={noteId} className="export-note">
          {xlsxExportNote(plans)} <Link href="/dashboard/abonnement">Mijn Abonnement</Link>
        </p>
      ) : null}
    </div>
  );
}
