import type { Contact } from '@loop/core';
import { DEFAULT_CONTACT_LIST } from '@loop/core/contactsScreen';
import {
  type InvitationChoices,
  pickContact,
  RECIPIENT_MODE_LABELS,
  RECIPIENT_MODES,
  type RecipientMode,
  unpickContact,
} from '@loop/core/invitations';
import { useId, useState } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useQuery } from '../shared/useQuery';
import { useDebouncedValue } from '../surveys/results/useResults';

/**
 * Whom to invite: a saved segment, contacts carrying every chosen tag, or contacts picked by hand
 * (searched by name, e-mail, organisation or place). Segments and tags come from /contacten.
 */
export function RecipientPicker({
  choices,
  onChange,
  error,
}: {
  choices: InvitationChoices;
  onChange: (next: InvitationChoices) => void;
  error: string | undefined;
}) {
  const id = useId();
  const contacts = useAsyncInjection(TOKENS.ContactsUseCases);
  const segments = useQuery('contact-segments', () => contacts.segments());
  const facets = useQuery('contact-facets', () => contacts.facets());
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 250);
  const found = useQuery(`invite-search:${q}`, () =>
    q === ''
      ? Promise.resolve({
          ok: true as const,
          value: { items: [] as Contact[], total: 0, page: 1, page_size: 10 },
        })
      : contacts.list({ ...DEFAULT_CONTACT_LIST, q }, 10),
  );
  const setMode = (mode: RecipientMode) => onChange({ ...choices, mode });
  const toggleTag = (tag: string) =>
    onChange({
      ...choices,
      tags: choices.tags.includes(tag)
        ? choices.tags.filter((t) => t !== tag)
        : [...choices.tags, tag].sort(),
    });

  return (
    <fieldset className="invite-recipients" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Ontvangers</legend>
      <div className="invite-modes" role="radiogroup" aria-label="Hoe kies je de ontvangers?">
        {RECIPIENT_MODES.map((mode) => (
          <label key={mode} className="radio">
            <input
              type="radio"
              name={`${id}-mode`}
              value={mode}
              checked={choices.mode === mode}
              onChange={() => setMode(mode)}
            />
            {RECIPIENT_MODE_LABELS[mode]}
          </label>
        ))}
      </div>

      {choices.mode === 'segment' ? (
        <div className="field">
          <label htmlFor={`${id}-segment`}>Segment</label>
          <select
            id={`${id}-segment`}
            value={choices.segmentId ?? ''}
            onChange={(event) =>
              onChange({
                ...choices,
                segmentId: event.target.value === '' ? null : Number(event.target.value),
              })
            }
          >
            <option value="">Kies een segment…</option>
            {(segments.value ?? []).map((segment) => (
              <option key={segment.id} value={segment.id}>
                {segment.name} ({segment.contact_count})
              </option>
            ))}
          </select>
          {segments.value?.length === 0 ? (
            <p className="field-hint">Er zijn nog geen segmenten. Maak er een op de pagina Contacten.</p>
          ) : null}
        </div>
      ) : null}

      {choices.mode === 'tags' ? (
        (facets.value?.tags.length ?? 0) === 0 ? (
          <p className="field-hint">Je contacten hebben nog geen tags.</p>
        ) : (
          <fieldset className="invite-tags">
            <legend>Contacten met al deze tags</legend>
            {(facets.value?.tags ?? []).map(({ tag, count }) => (
              <label key={tag} className="checkbox">
                <input type="checkbox" checked={choices.tags.includes(tag)} onChange={() => toggleTag(tag)} />
                {tag} ({count})
              </label>
            ))}
          </fieldset>
        )
      ) : null}

      {choices.mode === 'contacts' ? (
        <div className="invite-pick">
          <div className="field">
            <label htmlFor={`${id}-search`}>Zoek contacten</label>
            <input
              id={`${id}-search`}
              type="search"
              value={search}
              placeholder="Naam, e-mail, organisatie of plaats"
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {q !== '' && found.value ? (
            found.value.items.length === 0 ? (
              <p className="field-hint">Geen contacten gevonden voor '{q}'.</p>
            ) : (
              <ul className="invite-found" aria-label="Gevonden contacten">
                {found.value.items.map((contact) => {
                  const picked = choices.contacts.some((p) => p.id === contact.id);
                  return (
                    <li key={contact.id}>
                      <span>
                        {contact.name} <span className="muted">{contact.email}</span>
                      </span>
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        disabled={picked}
                        onClick={() =>
                          onChange(
                            pickContact(choices, {
                              id: contact.id,
                              name: contact.name,
                              email: contact.email,
                            }),
                          )
                        }
                      >
                        {picked ? 'Gekozen' : `Kies ${contact.name}`}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )
          ) : null}
          {choices.contacts.length > 0 ? (
            <ul className="invite-chips" aria-label="Gekozen contacten">
              {choices.contacts.map((contact) => (
                <li key={contact.id}>
                  {contact.name}
                  <button
                    type="button"
                    className="chip-remove"
                    aria-label={`${contact.name} weghalen`}
                    onClick={() => onChange(unpickContact(choices, contact.id))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
