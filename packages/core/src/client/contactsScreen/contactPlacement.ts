import type { Contact, ContactPositionInput } from '../../domain/contract';

/**
 * Placing contacts by hand on the /contacten map as a state machine. A person opens a contact's
 * popup (it becomes the chosen contact), then either moves it ('Verplaatsen') or gives it back to
 * the geocoder ('Terug naar automatisch'); a contact that is not on the map is placed from the list
 * ('Plaats op de kaart'). While placing, the pin's position follows the drags until 'Positie
 * opslaan' or 'Hier plaatsen' sends it, or 'Annuleren' stops. The screen keeps this state
 * (`useReducer`), calls the use-cases when it sends, and dispatches their answers.
 */

/** A contact being placed by hand: where its pin started (null: the map's centre) and where it is now. */
export interface ContactPlacing {
  readonly contact: Contact;
  readonly start: ContactPositionInput | null;
  readonly at: ContactPositionInput | null;
}

/** What the screen last told a screen reader: a contact was placed by hand or given back. */
export interface ContactPlacementNews {
  readonly kind: 'saved' | 'unplaced';
  readonly name: string;
}

export interface ContactPlacement {
  /** The contact whose pin is being placed; null when none is. */
  readonly placing: ContactPlacing | null;
  /** The contact whose popup was opened last (with its latest position). */
  readonly chosen: Contact | null;
  readonly news: ContactPlacementNews | null;
  /** Why the last placement or unplacement failed, in Dutch. */
  readonly error: string | null;
}

export type ContactPlacementEvent =
  /** A contact's popup was opened. */
  | { readonly type: 'chosen'; readonly contact: Contact }
  /** 'Verplaatsen': the pin starts where the contact is. */
  | { readonly type: 'move'; readonly contact: Contact }
  /** 'Plaats op de kaart': the pin starts at the map's centre. */
  | { readonly type: 'place'; readonly contact: Contact }
  /** The pin was dragged, or put at the centre. */
  | { readonly type: 'moved'; readonly at: ContactPositionInput }
  | { readonly type: 'cancel' }
  /** A position or an unplacement is being sent. */
  | { readonly type: 'sending' }
  | { readonly type: 'failed'; readonly detail: string }
  /** The position was saved: `contact` is the server's answer, `name` who was placed. */
  | { readonly type: 'saved'; readonly contact: Contact; readonly name: string }
  | { readonly type: 'unplaced'; readonly name: string };

export const CONTACT_PLACEMENT_START: ContactPlacement = {
  placing: null,
  chosen: null,
  news: null,
  error: null,
};

export function contactPlacementStep(
  state: ContactPlacement,
  event: ContactPlacementEvent,
): ContactPlacement {
  switch (event.type) {
    case 'chosen':
      return { ...state, chosen: event.contact };
    case 'move':
      return {
        ...state,
        placing: { contact: event.contact, start: event.contact.position, at: event.contact.position },
      };
    case 'place':
      return { ...state, placing: { contact: event.contact, start: null, at: null } };
    case 'moved':
      return state.placing === null ? state : { ...state, placing: { ...state.placing, at: event.at } };
    case 'cancel':
      return { ...state, placing: null };
    case 'sending':
      return { ...state, error: null };
    case 'failed':
      return { ...state, error: event.detail };
    case 'saved':
      return { ...state, placing: null, chosen: event.contact, news: { kind: 'saved', name: event.name } };
    case 'unplaced':
      return { ...state, chosen: null, news: { kind: 'unplaced', name: event.name } };
  }
}

/** Whether `contact`'s pin is the one being placed. */
export const isPlacing = (state: ContactPlacement, contact: Contact): boolean =>
  state.placing?.contact.id === contact.id;
