import type { ContactBulkRequest } from '@loop/core';
import {
  bulkSelectionOf,
  type ContactListAddress,
  type ContactListSelection,
  contactCount,
  contactEraseText,
  NO_SELECTION,
  selectedCount,
  tagsOfText,
} from '@loop/core/contactsScreen';
import { type RefObject, useId, useState } from 'react';
import { useNotices } from '../app/useServices';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { useContactsChanged, useContactsUseCases } from './useContacts';

/**
 * What can be done with the ticked contacts: 'Selecteer alle N' (every contact of the filter, also
 * on other pages), add or remove tags, and delete them (the AVG erase, after a confirmation).
 */
export function ContactBulkBar({
  address,
  selection,
  total,
  pageSelected,
  onSelection,
  returnFocus,
}: {
  address: ContactListAddress;
  selection: ContactListSelection;
  total: number;
  pageSelected: boolean;
  onSelection: (next: ContactListSelection) => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const notices = useNotices();
  const contacts = useContactsUseCases();
  const changed = useContactsChanged();
  const id = useId();
  const [tags, setTags] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const count = selectedCount(selection, total);
  const typedTags = tagsOfText(tags);

  async function run(request: ContactBulkRequest, done: (affected: number) => string): Promise<boolean> {
    setBusy(true);
    const result = await contacts.bulk(request);
    setBusy(false);
    if (!result.ok) {
      if (request.action === 'delete') setDeleteError(result.detail);
      else notices.error(result.detail);
      return false;
    }
    notices.success(done(result.value.affected));
    changed();
    return true;
  }

  async function changeTags(action: 'add_tags' | 'remove_tags') {
    const ok = await run(
      { action, tags: typedTags, selection: bulkSelectionOf(selection, address) },
      (affected) =>
        `${action === 'add_tags' ? 'Tags toegevoegd aan' : 'Tags verwijderd bij'} ${contactCount(affected)}.`,
    );
    if (ok) setTags('');
  }

  async function remove() {
    setDeleteError(null);
    const ok = await run(
      { action: 'delete', selection: bulkSelectionOf(selection, address) },
      (affected) => `${contactCount(affected)} verwijderd.`,
    );
    if (ok) {
      setDeleting(false);
      onSelection(NO_SELECTION);
    }
  }

  return (
    <section className="contacts-bulk" aria-label="Acties voor de geselecteerde contacten">
      <p role="status">
        {selection.kind === 'all'
          ? `Alle ${contactCount(total)} van dit filter zijn geselecteerd.`
          : `${contactCount(count)} geselecteerd.`}
      </p>
      <div className="row-actions">
        {selection.kind === 'rows' && pageSelected && total > count ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => onSelection({ kind: 'all' })}
          >
            Selecteer alle {contactCount(total)}
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={() => onSelection(NO_SELECTION)}>
          Selectie wissen
        </button>
      </div>
      <div className="contacts-bulk-tags">
        <div className="field">
          <label htmlFor={`${id}-tags`}>Tags (gescheiden door komma's)</label>
          <input
            id={`${id}-tags`}
            autoComplete="off"
            value={tags}
            disabled={busy}
            onChange={(event) => setTags(event.target.value)}
          />
        </div>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy || typedTags.length === 0}
          onClick={() => void changeTags('add_tags')}
        >
          Tags toevoegen
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy || typedTags.length === 0}
          onClick={() => void changeTags('remove_tags')}
        >
          Tags verwijderen
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={busy}
          onClick={() => {
            setDeleteError(null);
            setDeleting(true);
          }}
        >
          Verwijderen
        </button>
      </div>
      {deleting ? (
        <ConfirmDialog
          title={`${contactCount(count)} verwijderen`}
          confirmLabel="Definitief verwijderen"
          busy={busy}
          error={deleteError}
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(false)}
          returnFocus={returnFocus}
        >
          <p>
            {count === 1 ? 'Het geselecteerde contact wordt' : `De ${contactCount(count)} worden`} verwijderd.{' '}
            {contactEraseText(count)}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
