import { describe, expect, it } from 'vitest';
import type { Contact } from '../../domain/contract';
import { contactFormInput, contactFormOf, contactLanguageOf, EMPTY_CONTACT_FORM } from './contactFormState';

const CONTACT: Contact = {
  id: 1,
  name: 'Anna de Vries',
  email: 'anna@example.nl',
  phone: null,
  company: 'Café Zuid',
  street: null,
  house_number: null,
  postcode: '5038 AB',
  city: 'Tilburg',
  language: 'en',
  attributes: { afdeling: 'Inkoop' },
  tags: ['klant', 'vip'],
  position: null,
  unsubscribed_at: null,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-01T09:00:00Z',
};

describe('contactFormInput', () => {
  it('should send trimmed texts, empty ones as null, and typed tags as a list', () => {
    expect(
      contactFormInput({
        ...EMPTY_CONTACT_FORM,
        name: ' Jan ',
        email: ' jan@example.nl ',
        tags: 'Klant; vip',
      }),
    ).toEqual({
      name: 'Jan',
      email: 'jan@example.nl',
      phone: null,
      company: null,
      street: null,
      house_number: null,
      postcode: null,
      city: null,
      language: 'nl',
      tags: ['klant', 'vip'],
    });
  });

  it('should send every text on one line, as the server stores it (R-TEXT-2)', () => {
    expect(
      contactFormInput({
        ...EMPTY_CONTACT_FORM,
        name: 'Jan\r\nde\tVries',
        email: 'jan@example.nl',
        city: '\u2028',
      }),
    ).toMatchObject({ name: 'Jan de Vries', city: null });
  });

  it('should fill the form from a stored contact and send it back unchanged (attributes untouched)', () => {
    const form = contactFormOf(CONTACT);
    expect(form.tags).toBe('klant, vip');
    const input = contactFormInput(form);
    expect(input).toMatchObject({
      name: CONTACT.name,
      company: 'Café Zuid',
      language: 'en',
      tags: ['klant', 'vip'],
    });
    expect('attributes' in input).toBe(false);
    expect(contactLanguageOf('xx')).toBe('nl');
    expect(contactLanguageOf('uk')).toBe('uk');
    expect(contactLanguageOf('pl')).toBe('pl');
  });
});
