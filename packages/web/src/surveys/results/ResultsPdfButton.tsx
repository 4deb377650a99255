import {
  type DateFilter,
  describeResultsFilter,
  parseResultsFilter,
  type SurveyResultsPage,
} from '@loop/core/surveys/results';
import type { ExportResultsPdfResult } from '@loop/core/surveys/resultsPdf';
import { Suspense, useState } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useNotices } from '../../app/useServices';
import { useFeature } from '../../billing/useFeature';

export const RESULTS_PDF_BUTTON = {
  label: 'Samenvatting PDF',
  busy: 'PDF wordt gemaakt...',
  failed: 'Er ging iets mis bij het maken van de PDF. Probeer het opnieuw.',
} as const;

interface Props {
  /** What the page shows: the summary is made of exactly that, for the filter it was loaded with. */
  readonly page: SurveyResultsPage;
  readonly filter: DateFilter;
}

/**
 * 'Samenvatting PDF' beside the results page's exports: a PDF of the page's figures and charts.
 * Shown with the plan feature 'export' only (the page shows it where it shows the exports, to the
 * roles that may export); nothing while the plan is being checked.
 */
export function ResultsPdfButton(props: Props) {
  if (useFeature('export') !== true) return null;
  // Its own boundary: the exporter resolves a moment after the page, which must not blink.
  return (
    <Suspense fallback={null}>
      <PdfButton {...props} />
    </Suspense>
  );
}

function PdfButton({ page, filter }: Props) {
  const notices = useNotices();
  const exportPdf = useAsyncInjection(TOKENS.ExportResultsPdf);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    let result: ExportResultsPdfResult;
    try {
      const conditions = parseResultsFilter(filter.conditions);
      const filterText = conditions.ok
        ? describeResultsFilter(conditions.value, { questions: page.survey.questions })
        : '';
      result = await exportPdf({ surveyTitle: page.survey.title, filter, filterText, view: page.view });
    } catch {
      // The export's code could not load (a new release, the network): a failure like any other.
      result = { ok: false };
    }
    setBusy(false);
    if (result.ok) notices.success(`De samenvatting ${result.fileName} is gedownload.`);
    else notices.error(RESULTS_PDF_BUTTON.failed);
  }

  return (
    <div className="export-buttons">
      <button
        type="button"
        className="button button-secondary"
        data-export="pdf"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void start()}
      >
        {busy ? RESULTS_PDF_BUTTON.busy : RESULTS_PDF_BUTTON.label}
      </button>
    </div>
  );
}
