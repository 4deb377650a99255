import type { CurrentUser } from '@loop/core';
import { validatePasswordChange } from '@loop/core/auth';
import { useEffect, useRef, useState } from 'react';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import {
  CurrentPasswordField,
  EmailField,
  NameField,
  NewPasswordFields,
  useNewPassword,
} from '../forms/AccountFields';
import { Form } from '../forms/Form';
import { FormAlert } from '../forms/FormAlert';
import { useForm } from '../forms/useForm';
import { useCurrentUser } from '../organisation/useCurrentUser';
import { LoadFailed, Loading } from '../routing/Loading';
import { Page } from '../shell/Page';
import { AccountDataSection } from './AccountDataSection';

/** /profiel: the name, the e-mail address (changed only after confirmation) and the password. */
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
      <NameForm user={user} />
      <EmailSection user={user} />
      <PasswordForm />
      <AccountDataSection user={user} />
    </Page>
  );
}

function NameForm({ user }: { user: CurrentUser }) {
  const notices = useNotices();
  const users = useInjection(TOKENS.CurrentUserStore);
  const [name, setName] = useState(user.name);
  const shown = useRef(user.name);

  // Fresh data from the server replaces the field unless the user has started editing it.
  useEffect(() => {
    setName((current) => (current === shown.current ? user.name : current));
    shown.current = user.name;
  }, [user.name]);
  const form = useForm({
    action: () => users.updateProfile({ name }),
    onSuccess: (saved) => {
      setName(saved.name);
      notices.success('Je naam is opgeslagen.');
    },
  });
  return (
    <section className="panel" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Naam</h2>
      <Form form={form} submit="Naam opslaan" busyLabel="Bezig met opslaan...">
        <NameField value={name} onChange={setName} error={form.fields.name} />
      </Form>
    </section>
  );
}

/**
 * The address: a new one needs the current password and takes effect only once confirmed from the
 * new mailbox; until then the old one stays the login, and the pending one can be withdrawn.
 */
function EmailSection({ user }: { user: CurrentUser }) {
  const notices = useNotices();
  const users = useInjection(TOKENS.CurrentUserStore);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const form = useForm({
    action: () => users.changeEmail({ new_email: email, current_password: password }),
    onSuccess: (message) => {
      setSent(message);
      setEmail('');
      setPassword('');
    },
  });

  async function cancel() {
    setCancelling(true);
    const result = await users.cancelEmailChange();
    setCancelling(false);
    if (result.ok) {
      setSent(null);
      notices.info('De wijziging van je e-mailadres is ingetrokken.');
    } else {
      notices.error(result.message ?? 'De wijziging kon niet worden ingetrokken.');
    }
  }

  return (
    <section className="panel" aria-labelledby="email-heading">
      <h2 id="email-heading">E-mailadres</h2>
      <p>
        Je logt in met <strong>{user.email}</strong>.
      </p>
      {user.pending_email ? (
        <div className="notice">
          <p className="alert alert-info" role="status">
            Wacht op bevestiging van <strong>{user.pending_email}</strong>. Open de link in de e-mail aan dat
            adres; tot dan blijft {user.email} je login.
          </p>
          <button
            type="button"
            className="button button-secondary"
            onClick={cancel}
            disabled={cancelling}
            aria-busy={cancelling || undefined}
          >
            {cancelling ? 'Bezig met intrekken...' : 'Wijziging intrekken'}
          </button>
        </div>
      ) : null}
      <FormAlert message={sent} tone="success" />
      <h3>E-mailadres wijzigen</h3>
      <Form form={form} submit="Bevestigingslink sturen" busyLabel="Bezig met versturen...">
        <EmailField
          id="new_email"
          label="Nieuw e-mailadres"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={form.fields.new_email}
        />
        <CurrentPasswordField
          id="email_current_password"
          label="Huidig wachtwoord"
          value={password}
          onChange={setPassword}
          error={form.fields.current_password}
        />
      </Form>
    </section>
  );
}

// new_password is the API's field name, so the server's error for it lands on that field.
const PASSWORD_CHANGE_IDS = { password: 'new_password', confirm: 'confirm_password' } as const;

function PasswordForm() {
  const notices = useNotices();
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
      notices.success(message);
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
