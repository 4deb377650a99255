import './contactMap.css';
import type { ContactMap } from '@loop/adapters/map';
import type { Contact, ContactPositionInput } from '@loop/core';
import {
  CONTACT_PLACEMENT_START,
  type ContactListAddress,
  type ContactsView,
  contactFilterKey,
  contactPlacementStep,
  isPlacing,
} from '@loop/core/contactsScreen';
import { useReducer, useRef, useState } from 'react';
import { LoadFailed, Loading } from '../routing/Loading';
import { MapCanvas } from './ContactMapCanvas';
import { MapColourSelect, MapLegend } from './ContactMapLegend';
import { ChosenContact, NotPlaced, PlacingControls } from './ContactPlacing';
import { CONTACT_MAP_TEXTS } from './contactMapTexts';
import { useContactMap, useContactMapUseCases, useMapColour } from './useContactMap';
import { useContactsChanged } from './useContacts';

export { CONTACT_MAP_TEXTS } from './contactMapTexts';

type Position = ContactPositionInput;

/** 'Lijst' | 'Kaart': the same contacts as a table or on the map. */
export function ContactViewSwitch({
  view,
  onView,
}: {
  view: ContactsView;
  onView: (view: ContactsView) => void;
}) {
  return (
    <fieldset className="contact-view-switch">
      <legend className="visually-hidden">Weergave</legend>
      <button
        type="button"
        className="button button-secondary"
        aria-pressed={view === 'list'}
        onClick={() => onView('list')}
      >
        Lijst
      </button>
      <button
        type="button"
        className="button button-secondary"
        aria-pressed={view === 'map'}
        onClick={() => onView('map')}
      >
        Kaart
      </button>
    </fieldset>
  );
}

/**
 * The map view of /contacten: the contacts of the list's filter or segment on a map (clustered), a
 * popup per contact, the legend, the notes on who is not on the map, and the list of those contacts,
 * each of which can be placed by hand: by dragging a pin, or at the map's centre for keyboard users.
 */
export function ContactMapPanel({ address }: { address: ContactListAddress }) {
  const [colour, setColour] = useMapColour();
  const map = useContactMap(address, colour);
  const useCases = useContactMapUseCases();
  const changed = useContactsChanged();
  const mapRef = useRef<ContactMap | null>(null);
  const [placement, dispatch] = useReducer(contactPlacementStep, CONTACT_PLACEMENT_START);
  const { placing, chosen, news, error } = placement;
  const [page, setPage] = useState({ key: contactFilterKey(address), page: 1 });
  const filterKey = contactFilterKey(address);
  const currentPage = page.key === filterKey ? page.page : 1;

  const save = async (contact: Contact, position: Position) => {
    dispatch({ type: 'sending' });
    const result = await useCases.place(contact.id, position);
    if (!result.ok) {
      dispatch({ type: 'failed', detail: result.detail });
      return;
    }
    dispatch({ type: 'saved', contact: result.value, name: contact.name });
    changed();
  };

  const unplace = async (contact: Contact) => {
    dispatch({ type: 'sending' });
    const result = await useCases.unplace(contact.id);
    if (!result.ok) {
      dispatch({ type: 'failed', detail: result.detail });
      return;
    }
    dispatch({ type: 'unplaced', name: contact.name });
    changed();
  };

  const colouring = map.value?.view.colouring ?? null;
  const popup = async (id: number) => {
    const result = await useCases.popup(id, colouring);
    if (!result.ok) return { title: 'Contact', lines: [result.detail] };
    dispatch({ type: 'chosen', contact: result.value.contact });
    return result.value.popup;
  };

  return (
    <div className="contact-map-view">
      <MapColourSelect colour={colour} onColour={setColour} />
      {map.value === null ? (
        map.error ? (
          <LoadFailed message={map.error} onRetry={map.reload} />
        ) : (
          <Loading text={CONTACT_MAP_TEXTS.loading} />
        )
      ) : (
        <>
          <MapCanvas
            screen={map.value}
            filterKey={filterKey}
            popup={popup}
            placing={placing}
            onMoved={(at) => dispatch({ type: 'moved', at })}
            mapRef={mapRef}
          />
          <MapLegend view={map.value.view} />
          {map.value.view.notes.length > 0 ? (
            <ul className="contact-map-notes">
              {map.value.view.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {news === null ? '' : CONTACT_MAP_TEXTS[news.kind](news.name)}
      </p>
      {error === null ? null : (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {chosen?.position ? (
        <ChosenContact
          contact={chosen}
          placing={isPlacing(placement, chosen)}
          onMove={() => dispatch({ type: 'move', contact: chosen })}
          onUnplace={() => void unplace(chosen)}
        />
      ) : null}
      {placing !== null && placing.contact.position !== null ? (
        <PlacingControls
          placing={placing}
          onSave={(position) => void save(placing.contact, position)}
          onCancel={() => dispatch({ type: 'cancel' })}
          centre={() => mapRef.current?.centre() ?? null}
        />
      ) : null}
      <NotPlaced
        address={address}
        page={currentPage}
        onPage={(next) => setPage({ key: filterKey, page: next })}
        placing={placing}
        onPlace={(contact) => dispatch({ type: 'place', contact })}
        onSave={(contact, position) => void save(contact, position)}
        onCancel={() => dispatch({ type: 'cancel' })}
        centre={() => mapRef.current?.centre() ?? null}
      />
    </div>
  );
}
