import './openAnswerSummary.css';
import { missingFeatureNote } from '@loop/core/billing';
import type { DateFilter } from '@loop/core/surveys/results';
import { type OpenAnswerSummaryView, SUMMARY_TEXTS } from '@loop/core/surveys/summary';
import { Suspense, useId, useState } from 'react';
import { Link } from 'wouter';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useFeature } from '../../billing/useFeature';
import { useSubscription } from '../../billing/useSubscription';

interface SummaryTarget {
  readonly surveyId: number;
  readonly questionId: string;
  /** The period the page shows: the summary covers the same answers. */
  readonly filter: DateFilter;
  readonly headingLevel: 3 | 4;
}

/**
 * 'Vat samen' for an open question (plan feature 'ai'): the recurring themes of its answers in the
 * page's period, with counts, bars and quotes. Nothing while the plan is checked; without 'ai'
 * nothing either, or with `upgradeHint` one line naming the plans that have it, as the XLSX export
 * does. Quotes and labels are untrusted text and only ever React text, never HTML.
 */
export function OpenAnswerSummary({
  upgradeHint = false,
  ...target
}: SummaryTarget & { upgradeHint?: boolean }) {
  const ai = useFeature('ai');
  const { plans } = useSubscription();
  if (ai === 'loading') return null;
  if (!ai) {
    const note = missingFeatureNote(plans, 'ai');
    return upgradeHint ? (
      <p className="answer-summary-upgrade">
        {SUMMARY_TEXTS.heading}: {note.charAt(0).toLowerCase() + note.slice(1)}{' '}
        <Link href="/dashboard/abonnement">Mijn Abonnement</Link>
      </p>
    ) : null;
  }
  return (
    <Suspense fallback={null}>
      <SummaryPanel {...target} />
    </Suspense>
  );
}

type PanelState =
  | { readonly status: 'idle' }
  | { readonly status: 'busy' }
  | { readonly status: 'done'; readonly view: OpenAnswerSummaryView }
  | { readonly status: 'failed'; readonly error: string };

function SummaryPanel({ surveyId, questionId, filter, headingLevel }: SummaryTarget) {
  const summaries = useAsyncInjection(TOKENS.SummaryUseCases);
  const id = useId();
  // A summary belongs to one question and period: another period starts empty in the same render.
  const key = `${surveyId}|${questionId}|${filter.from}|${filter.to}`;
  const [held, setHeld] = useState<{ key: string; state: PanelState }>({ key, state: { status: 'idle' } });
  const state: PanelState = held.key === key ? held.state : { status: 'idle' };
  const Heading = headingLevel === 3 ? 'h3' : 'h4';

  async function start() {
    setHeld({ key, state: { status: 'busy' } });
    const outcome = await summaries.summarise(surveyId, questionId, filter);
    setHeld({
      key,
      state: outcome.ok ? { status: 'done', view: outcome.view } : { status: 'failed', error: outcome.error },
    });
  }

  return (
    <section className="answer-summary" aria-labelledby={`${id}-heading`} aria-busy={state.status === 'busy'}>
      <div className="answer-summary-head">
        <Heading id={`${id}-heading`}>{SUMMARY_TEXTS.heading}</Heading>
        <button
          type="button"
          className="button button-secondary"
          disabled={state.status === 'busy'}
          onClick={() => void start()}
        >
          {state.status === 'busy'
            ? SUMMARY_TEXTS.busy
            : state.status === 'done'
              ? SUMMARY_TEXTS.again
              : SUMMARY_TEXTS.button}
        </button>
      </div>
      {state.status === 'idle' ? <p className="chart-note">{SUMMARY_TEXTS.intro}</p> : null}
      {state.status === 'failed' ? (
        <p className="alert alert-error" role="alert">
          {state.error}
        </p>
      ) : null}
      {state.status === 'done' ? <SummaryResult view={state.view} /> : null}
    </section>
  );
}

/** The themes, largest first: label, count with share in text and as a bar, and the quotes. */
function SummaryResult({ view }: { view: OpenAnswerSummaryView }) {
  return (
    <div className="answer-summary-result" aria-live="polite">
      <p className="chart-note" data-testid="summary-basis">
        {view.basisText}
      </p>
      {view.emptyText !== null ? (
        <p className="chart-empty">{view.emptyText}</p>
      ) : (
        <ol className="summary-themes" aria-label="Thema's, grootste eerst">
          {view.themes.map((theme) => (
            <li key={theme.key} className="summary-theme">
              <p className="summary-theme-head">
                <span className="summary-theme-label">{theme.label}</span>{' '}
                <span className="summary-theme-count">{theme.countText}</span>
              </p>
              <span className="bar-track" aria-hidden="true">
                <span className="bar-fill" style={{ width: `${Math.round(theme.share * 1000) / 10}%` }} />
              </span>
              {theme.quotes.map((quote) => (
                <blockquote key={quote} className="summary-quote">
                  {quote}
                </blockquote>
              ))}
            </li>
          ))}
        </ol>
      )}
      {view.otherText !== null ? <p className="summary-other">{view.otherText}</p> : null}
      {view.emptyText === null ? <p className="summary-made-by">{view.madeByText}</p> : null}
    </div>
  );
}
