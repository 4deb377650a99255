import { useState } from 'react';
import { Link } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { Field } from '../forms/Field';
import { FormAlert } from '../forms/FormAlert';
import { SubmitButton } from '../forms/SubmitButton';
import { useForm } from '../forms/useForm';
import { Page } from '../shell/Page';

/** /forgot-password: asks for a reset link; the answer is the same whether the address exists or not. */
export function ForgotPasswordScreen() {
  const auth = useInjection(TOKENS.AuthUseCases);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ action: () => auth.forgotPassword(email), onSuccess: setSent });

  return (
    <Page
      title="Wachtwoord vergeten"
      width="narrow"
      lead={
        sent ? undefined : 'Vul je e-mailadres in. We sturen je een link om een nieuw wachtwoord te kiezen.'
      }
    >
      {sent ? (
        <FormAlert message={sent} tone="success" />
      ) : (
        <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="form">
          <FormAlert message={form.message} />
          <Field
            id="email"
            label="E-mailadres"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={form.fields.email}
          />
          <SubmitButton busy={form.busy} busyLabel="Bezig met versturen...">
            Stuur de link
          </SubmitButton>
        </form>
      )}
      <p className="form-links">
        <Link href="/login">Terug naar inloggen</Link>
      </p>
    </Page>
  );
}
