import './contactMap.css';
import type { ContactMap } from '@loop/adapters/map';
import { type Contact, pageCount } from '@loop/core';
import { type ContactMapView, type LegendEntry, MAP_TONE_COLOURS, pointsBounds } from '@loop/core/contactMap';
import {
  type ContactListAddress,
  type ContactMapScreen,
  type ContactsView,
  contactAddressLine,
  contactFilterKey,
  NOT_PLACED_PAGE_SIZE,
} from '@loop/core/contactsScreen';
import { useEffect, useId, useRef, useState } from 'react';
import { LoadFailed, Loading } from '../routing/Loading';
import { Pager } from '../shell/Pager';
import {
  useContactMap,
  useContactMapUseCases,
  useCreateContactMap,
  useMapColour,
  useMapSurveys,
  useNotPlaced,
} from './useContactMap';
import { useContactsChanged } from './useContacts';

export const CONTACT_MAP_TEXTS = {
  heading: 'Kaart',
  loading: 'De kaart wordt geladen...',
  failed: 'De kaart kon niet worden getekend. Probeer het opnieuw.',
  mapLabel: 'Kaart van de contacten',
  placingHint:
    "Sleep de zwarte marker naar de juiste plek en kies 'Positie opslaan', of verschuif de kaart met de pijltjestoetsen en kies 'Hier plaatsen'.",
  saved: (name: string) => `${name} staat op de kaart.`,
  unplaced: (name: string) => `${name} wordt weer automatisch op de kaart gezet.`,
  allPlaced: 'Alle contacten van deze selectie staan op de kaart.',
  colourLabel: 'Kleur op',
  colourNone: 'Niets (één kleur)',
  colourNoSurveys:
    'Nog geen survey om op te kleuren: nodig contacten uit voor een survey, dan kleurt de kaart op hun antwoorden.',
  colourAnonymous: 'Anonieme surveys staan er niet bij: hun antwoorden zijn niet aan contacten gekoppeld.',
  colourBy: (by: 'nps' | 'status') => (by === 'nps' ? 'NPS' : 'status van de uitnodiging'),
} as const;

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

type Position = { readonly lat: number; readonly lng: number };

/** A contact being placed by hand: where its pin started (null: the map's centre) and where it is now. */
interface Placing {
  readonly contact: Contact;
  readonly start: Position | null;
  readonly at: Position | null;
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
  const [placing, setPlacing] = useState<Placing | null>(null);
  const [chosen, setChosen] = useState<Contact | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState({ key: contactFilterKey(address), page: 1 });
  const filterKey = contactFilterKey(address);
  const currentPage = page.key === filterKey ? page.page : 1;

  const save = async (contact: Contact, position: Position) => {
    setError(null);
    const result = await useCases.place(contact.id, position);
    if (!result.ok) {
      setError(result.detail);
      return;
    }
    setPlacing(null);
    setChosen(result.value);
    setStatus(CONTACT_MAP_TEXTS.saved(contact.name));
    changed();
  };

  const unplace = async (contact: Contact) => {
    setError(null);
    const result = await useCases.unplace(contact.id);
    if (!result.ok) {
      setError(result.detail);
      return;
    }
    setChosen(null);
    setStatus(CONTACT_MAP_TEXTS.unplaced(contact.name));
    changed();
  };

  const colouring = map.value?.view.colouring ?? null;
  const popup = async (id: number) => {
    const result = await useCases.popup(id, colouring);
    if (!result.ok) return { title: 'Contact', lines: [result.detail] };
    setChosen(result.value.contact);
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
            onMoved={(at) => setPlacing((current) => (current === null ? null : { ...current, at }))}
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
        {status}
      </p>
      {error === null ? null : (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {chosen?.position ? (
        <ChosenContact
          contact={chosen}
          placing={placing?.contact.id === chosen.id}
          onMove={() => setPlacing({ contact: chosen, start: chosen.position, at: chosen.position })}
          onUnplace={() => void unplace(chosen)}
        />
      ) : null}
      {placing !== null && placing.contact.position !== null ? (
        <PlacingControls
          placing={placing}
          onSave={(position) => void save(placing.contact, position)}
          onCancel={() => setPlacing(null)}
          centre={() => mapRef.current?.centre() ?? null}
        />
      ) : null}
      <NotPlaced
        address={address}
        page={currentPage}
        onPage={(next) => setPage({ key: filterKey, page: next })}
        placing={placing}
        onPlace={(contact) => setPlacing({ contact, start: null, at: null })}
        onSave={(contact, position) => void save(contact, position)}
        onCancel={() => setPlacing(null)}
        centre={() => mapRef.current?.centre() ?? null}
      />
    </div>
  );
}

/** Mounts the map (Leaflet loads with it), redraws on new points, fits a new filter, shows the pin. */
function MapCanvas({
  screen,
  filterKey,
  popup,
  placing,
  onMoved,
  mapRef,
}: {
  screen: ContactMapScreen;
  filterKey: string;
  popup: (id: number) => Promise<{ title: string; lines: readonly string[] }>;
  placing: Placing | null;
  onMoved: (at: Position) => void;
  mapRef: React.RefObject<ContactMap | null>;
}) {
  const createMap = useCreateContactMap();
  const element = useRef<HTMLElement>(null);
  const [ready, setReady] = useState<ContactMap | null>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ screen, popup, onMoved });
  latest.current = { screen, popup, onMoved };
  const { url, attribution, attribution_url: attributionUrl } = screen.tiles;

  useEffect(() => {
    const target = element.current;
    if (target === null) return;
    let live = true;
    let created: ContactMap | null = null;
    createMap(target, {
      tileUrl: url,
      attribution,
      attributionUrl,
      points: latest.current.screen.view.points,
      legend: latest.current.screen.view.legend,
      popup: (id) => latest.current.popup(id),
    }).then(
      (map) => {
        if (!live) return map.destroy();
        created = map;
        mapRef.current = map;
        setReady(map);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
      created?.destroy();
      mapRef.current = null;
      setReady(null);
    };
  }, [createMap, url, attribution, attributionUrl, mapRef]);

  // New points (a placement, a new filter, another colouring) are drawn; only a new filter moves the view.
  const { points, legend } = screen.view;
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (ready === null) return;
    ready.setPoints(points, legend);
    if (fitted.current !== null && fitted.current !== filterKey) ready.fit(pointsBounds(points));
    fitted.current = filterKey;
  }, [ready, points, legend, filterKey]);

  const placingId = placing?.contact.id ?? null;
  const start = useRef<Position | null>(null);
  start.current = placing?.start ?? null;
  useEffect(() => {
    if (ready === null || placingId === null) return;
    ready.place({
      id: placingId,
      at: start.current,
      onMoved: (lat, lng) => latest.current.onMoved({ lat, lng }),
    });
    // A pin without a position starts at the centre: that is where it is until it is dragged.
    if (start.current === null) latest.current.onMoved(ready.centre());
    return () => ready.place(null);
  }, [ready, placingId]);

  return (
    <>
      <section ref={element} className="contact-map" aria-label={CONTACT_MAP_TEXTS.mapLabel} />
      {failed ? (
        <p className="alert alert-error" role="alert">
          {CONTACT_MAP_TEXTS.failed}
        </p>
      ) : null}
    </>
  );
}

/**
 * 'Kleur op': the organisation's surveys the map can be coloured by (never anonymous ones), or
 * none. The choice is kept in the address (`kleur=12`).
 */
function MapColourSelect({
  colour,
  onColour,
}: {
  colour: number | null;
  onColour: (colour: number | null) => void;
}) {
  const surveys = useMapSurveys();
  const id = useId();
  const items = surveys.value ?? [];
  return (
    <div className="contact-map-colour">
      <label htmlFor={id}>{CONTACT_MAP_TEXTS.colourLabel}</label>
      <select
        id={id}
        value={colour === null ? '' : String(colour)}
        aria-describedby={`${id}-note`}
        onChange={(event) => onColour(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{CONTACT_MAP_TEXTS.colourNone}</option>
        {colour !== null && !items.some((survey) => survey.id === colour) ? (
          <option value={String(colour)}>{surveys.value === null ? 'Laden...' : `Survey ${colour}`}</option>
        ) : null}
        {items.map((survey) => (
          <option key={survey.id} value={String(survey.id)}>
            {`${survey.title} (${CONTACT_MAP_TEXTS.colourBy(survey.by)})`}
          </option>
        ))}
      </select>
      <p id={`${id}-note`} className="contact-note">
        {surveys.value !== null && items.length === 0
          ? CONTACT_MAP_TEXTS.colourNoSurveys
          : CONTACT_MAP_TEXTS.colourAnonymous}
      </p>
      {surveys.error ? <LoadFailed message={surveys.error} onRetry={surveys.reload} /> : null}
    </div>
  );
}

/** The legend: what each colour means, in words (and with a survey, how many contacts each). */
function MapLegend({ view }: { view: ContactMapView }) {
  const id = useId();
  const coloured = view.colouring !== null;
  const text = (entry: LegendEntry) =>
    coloured ? `${entry.label}: ${view.toneCounts[entry.tone]}` : entry.label;
  return (
    <div className="contact-map-legend-box">
      {coloured ? (
        <p id={id} className="contact-map-legend-title">
          {view.legendTitle}
        </p>
      ) : null}
      <ul
        className="contact-map-legend"
        {...(coloured ? { 'aria-labelledby': id } : { 'aria-label': 'Legenda' })}
      >
        {view.legend.map((entry) => (
          <li key={entry.tone}>
            <span
              className="contact-map-swatch"
              style={{ background: MAP_TONE_COLOURS[entry.tone] }}
              aria-hidden="true"
            />
            {text(entry)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The contact whose popup was opened last: moving it, or giving it back to the geocoder. */
function ChosenContact({
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
function PlacingControls({
  placing,
  onSave,
  onCancel,
  centre,
  describedBy,
}: {
  placing: Placing;
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
function NotPlaced({
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
  placing: Placing | null;
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
