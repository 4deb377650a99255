import '../surveys/results/results.css';
import './contacts.css';
import type { Contact } from '@loop/core';
import {
  chooseSegment,
  contactFilterKey,
  isContactListFiltered,
  NO_SELECTION,
  segmentOf,
} from '@loop/core/contactsScreen';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { useCan } from '../organisation/useCan';
import { LoadFailed, Loading } from '../routing/Loading';
import { DownloadButton } from '../shell/DownloadButton';
import { Page } from '../shell/Page';
import { ContactFilters } from './ContactFilters';
import { ContactFormDialog } from './ContactFormDialog';
import { ContactImportPanel } from './ContactImportPanel';
import { ContactList } from './ContactList';
import { ContactMapPanel, ContactViewSwitch } from './ContactMapPanel';
import { ContactSegments } from './ContactSegments';
import { useContactsView } from './useContactMap';
import {
  useContactFacets,
  useContactListAddress,
  useContactSegments,
  useContactsUseCases,
} from './useContacts';

const LEAD =
  'De mensen aan wie je surveys stuurt: zoeken, filteren, bewaren als segment, importeren en exporteren.';

/**
 * /contacten: the organisation's contacts. Viewers may not see them (personal data); the server
 * refuses them too, so the screen says why instead of showing refusals.
 */
export function ContactsScreen() {
  const can = useCan();
  if (!can('contacts.manage'))
    return (
      <Page title="Contacten">
        <p className="alert alert-info" role="status">
          {PERMISSION_DENIED['contacts.manage']}
        </p>
        <Link href="/dashboard">Naar het dashboard</Link>
      </Page>
    );
  return <ContactsManager />;
}

function ContactsManager() {
  const contacts = useContactsUseCases();
  const [address, setAddress] = useContactListAddress();
  const [view, setView] = useContactsView();
  const facets = useContactFacets();
  const segments = useContactSegments();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  // A selection belongs to one filter: another filter starts with nothing selected.
  const filterKey = contactFilterKey(address);
  const [selected, setSelected] = useState({ key: filterKey, selection: NO_SELECTION });
  const selection = selected.key === filterKey ? selected.selection : NO_SELECTION;
  const segment = segmentOf(address, segments.value);
  const noContacts = facets.value !== null && facets.value.total === 0 && !isContactListFiltered(address);

  const actions = (
    <div className="row-actions contacts-actions">
      <button type="button" className="button" onClick={() => setEditing('new')}>
        Contact toevoegen
      </button>
      <button
        type="button"
        className="button button-secondary"
        aria-expanded={importing}
        onClick={() => setImporting((open) => !open)}
      >
        Importeren
      </button>
      {noContacts ? null : (
        <DownloadButton
          label="Exporteren"
          failed="Het exporteren is niet gelukt. Probeer het later opnieuw."
          download={async () => {
            const result = await contacts.exportContacts(address);
            return result.ok ? { ok: true } : { ok: false, message: result.detail };
          }}
        />
      )}
    </div>
  );

  return (
    <Page title="Contacten" width="full" lead={LEAD}>
      {facets.value === null ? (
        facets.error ? (
          <LoadFailed message={facets.error} onRetry={facets.reload} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          {actions}
          {importing ? <ContactImportPanel onClose={() => setImporting(false)} /> : null}
          {noContacts ? (
            importing ? null : (
              <section className="panel empty-state" aria-labelledby="contacts-empty-heading">
                <h2 id="contacts-empty-heading">Nog geen contacten</h2>
                <p>
                  Voeg de mensen toe aan wie je surveys wilt sturen, één voor één met 'Contact toevoegen', of
                  importeer ze in één keer uit een CSV-bestand (bijvoorbeeld opgeslagen vanuit Excel) met
                  'Importeren'.
                </p>
              </section>
            )
          ) : (
            <section className="panel" aria-labelledby="contacts-list-heading">
              <h2 id="contacts-list-heading" ref={headingRef} tabIndex={-1}>
                {segment ? `Segment '${segment.name}'` : 'Alle contacten'}
              </h2>
              <ContactSegments
                address={address}
                segments={segments.value ?? []}
                onAddress={setAddress}
                returnFocus={headingRef}
              />
              <ContactFilters
                address={address}
                facets={facets.value}
                segmentFilter={segment?.filter ?? null}
                onAddress={setAddress}
              />
              <ContactViewSwitch view={view} onView={setView} />
              {view === 'map' ? (
                <ContactMapPanel address={address} />
              ) : (
                <ContactList
                  address={address}
                  onAddress={setAddress}
                  selection={selection}
                  onSelection={(next) => setSelected({ key: filterKey, selection: next })}
                  onEdit={setEditing}
                  onClearFilter={() => setAddress(chooseSegment(address, null))}
                  returnFocus={headingRef}
                />
              )}
            </section>
          )}
        </>
      )}
      {editing !== null ? (
        <ContactFormDialog
          contact={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          returnFocus={headingRef}
        />
      ) : null}
    </Page>
  );
}
