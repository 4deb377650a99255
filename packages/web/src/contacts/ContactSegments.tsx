import type { ContactSegment } from '@loop/core';
import {
  type ContactListAddress,
  chooseSegment,
  contactCount,
  contactFilterOf,
  isContactListFiltered,
} from '@loop/core/contactsScreen';
import { type RefObject, useId, useState } from 'react';
import { useNotices } from '../app/useServices';
import { Field } from '../forms/Field';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { Dialog } from '../shell/Dialog';
import { useContactsChanged, useContactsUseCases } from './useContacts';

/**
 * The saved segments: pick one to list it, save the list's own filter as a new one, rename or
 * delete the chosen one. A taken name is refused by the server with its Dutch reason at the field.
 */
export function ContactSegments({
  address,
  segments,
  onAddress,
  returnFocus,
}: {
  address: ContactListAddress;
  segments: readonly ContactSegment[];
  onAddress: (next: ContactListAddress) => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const notices = useNotices();
  const contacts = useContactsUseCases();
  const changed = useContactsChanged();
  const id = useId();
  const [naming, setNaming] = useState<'new' | ContactSegment | null>(null);
  const [deleting, setDeleting] = useState<ContactSegment | null>(null);
  const [confirm, setConfirm] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const chosen = segments.find((segment) => segment.id === address.segment) ?? null;
  const canSave = address.segment === null && isContactListFiltered(address);

  async function remove() {
    if (deleting === null) return;
    setConfirm({ busy: true, error: null });
    const result = await contacts.removeSegment(deleting.id);
    if (!result.ok) {
      setConfirm({ busy: false, error: result.detail });
      return;
    }
    setConfirm({ busy: false, error: null });
    notices.success(`Het segment '${deleting.name}' is verwijderd. De contacten zelf blijven bestaan.`);
    setDeleting(null);
    onAddress(chooseSegment(address, null));
    changed();
  }

  return (
    <div className="contact-segments">
      <div className="field">
        <label htmlFor={`${id}-segment`}>Segment</label>
        <select
          id={`${id}-segment`}
          value={address.segment === null ? '' : String(address.segment)}
          onChange={(event) =>
            onAddress(chooseSegment(address, event.target.value === '' ? null : Number(event.target.value)))
          }
        >
          <option value="">{address.segment === null && canSave ? 'Eigen filter' : 'Alle contacten'}</option>
          {segments.map((segment) => (
            <option key={segment.id} value={segment.id}>
              {segment.name} ({contactCount(segment.contact_count)})
            </option>
          ))}
        </select>
      </div>
      <div className="row-actions">
        {canSave ? (
          <button type="button" className="button button-secondary" onClick={() => setNaming('new')}>
            Opslaan als segment
          </button>
        ) : null}
        {chosen !== null ? (
          <>
            <button
              type="button"
              className="button button-secondary"
              aria-label={`Naam wijzigen (segment ${chosen.name})`}
              onClick={() => setNaming(chosen)}
            >
              Naam wijzigen
            </button>
            <button
              type="button"
              className="button button-danger"
              aria-label={`Segment verwijderen (${chosen.name})`}
              onClick={() => {
                setConfirm({ busy: false, error: null });
                setDeleting(chosen);
              }}
            >
              Segment verwijderen
            </button>
          </>
        ) : null}
      </div>
      {naming !== null ? (
        <SegmentNameDialog
          segment={naming === 'new' ? null : naming}
          returnFocus={returnFocus}
          onClose={() => setNaming(null)}
          save={async (name) => {
            const result =
              naming === 'new'
                ? await contacts.saveSegment(name, contactFilterOf(address))
                : await contacts.renameSegment(naming.id, name);
            if (!result.ok) return result.fields.name ?? result.message ?? 'Het opslaan is niet gelukt.';
            notices.success(
              naming === 'new'
                ? `Het segment '${result.value.name}' is opgeslagen.`
                : `Het segment heet nu '${result.value.name}'.`,
            );
            setNaming(null);
            changed();
            if (naming === 'new') onAddress(chooseSegment(address, result.value.id));
            return null;
          }}
        />
      ) : null}
      {deleting !== null ? (
        <ConfirmDialog
          title="Segment verwijderen"
          confirmLabel="Segment verwijderen"
          busy={confirm.busy}
          error={confirm.error}
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(null)}
          returnFocus={returnFocus}
        >
          <p>
            Het segment '{deleting.name}' verdwijnt. De {contactCount(deleting.contact_count)} erin blijven
            bestaan.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The name of a new segment, or a new name for one; the server's refusal shows at the field. */
function SegmentNameDialog({
  segment,
  save,
  onClose,
  returnFocus,
}: {
  segment: ContactSegment | null;
  /** Answers null when saved, or the reason it was not. */
  save: (name: string) => Promise<string | null>;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const id = useId();
  const [name, setName] = useState(segment?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      title={segment === null ? 'Opslaan als segment' : 'Naam van het segment wijzigen'}
      busy={busy}
      onCancel={onClose}
      returnFocus={returnFocus}
    >
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (name.trim() === '') {
            setError('Vul een naam in voor het segment.');
            return;
          }
          setBusy(true);
          const problem = await save(name);
          setBusy(false);
          setError(problem);
        }}
      >
        {segment === null ? (
          <p>Het segment bewaart het huidige filter; wie er later aan voldoet, hoort er vanzelf bij.</p>
        ) : null}
        <Field
          id={`${id}-name`}
          label="Naam van het segment"
          autoComplete="off"
          maxLength={100}
          required
          value={name}
          error={error}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="actions">
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Bezig met opslaan...' : 'Opslaan'}
          </button>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
            Annuleren
          </button>
        </div>
      </form>
    </Dialog>
  );
}
