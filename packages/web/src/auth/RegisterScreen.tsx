import { PASSWORD_MIN_LENGTH } from '@loop/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { Field } from '../forms/Field';
import { FormAlert } from '../forms/FormAlert';
import { SubmitButton } from '../forms/SubmitButton';
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
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="form">
        <FormAlert message={form.message} />
        <Field
          id="name"
          label="Naam"
          autoComplete="name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={form.fields.name}
        />
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
        <Field
          id="password"
          label="Wachtwoord"
          type="password"
          autoComplete="new-password"
          hint={`Minimaal ${PASSWORD_MIN_LENGTH} tekens.`}
          required
          minLength={PASSWORD_MIN_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={form.fields.password}
        />
        <SubmitButton busy={form.busy} busyLabel="Bezig met aanmaken...">
          Account aanmaken
        </SubmitButton>
      </form>
      <p className="form-links">
        <Link href="/login">Heb je al een account? Log in</Link>
      </p>
    </Page>
  );
}
