import {
  CONTACT_LANGUAGES,
  type Contact,
  type ContactInput,
  type ContactLanguage,
} from '../../domain/contract';
import { singleLine } from '../../domain/shared';
import { tagsOfText } from './contactListState';

/**
 * The add/edit dialog's fields as typed, and the input sent from them. The server checks the
 * contact (its Dutch message names the field); here only the shape: empty optional texts are
 * sent as null, tags typed in one field become the list.
 */
export interface ContactForm {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly company: string;
  readonly street: string;
  readonly house_number: string;
  readonly postcode: string;
  readonly city: string;
  readonly language: ContactLanguage;
  /** Tags separated by commas. */
  readonly tags: string;
}

export const EMPTY_CONTACT_FORM: ContactForm = {
  name: '',
  email: '',
  phone: '',
  company: '',
  street: '',
  house_number: '',
  postcode: '',
  city: '',
  language: 'nl',
  tags: '',
};

export const contactLanguageOf = (value: string): ContactLanguage =>
  CONTACT_LANGUAGES.find((language) => language === value) ?? 'nl';

/** A stored contact in the form's fields. */
export function contactFormOf(contact: Contact): ContactForm {
  return {
    name: contact.name,
    email: contact.email,
    phone: contact.phone ?? '',
    company: contact.company ?? '',
    street: contact.street ?? '',
    house_number: contact.house_number ?? '',
    postcode: contact.postcode ?? '',
    city: contact.city ?? '',
    language: contact.language,
    tags: contact.tags.join(', '),
  };
}

/** A text of the form as sent: one line like the server stores it (R-TEXT-2), empty as null. */
const orNull = (text: string): string | null => (singleLine(text) === '' ? null : singleLine(text));

/** The form as POST /contacts and PATCH /contacts/:id take it (attributes are left as they are). */
export function contactFormInput(form: ContactForm): ContactInput {
  return {
    name: singleLine(form.name),
    email: form.email.trim(),
    phone: orNull(form.phone),
    company: orNull(form.company),
    street: orNull(form.street),
    house_number: orNull(form.house_number),
    postcode: orNull(form.postcode),
    city: orNull(form.city),
    language: form.language,
    tags: tagsOfText(form.tags),
  };
}
