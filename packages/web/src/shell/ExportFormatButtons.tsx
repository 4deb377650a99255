import type { ApiResult, ExportFormat } from '@loop/core';
import { xlsxExportNote } from '@loop/core/surveys/data';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useNotices } from '../app/useServices';
import { useFeature } from '../billing/useFeature';
import { useSubscription } from '../billing/useSubscription';

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

/**
 * A CSV and an XLSX export button. CSV works on every plan; without the plan feature `export` the
 * XLSX button stays visible but disabled, with the plans that have it (cheapest first) and a link
 * to 'Mijn Abonnement', as a page behind a missing feature explains itself (FeatureGate). The
 * server refuses an XLSX download either way. `download` answers the saved file's name.
 */
export function ExportFormatButtons({
  labels,
  download,
}: {
  labels: Readonly<Record<ExportFormat, string>>;
  download: (format: ExportFormat) => Promise<ApiResult<string>>;
}) {
  const notices = useNotices();
  const canXlsx = useFeature('export');
  const { plans } = useSubscription();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const noteId = useId();

  async function start(format: ExportFormat) {
    setBusy(format);
    const result = await download(format);
    setBusy(null);
    if (result.ok) notices.success(`De export ${result.value} is gedownload.`);
    else notices.error(result.detail);
  }

  return (
    <div className="export-buttons">
      {FORMATS.map((format) => {
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
            onClick={() => void start(format)}
          >
            {busy === format ? 'Bezig met exporteren...' : labels[format]}
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
