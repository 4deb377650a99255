import { PASSWORD_MIN_LENGTH, validateResetPassword } from '@loop/core';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { Field } from '../forms/Field';
import { FormAlert } from '../forms/FormAlert';
import { SubmitButton } from '../forms/SubmitButton';
import { useForm } from '../forms/useForm';
import { Page } from '../shell/Page';
import { PASSWORDS_DIFFER } from './passwordRules';

/** /reset-password/:token: a new password, typed twice. */
export function ResetPasswordScreen() {
  const auth = useInjection(TOKENS.AuthUseCases);
  const { token = '' } = useParams<{ token: string }>();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const form = useForm({
    validate: () => ({
      ...validateResetPassword({ password }),
      ...(confirm !== password ? { confirm: PASSWORDS_DIFFER } : {}),
    }),
    action: () => auth.resetPassword(token, password),
    onSuccess: setDone,
  });

  return (
    <Page title="Nieuw wachtwoord kiezen" width="narrow">
      {done ? (
        <FormAlert message={done} tone="success" />
      ) : (
        <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="form">
          <FormAlert message={form.message} />
          <Field
            id="password"
            label="Nieuw wachtwoord"
            type="password"
            autoComplete="new-password"
            hint={`Minimaal ${PASSWORD_MIN_LENGTH} tekens.`}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={form.fields.password}
          />
          <Field
            id="confirm"
            label="Herhaal het nieuwe wachtwoord"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={form.fields.confirm}
          />
          <SubmitButton busy={form.busy} busyLabel="Bezig met opslaan...">
            Wachtwoord opslaan
          </SubmitButton>
        </form>
      )}
      <p className="form-links">
        <Link href="/login">Naar inloggen</Link>
      </p>
    </Page>
  );
}
