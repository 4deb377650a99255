import { type Contact, type ContactSort, pageCount } from '@loop/core';
import {
  ariaSortOf,
  CONTACT_PAGE_SIZE,
  type ContactListAddress,
  type ContactListSelection,
  contactCount,
  contactEraseText,
  isContactListFiltered,
  isPageSelected,
  isRowSelected,
  selectedCount,
  sortContactsBy,
  togglePage,
  toggleRow,
} from '@loop/core/contactsScreen';
import { type RefObject, useEffect, useState } from 'react';
import { useNotices } from '../app/useServices';
import { LoadFailed, Loading } from '../routing/Loading';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { labelCells } from '../shell/labelCells';
import { Pager } from '../shell/Pager';
import { ContactBulkBar } from './ContactBulkBar';
import { useContactList, useContactsChanged, useContactsUseCases } from './useContacts';

const COLUMNS: readonly { label: string; sort: ContactSort | null }[] = [
  { label: 'Naam', sort: 'name' },
  { label: 'E-mail', sort: 'email' },
  { label: 'Organisatie', sort: 'company' },
  { label: 'Plaats', sort: 'city' },
  { label: 'Tags', sort: null },
];

/**
 * The list's page as a table: sortable by its column headers (aria-sort), a checkbox per row and one
 * for the page, the bulk actions for what is ticked, and per row 'Wijzigen' and 'Verwijderen' (the
 * AVG erase, after a confirmation that says so).
 */
export function ContactList({
  address,
  onAddress,
  selection,
  onSelection,
  onEdit,
  onClearFilter,
  returnFocus,
}: {
  address: ContactListAddress;
  onAddress: (next: ContactListAddress) => void;
  selection: ContactListSelection;
  onSelection: (next: ContactListSelection) => void;
  onEdit: (contact: Contact) => void;
  onClearFilter: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const contacts = useContactsUseCases();
  const changed = useContactsChanged();
  const notices = useNotices();
  const list = useContactList(address);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [confirm, setConfirm] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });

  async function remove() {
    if (deleting === null) return;
    setConfirm({ busy: true, error: null });
    const result = await contacts.removeContact(deleting.id);
    if (!result.ok) {
      setConfirm({ busy: false, error: result.detail });
      return;
    }
    setConfirm({ busy: false, error: null });
    notices.success(`${deleting.name} is verwijderd.`);
    onSelection(
      selection.kind === 'rows'
        ? { kind: 'rows', ids: selection.ids.filter((id) => id !== deleting.id) }
        : selection,
    );
    setDeleting(null);
    changed();
  }

  const page = list.value;
  const pages = page === null ? 1 : pageCount(page.total, CONTACT_PAGE_SIZE);
  // A page beyond the last (contacts deleted meanwhile, an old bookmark): the last page instead.
  const beyond = page !== null && page.items.length === 0 && page.total > 0 && address.page > pages;
  useEffect(() => {
    if (beyond) onAddress({ ...address, page: pages });
  }, [beyond, address, pages, onAddress]);
  if (page === null)
    return list.error ? <LoadFailed message={list.error} onRetry={list.reload} /> : <Loading />;
  if (page.total === 0)
    return (
      <div className="contacts-none">
        <p role="status">
          {isContactListFiltered(address)
            ? 'Geen contacten gevonden met dit filter.'
            : 'Er zijn nog geen contacten.'}
        </p>
        {isContactListFiltered(address) ? (
          <button type="button" className="button button-secondary" onClick={onClearFilter}>
            Wis filters
          </button>
        ) : null}
      </div>
    );
  const pageIds = page.items.map((contact) => contact.id);

  return (
    <>
      <p role="status" className="field-hint">
        {contactCount(page.total)}
      </p>
      {selectedCount(selection, page.total) > 0 ? (
        <ContactBulkBar
          address={address}
          selection={selection}
          total={page.total}
          pageSelected={isPageSelected(selection, pageIds)}
          onSelection={onSelection}
          returnFocus={returnFocus}
        />
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls sideways on phones and must be reachable by keyboard */}
      <section className="table-scroll table-cards" aria-label="Contacten" tabIndex={0}>
        <table className="contacts-table" ref={labelCells}>
          <thead>
            <tr>
              <th scope="col" className="contacts-check">
                <input
                  type="checkbox"
                  aria-label="Alle contacten op deze pagina selecteren"
                  checked={isPageSelected(selection, pageIds)}
                  onChange={() => onSelection(togglePage(selection, pageIds))}
                />
              </th>
              {COLUMNS.map((column) =>
                column.sort === null ? (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ) : (
                  <th key={column.label} scope="col" aria-sort={ariaSortOf(address, column.sort)}>
                    <button
                      type="button"
                      className="contacts-sort"
                      onClick={() => onAddress(sortContactsBy(address, column.sort as ContactSort))}
                    >
                      {column.label}
                      <span aria-hidden="true">
                        {address.sort === column.sort ? (address.order === 'asc' ? ' ▲' : ' ▼') : ''}
                      </span>
                    </button>
                  </th>
                ),
              )}
              <th scope="col">Acties</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((contact) => (
              <tr key={contact.id} data-contact-id={contact.id}>
                <td className="contacts-check">
                  <input
                    type="checkbox"
                    aria-label={`${contact.name} selecteren`}
                    checked={isRowSelected(selection, contact.id)}
                    onChange={() => onSelection(toggleRow(selection, contact.id, pageIds))}
                  />
                </td>
                <td>
                  {contact.name}
                  {contact.unsubscribed_at !== null ? (
                    <span className="contact-note"> (afgemeld)</span>
                  ) : null}
                </td>
                <td className="contacts-email">{contact.email}</td>
                <td>{contact.company ?? ''}</td>
                <td>{contact.city ?? ''}</td>
                <td>{contact.tags.join(', ')}</td>
                <td>
                  <div className="row-actions">
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`${contact.name} wijzigen`}
                      onClick={() => onEdit(contact)}
                    >
                      Wijzigen
                    </button>
                    <button
                      type="button"
                      className="button button-danger"
                      aria-label={`${contact.name} verwijderen`}
                      onClick={() => {
                        setConfirm({ busy: false, error: null });
                        setDeleting(contact);
                      }}
                    >
                      Verwijderen
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {pages > 1 ? (
        <Pager
          label="Pagina's van de contacten"
          page={address.page}
          pages={pages}
          busy={list.loading}
          onPage={(next) => onAddress({ ...address, page: next })}
        />
      ) : null}
      {deleting !== null ? (
        <ConfirmDialog
          title="Contact verwijderen"
          confirmLabel="Definitief verwijderen"
          busy={confirm.busy}
          error={confirm.error}
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(null)}
          returnFocus={returnFocus}
        >
          <p>
            {deleting.name} ({deleting.email}) wordt verwijderd. {contactEraseText(1)}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
