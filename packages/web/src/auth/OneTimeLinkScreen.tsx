import type { FormResult } from '@loop/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { FormAlert } from '../forms/FormAlert';
import { Page } from '../shell/Page';

/**
 * A page behind a single-use link from a mail (/verify/:token, /email-bevestigen/:token, ...): it
 * sends the token once and says how it went. With `confirm`, the user presses a button first, for
 * links whose action should not run because a mail scanner opened the page.
 */
export function OneTimeLinkScreen({
  title,
  busyText,
  fallback,
  run,
  confirm,
}: {
  title: string;
  busyText: string;
  /** Shown when the server gives no detail. */
  fallback: string;
  run: (token: string) => Promise<FormResult<string>>;
  confirm?: { readonly text: string; readonly button: string };
}) {
  const { token = '' } = useParams<{ token: string }>();
  const [result, setResult] = useState<FormResult<string> | null>(null);
  const [started, setStarted] = useState(confirm === undefined);
  // The token is single-use: StrictMode's second effect run must not send it again (refs survive it).
  const sentFor = useRef<string | null>(null);
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    if (!started || sentFor.current === token) return;
    sentFor.current = token;
    setResult(null);
    void runRef.current(token).then(setResult);
  }, [started, token]);

  return (
    <Page title={title} width="narrow">
      {!started && confirm ? (
        <div className="notice">
          <p>{confirm.text}</p>
          <button type="button" className="button" onClick={() => setStarted(true)}>
            {confirm.button}
          </button>
        </div>
      ) : result === null ? (
        <p className="loading" role="status">
          {busyText}
        </p>
      ) : result.ok ? (
        <FormAlert message={result.value} tone="success" />
      ) : (
        <FormAlert message={result.message ?? fallback} />
      )}
      <p className="form-links">
        <Link href="/login">Naar inloggen</Link>
        {result?.ok && confirm ? <Link href="/forgot-password">Nieuw wachtwoord kiezen</Link> : null}
      </p>
    </Page>
  );
}
