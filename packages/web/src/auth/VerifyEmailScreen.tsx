import type { FormResult } from '@loop/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { FormAlert } from '../forms/FormAlert';
import { Page } from '../shell/Page';

/** /verify/:token: confirms the address once on arrival and says how it went. */
export function VerifyEmailScreen() {
  const auth = useInjection(TOKENS.AuthUseCases);
  const { token = '' } = useParams<{ token: string }>();
  const [result, setResult] = useState<FormResult<string> | null>(null);
  // The token is single-use: StrictMode's second effect run must not send it again (refs survive it).
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    setResult(null);
    void auth.verifyEmail(token).then(setResult);
  }, [auth, token]);

  return (
    <Page title="E-mailadres bevestigen" width="narrow">
      {result === null ? (
        <p className="loading" role="status">
          Bezig met bevestigen...
        </p>
      ) : result.ok ? (
        <FormAlert message={result.value} tone="success" />
      ) : (
        <FormAlert message={result.message ?? 'Deze bevestigingslink is ongeldig of verlopen.'} />
      )}
      <p className="form-links">
        <Link href="/login">Naar inloggen</Link>
      </p>
    </Page>
  );
}
