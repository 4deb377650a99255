import { useState } from 'react';
import { Link } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { EmailField } from '../forms/AccountFields';
import { Form } from '../forms/Form';
import { FormAlert } from '../forms/FormAlert';
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
        <Form form={form} submit="Stuur de link" busyLabel="Bezig met versturen...">
          <EmailField value={email} onChange={setEmail} error={form.fields.email} />
        </Form>
      )}
      <p className="form-links">
        <Link href="/login">Terug naar inloggen</Link>
      </p>
    </Page>
  );
}
