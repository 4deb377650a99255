import { type Contact, type ContactPositionInput, pageCount } from '@loop/core';
import {
  type ContactListAddress,
  type ContactPlacing,
  contactAddressLine,
  NOT_PLACED_PAGE_SIZE,
} from '@loop/core/contactsScreen';
import { useId } from 'react';
import { LoadFailed, Loading } from '../routing/Loading';
import { Pager } from '../shell/Pager';
import { CONTACT_MAP_TEXTS } from './contactMapTexts';
import { useNotPlaced } from './useContactMap';

type Position = ContactPositionInput;

/** The contact whose popup was opened last: moving it, or giving it back to the geocoder. */
export function ChosenContact({
  contact,
  placing,
  onMove,
  onUnplace,
}: {
  contact: Contact;
  placing: boolean;
  onMove: () => void;
  onUnplace: () => void;
}) {
  const manual = contact.position?.source === 'manual';
  return (
    <section className="contact-map-chosen" aria-labelledby="contact-map-chosen-heading">
      <h3 id="contact-map-chosen-heading">{contact.name}</h3>
      <p className="contact-note">
        {contactAddressLine(contact) || 'Geen adres'} ·{' '}
        {manual ? 'met de hand op de kaart gezet' : 'op de kaart gezet op het adres'}
      </p>
      {placing ? null : (
        <div className="row-actions">
          <button type="button" className="button button-secondary" onClick={onMove}>
            Verplaatsen
          </button>
          {manual ? (
            <button type="button" className="button button-secondary" onClick={onUnplace}>
              Terug naar automatisch
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** 'Positie opslaan' (where the pin is), 'Hier plaatsen' (the map's centre) and 'Annuleren'. */
export function PlacingControls({
  placing,
  onSave,
  onCancel,
  centre,
  describedBy,
}: {
  placing: ContactPlacing;
  onSave: (position: Position) => void;
  onCancel: () => void;
  centre: () => Position | null;
  describedBy?: string;
}) {
  const hintId = useId();
  const here = () => {
    const position = centre();
    if (position !== null) onSave(position);
  };
  return (
    <div className="contact-map-placing">
      <p id={hintId} className="contact-note">
        {CONTACT_MAP_TEXTS.placingHint}
      </p>
      <div className="row-actions">
        <button
          type="button"
          className="button"
          aria-describedby={describedBy ?? hintId}
          disabled={placing.at === null}
          onClick={() => placing.at !== null && onSave(placing.at)}
        >
          Positie opslaan
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-describedby={describedBy}
          onClick={here}
        >
          Hier plaatsen
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Annuleren
        </button>
      </div>
    </div>
  );
}

/** 'Niet op de kaart': the filter's contacts without a position, each to be placed by hand. */
export function NotPlaced({
  address,
  page,
  onPage,
  placing,
  onPlace,
  onSave,
  onCancel,
  centre,
}: {
  address: ContactListAddress;
  page: number;
  onPage: (page: number) => void;
  placing: ContactPlacing | null;
  onPlace: (contact: Contact) => void;
  onSave: (contact: Contact, position: Position) => void;
  onCancel: () => void;
  centre: () => Position | null;
}) {
  const list = useNotPlaced(address, page);
  const idPrefix = useId();
  const pages = list.value === null ? 1 : pageCount(list.value.total, NOT_PLACED_PAGE_SIZE);
  return (
    <section className="contact-map-unplaced" aria-labelledby={`${idPrefix}-heading`}>
      <h3 id={`${idPrefix}-heading`}>
        Niet op de kaart{list.value !== null && list.value.total > 0 ? ` (${list.value.total})` : ''}
      </h3>
      {list.value === null ? (
        list.error ? (
          <LoadFailed message={list.error} onRetry={list.reload} />
        ) : (
          <Loading />
        )
      ) : list.value.total === 0 ? (
        <p className="contact-note">{CONTACT_MAP_TEXTS.allPlaced}</p>
      ) : (
        <>
          <ul className="contact-map-unplaced-list">
            {list.value.items.map((contact) => {
              const nameId = `${idPrefix}-${contact.id}`;
              const active = placing?.contact.id === contact.id;
              return (
                <li key={contact.id}>
                  <div>
                    <strong id={nameId}>{contact.name}</strong>
                    <div className="contact-note">{contactAddressLine(contact) || 'Geen adres'}</div>
                  </div>
                  {active && placing !== null ? (
                    <PlacingControls
                      placing={placing}
                      onSave={(position) => onSave(contact, position)}
                      onCancel={onCancel}
                      centre={centre}
                      describedBy={nameId}
                    />
                  ) : (
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-describedby={nameId}
                      onClick={() => onPlace(contact)}
                    >
                      Plaats op de kaart
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {pages > 1 ? (
            <Pager
              label="Pagina's van niet geplaatste contacten"
              page={page}
              pages={pages}
              busy={list.loading}
              onPage={onPage}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
