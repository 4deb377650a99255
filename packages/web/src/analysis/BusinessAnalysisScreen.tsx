import './analysis.css';
import { ANALYSIS_TEXTS, analysisScreenView } from '@loop/core/analysisSession';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useBranding } from '../branding/useBranding';
import { useCan } from '../organisation/useCan';
import { Loading } from '../routing/Loading';
import { usePageTitle } from '../shell/usePageTitle';
import { EarlierAnalyses } from './EarlierAnalyses';
import { useAnalysisSession } from './useAnalysisSession';

// The report pipeline (he, marked) and DOMPurify load with the first report, not with the page.
const AnalysisReport = lazy(() =>
  import('./AnalysisReport').then((module) => ({ default: module.AnalysisReport })),
);

/**
 * /bedrijfsanalyse (R-ANALYSIS-2, R-ANALYSIS-4, R-ANALYSIS-6): makes an AI analysis of the organisation's KPIs and surveys,
 * shows it as a sanitised report with Print, PDF and MD, and reopens earlier ones. The route's
 * feature gate has checked the plan's 'business' feature before this renders.
 */
export function BusinessAnalysisScreen() {
  usePageTitle(ANALYSIS_TEXTS.title);
  const can = useCan();
  // A viewer's role does not allow it (the report holds the finance too): say so, ask nothing.
  if (!can('analysis.use')) {
    return (
      <div className="page page-wide analysis-screen">
        <AnalysisHeading basis={null} />
        <p>
          <Link href="/dashboard">{ANALYSIS_TEXTS.back}</Link>
        </p>
        <p className="alert alert-info">{PERMISSION_DENIED['analysis.use']}</p>
      </div>
    );
  }
  return <AnalysisWorkspace />;
}

/** The organisation's logo, the title and what the analysis rests on. */
function AnalysisHeading({ basis }: { basis: string | null }) {
  const { view: branding } = useBranding();
  return (
    <>
      <img className="analysis-logo" src={branding.logoSrc} alt="" height={48} />
      <div className="analysis-heading">
        <h1>{ANALYSIS_TEXTS.title}</h1>
        {basis ? <p className="lead">{basis}</p> : null}
      </div>
    </>
  );
}

function AnalysisWorkspace() {
  const { session, state } = useAnalysisSession();
  const view = analysisScreenView(state);
  const shown = state.shown;

  return (
    <div className="page page-wide analysis-screen">
      <header className="analysis-header">
        <AnalysisHeading basis={view.basis} />
        <div className="analysis-actions">
          <Link href="/dashboard">{ANALYSIS_TEXTS.back}</Link>
          <button
            type="button"
            className="button"
            disabled={view.createDisabled}
            aria-busy={view.createDisabled || undefined}
            onClick={() => void session.create()}
          >
            {view.createLabel}
          </button>
        </div>
      </header>

      {state.error ? (
        <div className="alert alert-error analysis-error" role="alert">
          {state.error}
        </div>
      ) : null}

      <section className="analysis-content" aria-label="Analyse" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' ? (
          <Loading
            spinner
            text={
              state.loading?.kind === 'open'
                ? 'De analyse wordt geopend...'
                : state.loading?.kind === 'latest'
                  ? 'De laatste analyse wordt geladen...'
                  : 'De analyse wordt gemaakt. Dit kan even duren.'
            }
          />
        ) : null}
        {view.showEmpty ? (
          <div className="analysis-empty">
            <h2>{ANALYSIS_TEXTS.empty}</h2>
            <p>
              Klik op '{ANALYSIS_TEXTS.create}' om een analyse te laten maken van de KPI's en surveys van je
              organisatie
              {state.history.analyses.length > 0 ? ', of open hieronder een eerdere analyse.' : '.'}
            </p>
          </div>
        ) : null}
        {shown ? (
          <>
            <div className="analysis-toolbar">
              <p className="analysis-generated">{view.generated}</p>
              <div className="analysis-toolbar-buttons">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  title="Alleen het rapport afdrukken"
                  onClick={() => window.print()}
                >
                  {ANALYSIS_TEXTS.print}
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  title="Het rapport als PDF downloaden"
                  disabled={view.pdfDisabled}
                  aria-busy={view.pdfDisabled || undefined}
                  onClick={() => void session.exportPdf()}
                >
                  {view.pdfLabel}
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  title="Het rapport als Markdown downloaden"
                  onClick={() => void session.exportMarkdown()}
                >
                  {ANALYSIS_TEXTS.markdown}
                </button>
              </div>
            </div>
            <Suspense fallback={<Loading />}>
              <AnalysisReport markdown={shown.analysis.analysis} />
            </Suspense>
          </>
        ) : null}
      </section>

      <EarlierAnalyses session={session} state={state} disabled={view.openDisabled} />
    </div>
  );
}
