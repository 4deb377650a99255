import type { UnsubscribePreview } from '@loop/core';
import { UNSUBSCRIBE_TEXTS } from '@loop/core/invitations';
import { useState } from 'react';
import { useParams } from 'wouter';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { LoadFailed, Loading } from '../routing/Loading';
import { useQuery } from '../shared/useQuery';
import { Page } from '../shell/Page';

/**
 * /afmelden/:token: the unsubscribe link of every invitation and reminder, opened signed out. It
 * asks first (a mail scanner that follows links must not unsubscribe anyone); the one-click POST
 * of RFC 8058 goes to the API itself from the mail client. The address is shown partly hidden.
 */
export function UnsubscribeScreen() {
  const { token = '' } = useParams<{ token: string }>();
  const unsubscribe = useAsyncInjection(TOKENS.UnsubscribeUseCases);
  const preview = useQuery(`unsubscribe:${token}`, () => unsubscribe.preview(token));
  const [done, setDone] = useState<UnsubscribePreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const result = await unsubscribe.unsubscribe(token);
    setBusy(false);
    if (result.ok) setDone(result.value);
    else setError(result.detail);
  };

  const state = done ?? preview.value;
  return (
    <Page title={UNSUBSCRIBE_TEXTS.title} width="narrow">
      {state === null ? (
        preview.error ? (
          <LoadFailed message={preview.error} onRetry={preview.reload} />
        ) : (
          <Loading />
        )
      ) : state.unsubscribed ? (
        <p className="alert alert-success" role="status">
          {UNSUBSCRIBE_TEXTS.done(state.organization_name)}
        </p>
      ) : (
        <>
          <p className="lead">{UNSUBSCRIBE_TEXTS.question(state.organization_name)}</p>
          <p>
            Dit geldt voor <strong>{state.email_hint}</strong>.
          </p>
          {error ? (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="button" className="button" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Bezig met afmelden…' : UNSUBSCRIBE_TEXTS.button}
          </button>
        </>
      )}
    </Page>
  );
}
