import type { ContactFacets, ContactFilter } from '@loop/core';
import {
  type ContactFilterPatch,
  type ContactListAddress,
  changeContactFilter,
  filterPartsOf,
} from '@loop/core/contactsScreen';
import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../surveys/results/useResults';

/**
 * The list's search (sent once typing rests), tags and attributes from what the organisation uses
 * (GET /contacts/facets), and 'Alleen afgemeld' / 'Niet op de kaart'. Within a segment the controls
 * show the segment's filter; changing one makes it the list's own filter.
 */
export function ContactFilters({
  address,
  facets,
  segmentFilter,
  onAddress,
}: {
  address: ContactListAddress;
  facets: ContactFacets;
  /** The chosen segment's filter; null without a segment (or while the segments load). */
  segmentFilter: ContactFilter | null;
  onAddress: (next: ContactListAddress) => void;
}) {
  const id = useId();
  const parts = address.segment !== null && segmentFilter !== null ? filterPartsOf(segmentFilter) : address;
  const change = (patch: ContactFilterPatch) => onAddress(changeContactFilter(address, patch, segmentFilter));
  const [text, setText] = useState(parts.q);
  const typed = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // What the search field last put in the address: a different q came from elsewhere (a segment,
  // 'Wis filters', Back) and replaces what the field shows.
  const sent = useRef(parts.q);
  // biome-ignore lint/correctness/useExhaustiveDependencies: sends only when the typed text has rested
  useEffect(() => {
    if (typed === sent.current) return;
    sent.current = typed;
    change({ q: typed });
  }, [typed]);
  useEffect(() => {
    if (parts.q === sent.current) return;
    sent.current = parts.q;
    setText(parts.q);
  }, [parts.q]);
  const [attributeKey, setAttributeKey] = useState('');
  const [attributeValue, setAttributeValue] = useState('');
  const tagsLeft = facets.tags.filter((facet) => !parts.tags.includes(facet.tag));
  const attributes = Object.entries(parts.attributes);

  return (
    <search className="contact-filters" aria-label="Contacten zoeken en filteren">
      <div className="contact-filter-row">
        <div className="field">
          <label htmlFor={`${id}-q`}>Zoeken</label>
          <input
            id={`${id}-q`}
            type="search"
            autoComplete="off"
            maxLength={200}
            placeholder="Naam, e-mail, organisatie of plaats"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-tag`}>Tag</label>
          <select
            id={`${id}-tag`}
            value=""
            disabled={tagsLeft.length === 0}
            onChange={(event) => {
              if (event.target.value !== '') change({ tags: [...parts.tags, event.target.value] });
            }}
          >
            <option value="">{tagsLeft.length === 0 ? 'Geen (andere) tags' : 'Kies een tag'}</option>
            {tagsLeft.map((facet) => (
              <option key={facet.tag} value={facet.tag}>
                {facet.tag} ({facet.count})
              </option>
            ))}
          </select>
        </div>
        {facets.attribute_keys.length > 0 ? (
          <form
            className="contact-attribute-filter"
            aria-label="Filter op kenmerk"
            onSubmit={(event) => {
              event.preventDefault();
              if (attributeKey === '' || attributeValue.trim() === '') return;
              change({ attributes: { ...parts.attributes, [attributeKey]: attributeValue } });
              setAttributeValue('');
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-attr-key`}>Kenmerk</label>
              <select
                id={`${id}-attr-key`}
                value={attributeKey}
                onChange={(event) => setAttributeKey(event.target.value)}
              >
                <option value="">Kies een kenmerk</option>
                {facets.attribute_keys.map((facet) => (
                  <option key={facet.key} value={facet.key}>
                    {facet.key} ({facet.count})
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-attr-value`}>Waarde</label>
              <input
                id={`${id}-attr-value`}
                autoComplete="off"
                value={attributeValue}
                onChange={(event) => setAttributeValue(event.target.value)}
              />
            </div>
            <button
              type="submit"
              className="button button-secondary"
              disabled={attributeKey === '' || attributeValue.trim() === ''}
            >
              Filter toevoegen
            </button>
          </form>
        ) : null}
      </div>
      <div className="contact-filter-row">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={parts.subscribed === false}
            onChange={(event) => change({ subscribed: event.target.checked ? false : null })}
          />{' '}
          Alleen afgemeld
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={parts.placed === false}
            onChange={(event) => change({ placed: event.target.checked ? false : null })}
          />{' '}
          Niet op de kaart
        </label>
      </div>
      {parts.tags.length > 0 || attributes.length > 0 ? (
        <ul className="contact-chips" aria-label="Gekozen filters">
          {parts.tags.map((tag) => (
            <li key={`tag:${tag}`}>
              <button
                type="button"
                className="contact-chip"
                aria-label={`Tag ${tag} uit het filter halen`}
                onClick={() => change({ tags: parts.tags.filter((other) => other !== tag) })}
              >
                Tag: {tag} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
          {attributes.map(([key, value]) => (
            <li key={`attr:${key}`}>
              <button
                type="button"
                className="contact-chip"
                aria-label={`Kenmerk ${key} is ${value} uit het filter halen`}
                onClick={() => {
                  const rest = { ...parts.attributes };
                  delete rest[key];
                  change({ attributes: rest });
                }}
              >
                {key}: {value} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </search>
  );
}
