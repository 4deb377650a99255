import { describe, expect, it } from 'vitest';
import type { Contact } from '../../domain/contract';
import {
  CONTACT_PLACEMENT_START,
  type ContactPlacement,
  type ContactPlacementEvent,
  contactPlacementStep,
  isPlacing,
} from './contactPlacement';

const contact = (patch: Partial<Contact> = {}): Contact => ({
  id: 4,
  name: 'Anouk Bakker',
  email: 'anouk@example.nl',
  phone: null,
  company: null,
  street: 'Domplein',
  house_number: '1',
  postcode: '3512 JE',
  city: 'Utrecht',
  language: 'nl',
  attributes: {},
  tags: [],
  position: null,
  unsubscribed_at: null,
  created_at: '2026-11-26T09:00:00Z',
  updated_at: '2026-11-26T09:00:00Z',
  ...patch,
});

const placed = contact({ position: { lat: 52.09, lng: 5.12, source: 'geocoder' } });
const unplaced = contact({ id: 7, name: 'Bram de Vries' });
const run = (...events: ContactPlacementEvent[]): ContactPlacement =>
  events.reduce(contactPlacementStep, CONTACT_PLACEMENT_START);

describe('contactPlacementStep', () => {
  it('should start with nothing chosen, placed, told or failed', () => {
    expect(CONTACT_PLACEMENT_START).toEqual({ placing: null, chosen: null, news: null, error: null });
  });

  it('should choose the contact whose popup opened', () => {
    expect(run({ type: 'chosen', contact: placed }).chosen).toBe(placed);
  });

  it("should start moving a placed contact's pin where the contact is", () => {
    const state = run({ type: 'chosen', contact: placed }, { type: 'move', contact: placed });
    expect(state.placing).toEqual({ contact: placed, start: placed.position, at: placed.position });
    expect(isPlacing(state, placed)).toBe(true);
  });

  it("should start placing an unplaced contact's pin at the map's centre, with no position yet", () => {
    const state = run({ type: 'place', contact: unplaced });
    expect(state.placing).toEqual({ contact: unplaced, start: null, at: null });
    expect(isPlacing(state, placed)).toBe(false);
  });

  it('should follow the pin while placing, and ignore a move when nothing is placed', () => {
    const at = { lat: 52.1, lng: 5.2 };
    expect(run({ type: 'place', contact: unplaced }, { type: 'moved', at }).placing?.at).toEqual(at);
    expect(run({ type: 'moved', at })).toBe(CONTACT_PLACEMENT_START);
  });

  it('should stop placing on cancel and keep the chosen contact', () => {
    const state = run(
      { type: 'chosen', contact: placed },
      { type: 'move', contact: placed },
      { type: 'cancel' },
    );
    expect(state.placing).toBeNull();
    expect(state.chosen).toBe(placed);
  });

  it('should keep placing after a failed save, with its reason, and forget the reason when sending again', () => {
    const failed = run(
      { type: 'place', contact: unplaced },
      { type: 'sending' },
      { type: 'failed', detail: 'Mislukt.' },
    );
    expect(failed.error).toBe('Mislukt.');
    expect(failed.placing?.contact).toBe(unplaced);
    expect(contactPlacementStep(failed, { type: 'sending' }).error).toBeNull();
  });

  it('should stop placing after a save, choose the saved contact and tell who was placed', () => {
    const saved = contact({ id: 7, name: 'Bram de Vries', position: { lat: 52, lng: 5, source: 'manual' } });
    const state = run(
      { type: 'place', contact: unplaced },
      { type: 'sending' },
      { type: 'saved', contact: saved, name: unplaced.name },
    );
    expect(state).toEqual({
      placing: null,
      chosen: saved,
      news: { kind: 'saved', name: 'Bram de Vries' },
      error: null,
    });
  });

  it('should forget the chosen contact once it is given back to the geocoder, and tell so', () => {
    const state = run(
      { type: 'chosen', contact: placed },
      { type: 'sending' },
      { type: 'unplaced', name: placed.name },
    );
    expect(state.chosen).toBeNull();
    expect(state.news).toEqual({ kind: 'unplaced', name: 'Anouk Bakker' });
  });
});
