import { type CurrentUser, validatePasswordChange } from '@loop/core';
import { useEffect, useRef, useState } from 'react';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import {
  CurrentPasswordField,
  EmailField,
  NameField,
  NewPasswordFields,
  useNewPassword,
} from '../forms/AccountFields';
import { Form } from '../forms/Form';
import { useForm } from '../forms/useForm';
import { notify } from '../notifications/notify';
import { useCurrentUser } from '../organisation/useCurrentUser';
import { LoadFailed, Loading } from '../routing/Loading';
import { Page } from '../shell/Page';

/** /profiel: name and e-mail, and a password change. */
export function ProfileScreen() {
  const users = useInjection(TOKENS.CurrentUserStore);
  const { status, user } = useCurrentUser();

  // The form edits what the server holds now, not what was loaded when the app started.
  useEffect(() => {
    void users.reload();
  }, [users]);

  if (!user) {
    return (
      <Page title="Profiel">
        {status === 'failed' ? (
          <LoadFailed message="Je gegevens konden niet worden geladen." onRetry={() => void users.reload()} />
        ) : (
          <Loading />
        )}
      </Page>
    );
  }
  return (
    <Page title="Profiel">
      <ProfileForm user={user} />
      <PasswordForm />
    </Page>
  );
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const users = useInjection(TOKENS.CurrentUserStore);
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const shown = useRef({ name: user.name, email: user.email });

  // Fresh data from the server replaces a field unless the user has started editing it.
  useEffect(() => {
    setName((current) => (current === shown.current.name ? user.name : current));
    setEmail((current) => (current === shown.current.email ? user.email : current));
    shown.current = { name: user.name, email: user.email };
  }, [user.name, user.email]);
  const form = useForm({
    action: () => users.updateProfile({ name, email }),
    onSuccess: (saved) => {
      setName(saved.name);
      setEmail(saved.email);
      notify.success('Je profiel is opgeslagen.');
    },
  });
  return (
    <section className="panel" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Gegevens</h2>
      <Form form={form} submit="Gegevens opslaan" busyLabel="Bezig met opslaan...">
        <NameField value={name} onChange={setName} error={form.fields.name} />
        <EmailField value={email} onChange={setEmail} error={form.fields.email} />
      </Form>
    </section>
  );
}

// new_password is the API's field name, so the server's error for it lands on that field.
const PASSWORD_CHANGE_IDS = { password: 'new_password', confirm: 'confirm_password' } as const;

function PasswordForm() {
  const users = useInjection(TOKENS.CurrentUserStore);
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword(PASSWORD_CHANGE_IDS);
  const next = newPassword.password;
  const form = useForm({
    validate: () => ({
      ...validatePasswordChange({ current_password: current, new_password: next }),
      ...newPassword.mismatch(),
    }),
    action: () => users.changePassword({ current_password: current, new_password: next }),
    onSuccess: (message) => {
      setCurrent('');
      newPassword.clear();
      notify.success(message);
    },
  });
  return (
    <section className="panel" aria-labelledby="password-heading">
      <h2 id="password-heading">Wachtwoord wijzigen</h2>
      <Form form={form} submit="Wachtwoord wijzigen" busyLabel="Bezig met wijzigen...">
        <CurrentPasswordField
          id="current_password"
          label="Huidig wachtwoord"
          value={current}
          onChange={setCurrent}
          error={form.fields.current_password}
        />
        <NewPasswordFields state={newPassword} errors={form.fields} />
      </Form>
    </section>
  );
}
