import './sharedResults.css';
import '../surveys/results/results.css';
import type { RespondentBranding } from '@loop/core';
import { brandPalette, DEFAULT_PRIMARY_COLOR } from '@loop/core/branding';
import {
  openSharedResults,
  type SharedResultsGateway,
  type SharedResultsState,
  type SharedResultsView,
} from '@loop/core/surveys/results';
import { type CSSProperties, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ColumnChart } from '../surveys/results/ColumnChart';
import { QuestionChart, SeenLine } from '../surveys/results/QuestionChart';

type PageState =
  | { readonly phase: 'loading' }
  | { readonly phase: 'failed'; readonly message: string }
  | SharedResultsState;

/**
 * The shared results page, `/gedeeld/<token>` (R-SHARE-5 to R-SHARE-8): read-only, without an
 * account, in the organisation's logo and colour. It asks for the password when the link has one,
 * and says in Dutch when the link is unknown or revoked. The charts are the results page's own.
 */
export function SharedResultsPage({
  gateway,
  token,
}: {
  readonly gateway: SharedResultsGateway;
  readonly token: string | null;
}) {
  const [state, setState] = useState<PageState>({ phase: 'loading' });

  useEffect(() => {
    let current = true;
    void openSharedResults(gateway, token).then((result) => {
      if (current) setState(result.ok ? result.value : { phase: 'failed', message: result.detail });
    });
    return () => {
      current = false;
    };
  }, [gateway, token]);

  useEffect(() => {
    if ('status' in state && state.status === 'open') document.title = `${state.view.title} – resultaten`;
  }, [state]);

  const branding = 'branding' in state ? state.branding : null;
  const palette = brandPalette(branding?.primary_color ?? DEFAULT_PRIMARY_COLOR);
  const style = {
    '--brand': palette.brand,
    '--on-brand': palette.onBrand,
    '--brand-ink': palette.brandInk,
  } as CSSProperties;

  return (
    <div className="shared-page" style={style}>
      {branding ? <BrandHeader branding={branding} /> : null}
      <main className="shared-main">
        <Content state={state} gateway={gateway} token={token} onOpened={setState} />
      </main>
    </div>
  );
}

function Content({
  state,
  gateway,
  token,
  onOpened,
}: {
  readonly state: PageState;
  readonly gateway: SharedResultsGateway;
  readonly token: string | null;
  readonly onOpened: (state: SharedResultsState) => void;
}) {
  if ('phase' in state) {
    if (state.phase === 'loading')
      return (
        <p className="shared-card" role="status">
          Resultaten worden geladen...
        </p>
      );
    return (
      <section className="shared-card" aria-labelledby="shared-failed-heading">
        <h1 id="shared-failed-heading">Resultaten niet beschikbaar</h1>
        <p data-testid="shared-failed">{state.message}</p>
      </section>
    );
  }
  if (state.status === 'locked')
    return <PasswordForm gateway={gateway} token={token} branding={state.branding} onOpened={onOpened} />;
  return <Results view={state.view} organization={state.branding.organization_name} />;
}

function BrandHeader({ branding }: { readonly branding: RespondentBranding }) {
  return (
    <header className="shared-header">
      {branding.logo_url ? (
        <img className="shared-logo" src={branding.logo_url} alt={branding.organization_name} />
      ) : (
        <span className="shared-org">{branding.organization_name}</span>
      )}
    </header>
  );
}

/** The password of a link that has one; the server counts the tries (R-SHARE-6). */
function PasswordForm({
  gateway,
  token,
  branding,
  onOpened,
}: {
  readonly gateway: SharedResultsGateway;
  readonly token: string | null;
  readonly branding: RespondentBranding;
  readonly onOpened: (state: SharedResultsState) => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await openSharedResults(gateway, token, password);
    setBusy(false);
    if (result.ok) {
      onOpened(result.value);
      return;
    }
    setError(result.detail);
    input.current?.focus();
  };

  return (
    <section className="shared-card" aria-labelledby="shared-locked-heading">
      <h1 id="shared-locked-heading">Resultaten van {branding.organization_name}</h1>
      <p>Deze resultaten zijn beveiligd. Vul het wachtwoord in dat je van de afzender kreeg.</p>
      <form className="shared-password" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor="shared-password">Wachtwoord</label>
          <input
            id="shared-password"
            ref={input}
            type="password"
            autoComplete="off"
            value={password}
            aria-invalid={error === null ? undefined : true}
            aria-describedby={error === null ? undefined : errorId}
            onChange={(event) => setPassword(event.target.value)}
          />
          {error === null ? null : (
            <p className="field-error" id={errorId} role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? 'Bezig met openen...' : 'Resultaten bekijken'}
        </button>
      </form>
    </section>
  );
}

function Results({
  view,
  organization,
}: {
  readonly view: SharedResultsView;
  readonly organization: string;
}) {
  return (
    <article className="shared-card shared-results" aria-labelledby="shared-title">
      <h1 id="shared-title">{view.title || 'Naamloze survey'}</h1>
      <p className="shared-meta">
        Gedeeld door {organization} · periode: {view.periodText} ·{' '}
        <span data-testid="shared-completed">{view.completedText}</span> ingevulde reacties
      </p>
      <section className="panel" aria-labelledby="shared-over-time">
        <h2 id="shared-over-time">Reacties in de tijd</h2>
        <ColumnChart
          chart={view.overTime}
          caption={`Ingevulde reacties, ${view.bucketLabel.toLowerCase()}`}
          valueLabel="Reacties"
          unit={['reactie', 'reacties']}
        />
      </section>
      {view.questions.map((question, index) => (
        <section
          key={question.questionId}
          className="panel question-result"
          data-question-id={question.questionId}
          aria-labelledby={`shared-question-${index}`}
        >
          <h2 id={`shared-question-${index}`}>
            <span className="question-number">{index + 1}. </span>
            {question.title}
          </h2>
          <p className="question-meta">
            {question.typeLabel} · {question.answeredText}
          </p>
          <SeenLine view={question} />
          {question.answered === 0 && question.kind !== 'texts' ? (
            <p className="chart-empty">Nog geen antwoorden op deze vraag.</p>
          ) : (
            <QuestionChart view={question} />
          )}
        </section>
      ))}
      <p className="shared-footer">
        Alleen-lezen weergave. Je hebt geen account nodig om deze pagina te bekijken.
      </p>
    </article>
  );
}
