import { validateResetPassword } from '@loop/core/auth';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { NewPasswordFields, useNewPassword } from '../forms/AccountFields';
import { Form } from '../forms/Form';
import { FormAlert } from '../forms/FormAlert';
import { useForm } from '../forms/useForm';
import { Page } from '../shell/Page';

/** /reset-password/:token: a new password, typed twice. */
export function ResetPasswordScreen() {
  const auth = useInjection(TOKENS.AuthUseCases);
  const { token = '' } = useParams<{ token: string }>();
  const newPassword = useNewPassword();
  const [done, setDone] = useState<string | null>(null);

  const form = useForm({
    validate: () => ({
      ...validateResetPassword({ password: newPassword.password }),
      ...newPassword.mismatch(),
    }),
    action: () => auth.resetPassword(token, newPassword.password),
    onSuccess: setDone,
  });

  return (
    <Page title="Nieuw wachtwoord kiezen" width="narrow">
      {done ? (
        <FormAlert message={done} tone="success" />
      ) : (
        <Form form={form} submit="Wachtwoord opslaan" busyLabel="Bezig met opslaan...">
          <NewPasswordFields state={newPassword} errors={form.fields} />
        </Form>
      )}
      <p className="form-links">
        <Link href="/login">Naar inloggen</Link>
      </p>
    </Page>
  );
}
