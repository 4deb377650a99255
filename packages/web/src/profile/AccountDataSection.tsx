import type { CurrentUser } from '@loop/core';
import { useState } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { Field } from '../forms/Field';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { DownloadButton } from '../shell/DownloadButton';

/**
 * 'Je gegevens' on /profiel: download everything Loop holds about you, or delete your account
 * after your password and your address, typed.
 */
export function AccountDataSection({ user }: { user: CurrentUser }) {
  const notices = useNotices();
  const ownData = useAsyncInjection(TOKENS.OwnDataUseCases);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<{ busy: boolean; error: string | null; fields: Record<string, string> }>(
    {
      busy: false,
      error: null,
      fields: {},
    },
  );

  async function remove() {
    setState({ busy: true, error: null, fields: {} });
    const result = await ownData.deleteAccount({
      currentPassword: password,
      confirmEmail: typed,
      email: user.email,
    });
    if (result.ok) {
      notices.info('Je account is verwijderd.');
      return;
    }
    setState({ busy: false, error: result.message, fields: result.fields });
  }

  return (
    <section className="panel" aria-labelledby="own-data-heading">
      <h2 id="own-data-heading">Je gegevens</h2>
      <p>Download alles wat Loop over jou bewaart, of verwijder je account.</p>
      <div className="row-actions">
        <DownloadButton
          label="Download je gegevens"
          failed="Je gegevens konden niet worden gedownload."
          download={() => ownData.downloadAccount()}
        />
        <button
          type="button"
          className="button button-danger"
          onClick={() => {
            setPassword('');
            setTyped('');
            setState({ busy: false, error: null, fields: {} });
            setOpen(true);
          }}
        >
          Account verwijderen
        </button>
      </div>
      {open ? (
        <ConfirmDialog
          title="Account verwijderen"
          confirmLabel="Account definitief verwijderen"
          busy={state.busy}
          error={state.error}
          onConfirm={() => void remove()}
          onCancel={() => setOpen(false)}
        >
          <p>
            Je account, je lidmaatschappen en je sessies worden verwijderd. Organisaties waar jij het enige
            lid bent, gaan mee; surveys die je in gedeelde organisaties maakte, blijven daar bestaan. Dit kan
            niet ongedaan worden gemaakt.
          </p>
          <Field
            id="delete-account-password"
            label="Huidig wachtwoord"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={state.fields.current_password}
          />
          <Field
            id="delete-account-email"
            label={`Typ ${user.email} ter bevestiging`}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={state.fields.confirm_email}
          />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
