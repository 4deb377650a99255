import type { FieldErrors } from '@loop/core/auth';
import { CONTACT_IMPORT_MAX_BYTES } from './contactImportFile';
import { CONTACT_ERRORS } from './contactStore';

/**
 * Failures of the contacts use-cases as values: the use-cases answer a value or a refusal, the
 * routes map a refusal to its HTTP status (contactHttp.ts).
 */

export const CONTACT_FORM_MESSAGES = {
  noFile: 'Kies een CSV-bestand met contacten om te importeren (veld "file").',
  unreadable: 'Het bestand kon niet worden gelezen. Probeer het opnieuw.',
  tooLarge: `Het bestand is te groot: een import is hoogstens ${CONTACT_IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  mappingJson: 'De kolomindeling (mapping) is geen geldige JSON.',
  onDuplicate: 'Kies bij een bestaand e-mailadres update (bijwerken) of skip (overslaan).',
  fileDuplicates:
    'Kies bij een e-mailadres op meer dan één regel first (de eerste regel telt) of last (de laatste regel telt).',
  flag: 'Geef true of false.',
  fileName: 'contacten.csv',
  action: 'Kies als actie add_tags, remove_tags of delete.',
  tags: 'Geef minstens één tag.',
  selection: 'Kies precies één van ids, filter of segment_id.',
} as const;

export type ContactRefusalCode = 'not_found' | 'invalid' | 'conflict';

export interface ContactRefusal {
  readonly ok: false;
  readonly code: ContactRefusalCode;
  readonly detail: string;
  readonly fields?: FieldErrors;
}

export type ContactResult<T> = { readonly ok: true; readonly value: T } | ContactRefusal;

export const ok = <T>(value: T): ContactResult<T> => ({ ok: true, value });

export const refuse = (code: ContactRefusalCode, detail: string, fields?: FieldErrors): ContactRefusal =>
  fields === undefined ? { ok: false, code, detail } : { ok: false, code, detail, fields };

/** A refusal with a message per field; the detail repeats the first one. */
export const invalid = (fields: FieldErrors): ContactRefusal =>
  refuse('invalid', Object.values(fields)[0] ?? 'Controleer de ingevulde gegevens.', fields);

/** An e-mail address that is already another contact's. */
export const duplicateEmail = (email: string): ContactRefusal =>
  refuse('conflict', CONTACT_ERRORS.duplicateEmail(email), { email: CONTACT_ERRORS.duplicateEmail(email) });

/** A segment name that is already another segment's. */
export const duplicateSegment = (name: string): ContactRefusal =>
  refuse('conflict', CONTACT_ERRORS.duplicateSegment(name), { name: CONTACT_ERRORS.duplicateSegment(name) });
