import { PASSWORD_MIN_LENGTH } from '@loop/core/auth';
import { useState } from 'react';
import { Link } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { EmailField, NameField, NewPasswordField } from '../forms/AccountFields';
import { Form } from '../forms/Form';
import { useForm } from '../forms/useForm';
import { Page } from '../shell/Page';

/** /register: name, e-mail and password; then the server's "check your mail" message. */
export function RegisterScreen() {
  const auth = useInjection(TOKENS.AuthUseCases);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const form = useForm({
    action: () => auth.register({ name, email, password }),
    onSuccess: setDone,
  });

  if (done) {
    return (
      <Page title="Controleer je e-mail" width="narrow">
        <p className="alert alert-success" role="status">
          {done}
        </p>
        <p>
          Open de link in de e-mail om je account te activeren. Daarna kun je inloggen met{' '}
          <strong>{email.trim()}</strong>.
        </p>
        <p className="form-links">
          <Link href="/login">Naar inloggen</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title="Registreren" width="narrow">
      <Form form={form} submit="Account aanmaken" busyLabel="Bezig met aanmaken...">
        <NameField value={name} onChange={setName} error={form.fields.name} />
        <EmailField value={email} onChange={setEmail} error={form.fields.email} />
        <NewPasswordField
          label="Wachtwoord"
          minLength={PASSWORD_MIN_LENGTH}
          value={password}
          onChange={setPassword}
          error={form.fields.password}
        />
      </Form>
      <p className="form-links">
        <Link href="/login">Heb je al een account? Log in</Link>
      </p>
    </Page>
  );
}
