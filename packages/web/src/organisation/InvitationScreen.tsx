import type { FormResult, InvitationLinkPreview } from '@loop/core';
import { PASSWORD_MIN_LENGTH } from '@loop/core/auth';
import { invitationStep, ROLE_LABELS } from '@loop/core/organisation';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useAsyncInjection, useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { CurrentPasswordField, NameField, NewPasswordField } from '../forms/AccountFields';
import { Form } from '../forms/Form';
import { useForm } from '../forms/useForm';
import { LoadFailed, Loading } from '../routing/Loading';
import { useSession } from '../session/useSession';
import { useQuery } from '../shared/useQuery';
import { Page } from '../shell/Page';
import { useCurrentUser } from './useCurrentUser';

/**
 * /uitnodiging/:token: an invitation into an organisation. Signed in with the invited address:
 * accept. Signed out: log in with that address, or create the account (the link proves the mailbox,
 * so no confirmation mail). Signed in with another address: sign out first.
 */
export function InvitationScreen() {
  const { token = '' } = useParams<{ token: string }>();
  const links = useAsyncInjection(TOKENS.InvitationLinkGateway);
  const users = useInjection(TOKENS.CurrentUserStore);
  const session = useSession();
  const { user } = useCurrentUser();
  const preview = useQuery(`invitation:${token}`, () => links.preview(token));
  const signedIn = session.status === 'authenticated';

  useEffect(() => {
    if (signedIn) void users.ensureLoaded();
  }, [signedIn, users]);

  if (preview.value === null) {
    return (
      <Page title="Uitnodiging" width="narrow">
        {preview.error ? (
          <>
            <LoadFailed message={preview.error} onRetry={preview.reload} />
            <p className="form-links">
              <Link href="/login">Naar inloggen</Link>
            </p>
          </>
        ) : (
          <Loading />
        )}
      </Page>
    );
  }
  if (signedIn && user === null) {
    return (
      <Page title="Uitnodiging" width="narrow">
        <Loading />
      </Page>
    );
  }

  const invitation = preview.value;
  const step = invitationStep(invitation, signedIn ? (user?.email ?? null) : null);
  const inviter = invitation.invited_by ?? 'Iemand';
  return (
    <Page title={`Uitnodiging voor ${invitation.organization_name}`} width="narrow">
      <p className="lead">
        {inviter} nodigt je uit om als {ROLE_LABELS[invitation.role].toLowerCase()} mee te werken in{' '}
        <strong>{invitation.organization_name}</strong> op Loop. De uitnodiging is voor{' '}
        <strong>{invitation.email}</strong>.
      </p>
      {step === 'expired' ? (
        <p className="alert alert-error" role="alert">
          Deze uitnodiging is verlopen. Vraag {inviter} om haar opnieuw te versturen.
        </p>
      ) : step === 'accept' ? (
        <AcceptStep token={token} invitation={invitation} />
      ) : step === 'other_account' ? (
        <OtherAccountStep invitation={invitation} signedInAs={user?.email ?? ''} />
      ) : step === 'login' ? (
        <LoginStep token={token} invitation={invitation} />
      ) : (
        <RegisterStep token={token} invitation={invitation} />
      )}
    </Page>
  );
}

/** After any way in: the organisation is current, so the dashboard shows it. */
function useEnter(invitation: InvitationLinkPreview) {
  const notices = useNotices();
  const [, navigate] = useLocation();
  return () => {
    notices.success(`Welkom bij ${invitation.organization_name}!`);
    navigate('/dashboard', { replace: true });
  };
}

function AcceptStep({ token, invitation }: { token: string; invitation: InvitationLinkPreview }) {
  const invitations = useAsyncInjection(TOKENS.InvitationUseCases);
  const enter = useEnter(invitation);
  const form = useForm({ action: () => invitations.accept(token), onSuccess: enter });
  return (
    <Form form={form} submit="Uitnodiging accepteren" busyLabel="Bezig met accepteren...">
      <p>Je bent ingelogd met het uitgenodigde adres.</p>
    </Form>
  );
}

function OtherAccountStep({
  invitation,
  signedInAs,
}: {
  invitation: InvitationLinkPreview;
  signedInAs: string;
}) {
  const auth = useInjection(TOKENS.AuthUseCases);
  const [busy, setBusy] = useState(false);
  return (
    <div className="notice">
      <p className="alert alert-info">
        Je bent ingelogd als {signedInAs}, maar deze uitnodiging is voor {invitation.email}. Log uit en log in
        met dat adres (of maak er een account mee aan) om de uitnodiging te accepteren.
      </p>
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={async () => {
          setBusy(true);
          await auth.logout();
          setBusy(false);
        }}
      >
        {busy ? 'Bezig met uitloggen...' : 'Uitloggen'}
      </button>
    </div>
  );
}

function LoginStep({ token, invitation }: { token: string; invitation: InvitationLinkPreview }) {
  const invitations = useAsyncInjection(TOKENS.InvitationUseCases);
  const enter = useEnter(invitation);
  const [password, setPassword] = useState('');
  const form = useForm({
    action: () => invitations.loginAndAccept(token, invitation.email, password),
    onSuccess: enter,
  });
  return (
    <>
      <p>Je hebt al een Loop-account met dit adres. Log in om de uitnodiging te accepteren.</p>
      <Form form={form} submit="Inloggen en accepteren" busyLabel="Bezig met inloggen...">
        <FixedEmail email={invitation.email} />
        <CurrentPasswordField
          value={password}
          onChange={setPassword}
          error={form.fields.password ?? form.fields.email}
        />
      </Form>
      <p className="form-links">
        <Link href="/forgot-password">Wachtwoord vergeten?</Link>
      </p>
    </>
  );
}

function RegisterStep({ token, invitation }: { token: string; invitation: InvitationLinkPreview }) {
  const invitations = useAsyncInjection(TOKENS.InvitationUseCases);
  const enter = useEnter(invitation);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const form = useForm<void>({
    action: (): Promise<FormResult<void>> =>
      invitations.registerAndEnter(token, { name, email: invitation.email, password }),
    onSuccess: enter,
  });
  return (
    <>
      <p>Maak je account aan met dit adres; je hoeft het niet meer te bevestigen.</p>
      <Form form={form} submit="Account aanmaken en deelnemen" busyLabel="Bezig met aanmaken...">
        <FixedEmail email={invitation.email} error={form.fields.email} />
        <NameField value={name} onChange={setName} error={form.fields.name} />
        <NewPasswordField
          label="Wachtwoord"
          minLength={PASSWORD_MIN_LENGTH}
          value={password}
          onChange={setPassword}
          error={form.fields.password}
        />
      </Form>
    </>
  );
}

/** The invited address, shown as the form's e-mail field but not editable. */
function FixedEmail({ email, error }: { email: string; error?: string | undefined }) {
  return (
    <div className="field">
      <label htmlFor="invited-email">E-mailadres</label>
      <input
        id="invited-email"
        type="email"
        value={email}
        readOnly
        autoComplete="username"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'invited-email-error' : undefined}
      />
      {error ? (
        <p id="invited-email-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
