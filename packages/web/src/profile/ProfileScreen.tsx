import { type CurrentUser, PASSWORD_MIN_LENGTH, validatePasswordChange } from '@loop/core';
import { useEffect, useRef, useState } from 'react';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { PASSWORDS_DIFFER } from '../auth/passwordRules';
import { Field } from '../forms/Field';
import { FormAlert } from '../forms/FormAlert';
import { SubmitButton } from '../forms/SubmitButton';
import { useForm } from '../forms/useForm';
import { notify } from '../notifications/notify';
import { useCurrentUser } from '../organisation/useCurrentUser';
import { Loading } from '../routing/Loading';
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
          <div className="alert alert-error" role="alert">
            <p>Je gegevens konden niet worden geladen.</p>
            <button type="button" className="button button-secondary" onClick={() => void users.reload()}>
              Opnieuw proberen
            </button>
          </div>
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
        <SubmitButton busy={form.busy} busyLabel="Bezig met opslaan...">
          Gegevens opslaan
        </SubmitButton>
      </form>
    </section>
  );
}

function PasswordForm() {
  const users = useInjection(TOKENS.CurrentUserStore);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useForm({
    validate: () => ({
      ...validatePasswordChange({ current_password: current, new_password: next }),
      ...(confirm !== next ? { confirm_password: PASSWORDS_DIFFER } : {}),
    }),
    action: () => users.changePassword({ current_password: current, new_password: next }),
    onSuccess: (message) => {
      setCurrent('');
      setNext('');
      setConfirm('');
      notify.success(message);
    },
  });
  return (
    <section className="panel" aria-labelledby="password-heading">
      <h2 id="password-heading">Wachtwoord wijzigen</h2>
      <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="form">
        <FormAlert message={form.message} />
        <Field
          id="current_password"
          label="Huidig wachtwoord"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={form.fields.current_password}
        />
        <Field
          id="new_password"
          label="Nieuw wachtwoord"
          type="password"
          autoComplete="new-password"
          hint={`Minimaal ${PASSWORD_MIN_LENGTH} tekens.`}
          required
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={form.fields.new_password}
        />
        <Field
          id="confirm_password"
          label="Herhaal het nieuwe wachtwoord"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={form.fields.confirm_password}
        />
        <SubmitButton busy={form.busy} busyLabel="Bezig met wijzigen...">
          Wachtwoord wijzigen
        </SubmitButton>
      </form>
    </section>
  );
}
