/**
 * Form rules shared by the screens and the server, so both give the same Dutch message per field.
 * Each validator returns the field errors; an empty object means the input is valid.
 */
import { type FieldErrors, singleLine } from '../shared';

export type { FieldErrors };

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const ORGANIZATION_NAME_MAX_LENGTH = 120;

// Deliberately simple: one @, no spaces, a dot in the domain. Real proof of an address is the
// verification e-mail, not a regex.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trims and lower-cases an e-mail address so lookups and uniqueness ignore case. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function emailError(email: unknown): string | null {
  if (typeof email !== 'string' || email.trim() === '') return 'Vul je e-mailadres in.';
  const value = email.trim();
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(value)) return 'Vul een geldig e-mailadres in.';
  return null;
}

export function newPasswordError(password: unknown): string | null {
  if (typeof password !== 'string' || password === '') return 'Kies een wachtwoord.';
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Het wachtwoord moet minstens ${PASSWORD_MIN_LENGTH} tekens lang zijn.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Het wachtwoord mag hoogstens ${PASSWORD_MAX_LENGTH} tekens lang zijn.`;
  if (password.trim() === '') return 'Het wachtwoord mag niet alleen uit spaties bestaan.';
  return null;
}

/**
 * A person's or an organisation's name as it is stored: one line (R-TEXT-1, R-TEXT-2), so a name
 * with a line break can never add a mail header. The validators below judge the name in this form.
 */
export const nameLine = (name: string): string => singleLine(name);

export function nameError(name: unknown): string | null {
  if (typeof name !== 'string' || nameLine(name) === '') return 'Vul je naam in.';
  if (nameLine(name).length > NAME_MAX_LENGTH)
    return `Je naam mag hoogstens ${NAME_MAX_LENGTH} tekens lang zijn.`;
  return null;
}

export function organizationNameError(name: unknown): string | null {
  if (typeof name !== 'string' || nameLine(name) === '') return 'Vul de naam van je organisatie in.';
  if (nameLine(name).length > ORGANIZATION_NAME_MAX_LENGTH)
    return `De naam mag hoogstens ${ORGANIZATION_NAME_MAX_LENGTH} tekens lang zijn.`;
  return null;
}

const collect = (entries: ReadonlyArray<readonly [string, string | null]>): FieldErrors =>
  Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== null));

export const validateRegistration = (input: { name?: unknown; email?: unknown; password?: unknown }) =>
  collect([
    ['name', nameError(input.name)],
    ['email', emailError(input.email)],
    ['password', newPasswordError(input.password)],
  ]);

export const validateLogin = (input: { email?: unknown; password?: unknown }) =>
  collect([
    ['email', emailError(input.email)],
    [
      'password',
      typeof input.password === 'string' && input.password !== '' ? null : 'Vul je wachtwoord in.',
    ],
  ]);

export const validateForgotPassword = (input: { email?: unknown }) =>
  collect([['email', emailError(input.email)]]);

export const validateResetPassword = (input: { password?: unknown }) =>
  collect([['password', newPasswordError(input.password)]]);

export const validateProfile = (input: { name?: unknown }) =>
  collect([['name', input.name === undefined ? null : nameError(input.name)]]);

/** A new e-mail address, confirmed with the current password (the address changes once confirmed). */
export const validateEmailChange = (input: { new_email?: unknown; current_password?: unknown }) =>
  collect([
    ['new_email', emailError(input.new_email)],
    [
      'current_password',
      typeof input.current_password === 'string' && input.current_password !== ''
        ? null
        : 'Vul je huidige wachtwoord in.',
    ],
  ]);

export const validatePasswordChange = (input: { current_password?: unknown; new_password?: unknown }) =>
  collect([
    [
      'current_password',
      typeof input.current_password === 'string' && input.current_password !== ''
        ? null
        : 'Vul je huidige wachtwoord in.',
    ],
    ['new_password', newPasswordError(input.new_password)],
  ]);

export const validateOrganization = (input: { name?: unknown }) =>
  collect([['name', organizationNameError(input.name)]]);

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

/** The one sentence for a failed login, whether the address is unknown or the password wrong. */
export const LOGIN_FAILED_MESSAGE = 'E-mailadres of wachtwoord is onjuist.';

/** The one answer to "forgot password", whether or not the address exists. */
export const FORGOT_PASSWORD_MESSAGE =
  'Als dit e-mailadres bij ons bekend is, hebben we een link gestuurd om je wachtwoord opnieuw in te stellen.';
