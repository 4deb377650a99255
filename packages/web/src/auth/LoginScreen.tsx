import { isUnverifiedLogin } from '@loop/core/authFlow';
import { useState } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { CurrentPasswordField, EmailField } from '../forms/AccountFields';
import { Form } from '../forms/Form';
import { FormAlert } from '../forms/FormAlert';
import { useForm } from '../forms/useForm';
import { useSession } from '../session/useSession';
import { Page } from '../shell/Page';

type Resend = { busy: boolean; message: string | null; error: string | null };

/** /login: e-mail and password; an unverified address is offered a new confirmation link. */
export function LoginScreen() {
  const auth = useInjection(TOKENS.AuthUseCases);
  const session = useSession();
  const [, navigate] = useLocation();
  // Arriving from a confirmation link opened in another browser: the address is filled in.
  const [confirmed] = useState(() => auth.confirmedEmail());
  const [email, setEmail] = useState(confirmed?.email ?? '');
  const [password, setPassword] = useState('');
  const [unverified, setUnverified] = useState(false);
  const [resend, setResend] = useState<Resend>({ busy: false, message: null, error: null });

  const form = useForm({
    action: async () => {
      setResend({ busy: false, message: null, error: null });
      const result = await auth.login({ email, password });
      setUnverified(isUnverifiedLogin(result));
      return result;
    },
    // The guard sends a user without an organisation on to /onboarding.
    onSuccess: () => navigate('/dashboard', { replace: true }),
  });

  async function resendLink() {
    setResend({ busy: true, message: null, error: null });
    const result = await auth.resendVerification(email);
    setResend(
      result.ok
        ? { busy: false, message: result.value, error: null }
        : { busy: false, message: null, error: result.message ?? Object.values(result.fields)[0] ?? null },
    );
  }

  if (session.status === 'authenticated' && !form.busy) return <Redirect to="/dashboard" replace />;

  return (
    <Page title="Inloggen" width="narrow">
      {confirmed ? <FormAlert message={confirmed.detail} tone="success" /> : null}
      <Form form={form} submit="Inloggen" busyLabel="Bezig met inloggen...">
        {unverified ? (
          <div className="notice">
            <button
              type="button"
              className="button button-secondary"
              onClick={resendLink}
              disabled={resend.busy}
              aria-busy={resend.busy || undefined}
            >
              {resend.busy ? 'Bezig met versturen...' : 'Stuur de bevestigingslink opnieuw'}
            </button>
            <FormAlert message={resend.message} tone="success" />
            <FormAlert message={resend.error} />
          </div>
        ) : null}
        <EmailField autoComplete="username" value={email} onChange={setEmail} error={form.fields.email} />
        <CurrentPasswordField value={password} onChange={setPassword} error={form.fields.password} />
      </Form>
      <p className="form-links">
        <Link href="/forgot-password">Wachtwoord vergeten?</Link>
        <Link href="/register">Nog geen account? Registreer je</Link>
      </p>
    </Page>
  );
}
