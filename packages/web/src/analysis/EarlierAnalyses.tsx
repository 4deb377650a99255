import type { AnalysisSession, AnalysisSessionState } from '@loop/core/analysisSession';
import { earlierAnalysisViews } from '@loop/core/analysisSession';
import { LoadFailed, Loading } from '../routing/Loading';

/** The organisation's earlier analyses, newest first, each to be opened again. */
export function EarlierAnalyses({
  session,
  state,
  disabled,
}: {
  session: AnalysisSession;
  state: AnalysisSessionState;
  disabled: boolean;
}) {
  const { history } = state;
  const items = earlierAnalysisViews(state);
  return (
    <section className="panel analysis-earlier" aria-labelledby="analysis-earlier-heading">
      <h2 id="analysis-earlier-heading">Eerdere analyses</h2>
      {history.status === 'failed' && items.length === 0 ? (
        <LoadFailed
          message="De eerdere analyses konden niet worden geladen."
          onRetry={() => void session.reloadHistory()}
        />
      ) : history.status === 'loading' && items.length === 0 ? (
        <Loading text="Eerdere analyses worden geladen..." />
      ) : items.length === 0 ? (
        <p>Er zijn nog geen eerdere analyses. Elke analyse die je maakt, blijft hier bewaard.</p>
      ) : (
        <ul className="analysis-earlier-list">
          {items.map((item) => (
            <li key={item.id} aria-current={item.shown ? 'true' : undefined}>
              <span className="analysis-earlier-date">{item.date}</span>
              <span className="analysis-earlier-basis">{item.basis}</span>
              {item.shown ? (
                <span className="analysis-earlier-shown">Wordt getoond</span>
              ) : (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={disabled || item.opening}
                  aria-busy={item.opening || undefined}
                  onClick={() => void session.open(item.id)}
                >
                  {item.opening ? 'Bezig met openen...' : 'Openen'}
                  <span className="visually-hidden"> (analyse van {item.date})</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
