import { CONTACT_LANGUAGE_NAMES, CONTACT_LANGUAGES, type Contact } from '@loop/core';
import {
  type ContactForm,
  contactFormInput,
  contactFormOf,
  contactLanguageOf,
  EMPTY_CONTACT_FORM,
} from '@loop/core/contactsScreen';
import { type RefObject, useId, useState } from 'react';
import { useNotices } from '../app/useServices';
import { Field } from '../forms/Field';
import { FieldError, FormAlert } from '../forms/FormAlert';
import { Dialog } from '../shell/Dialog';
import { useContactsChanged, useContactsUseCases } from './useContacts';

type TextField = Exclude<keyof ContactForm, 'language'>;

const FIELDS: readonly {
  key: TextField;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
}[] = [
  { key: 'name', label: 'Naam', autoComplete: 'off' },
  { key: 'email', label: 'E-mailadres', type: 'email', autoComplete: 'off' },
  { key: 'phone', label: 'Telefoon', type: 'tel', autoComplete: 'off' },
  { key: 'company', label: 'Organisatie', autoComplete: 'off' },
  { key: 'street', label: 'Straat', autoComplete: 'off' },
  { key: 'house_number', label: 'Huisnummer', autoComplete: 'off' },
  { key: 'postcode', label: 'Postcode', autoComplete: 'off' },
  { key: 'city', label: 'Plaats', autoComplete: 'off' },
  {
    key: 'tags',
    label: 'Tags',
    autoComplete: 'off',
    hint: "Gescheiden door komma's, bijvoorbeeld: klant, nieuwsbrief",
  },
];

/**
 * Adding or changing a contact in a dialog. The server checks it; its Dutch reason shows at the
 * field it names (400 `fields`), anything else above the form.
 */
export function ContactFormDialog({
  contact,
  onClose,
  returnFocus,
}: {
  /** Null: a new contact. */
  contact: Contact | null;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const notices = useNotices();
  const contacts = useContactsUseCases();
  const changed = useContactsChanged();
  const id = useId();
  const [form, setForm] = useState<ContactForm>(
    contact === null ? EMPTY_CONTACT_FORM : contactFormOf(contact),
  );
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await contacts.saveContact(contact?.id ?? null, contactFormInput(form));
    setBusy(false);
    if (!result.ok) {
      setErrors(result.fields);
      // The message above the form only when no field says it already.
      const atField = Object.values(result.fields).includes(result.message ?? '');
      setAlert(atField ? 'Controleer de gemarkeerde velden.' : result.message);
      return;
    }
    notices.success(
      contact === null ? `${result.value.name} is toegevoegd.` : `${result.value.name} is gewijzigd.`,
    );
    changed();
    onClose();
  }

  return (
    <Dialog
      title={contact === null ? 'Contact toevoegen' : `${contact.name} wijzigen`}
      busy={busy}
      onCancel={onClose}
      returnFocus={returnFocus}
      className="dialog-wide"
    >
      <FormAlert message={alert} />
      <form className="contact-form" noValidate onSubmit={(event) => void submit(event)}>
        {FIELDS.map((field) => (
          <Field
            key={field.key}
            id={`${id}-${field.key}`}
            label={field.label}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            required={field.key === 'name' || field.key === 'email'}
            {...(field.hint ? { hint: field.hint } : {})}
            value={form[field.key]}
            error={errors[field.key]}
            onChange={(event) => setForm((current) => ({ ...current, [field.key]: event.target.value }))}
          />
        ))}
        <div className="field">
          <label htmlFor={`${id}-language`}>Taal</label>
          <select
            id={`${id}-language`}
            value={form.language}
            aria-invalid={errors.language ? true : undefined}
            aria-describedby={errors.language ? `${id}-language-error` : undefined}
            onChange={(event) =>
              setForm((current) => ({ ...current, language: contactLanguageOf(event.target.value) }))
            }
          >
            {CONTACT_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {CONTACT_LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-language-error`} error={errors.language} />
        </div>
        <div className="actions">
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Bezig met opslaan...' : contact === null ? 'Contact opslaan' : 'Wijzigingen opslaan'}
          </button>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={busy}>
            Annuleren
          </button>
        </div>
      </form>
    </Dialog>
  );
}
