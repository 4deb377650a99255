import { type FormResult, formInvalid, formOk } from '../api';
import { API_KEY_SCOPES, type ApiKeyScope, type CreateApiKeyRequest } from '../contract';
import { dayStart, isoDay } from '../format';

/**
 * Organisation API keys (R-KEY-1 to R-KEY-9): the rules the form, the list, the server and the CLI
 * have in common.
 */

/** `loop_<8 of a-z0-9>_<43 of base64url>`: 32 random bytes after a prefix the list shows (R-KEY-1). */
export const API_KEY_PATTERN = /^loop_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;
/** What marks a bearer token as an API key instead of a session's access token. */
export const API_KEY_MARK = 'loop_';
export const API_KEY_NAME_MAX_LENGTH = 100;
/** Longest expiry one can choose: keys that live for ever are what revoking is for. */
export const API_KEY_MAX_DAYS = 3 * 366;

/** Dutch labels of the scopes, with what each opens (R-KEY-3). */
export const API_KEY_SCOPE_LABELS: Readonly<Record<ApiKeyScope, { label: string; description: string }>> = {
  'surveys:read': {
    label: 'Surveys lezen',
    description: 'Surveys, resultaten, analyses, antwoorden en exports bekijken.',
  },
  'responses:write': {
    label: 'Antwoorden schrijven',
    description: 'Antwoorden op een survey insturen en antwoorden verwijderen.',
  },
  'contacts:manage': {
    label: 'Contacten beheren',
    description: 'Contacten, segmenten en imports lezen, toevoegen, wijzigen en verwijderen.',
  },
  'kpis:read': { label: "KPI's lezen", description: "KPI's, hun waarden en de financiën bekijken." },
  'kpis:write': { label: "KPI's invullen", description: "Waarden van KPI's invullen, importeren en wissen." },
};

export const API_KEY_MESSAGES = {
  nameRequired: 'Geef de sleutel een naam, zodat je later weet waarvoor hij is.',
  nameTooLong: `De naam mag hoogstens ${API_KEY_NAME_MAX_LENGTH} tekens hebben.`,
  noScopes: 'Kies ten minste één bevoegdheid.',
  unknownScope: 'Kies alleen bevoegdheden uit de lijst.',
  expiryInvalid: 'Vul een geldige datum in (jjjj-mm-dd), of laat het leeg voor geen vervaldatum.',
  expiryPast: 'Kies een vervaldatum vanaf vandaag.',
  expiryTooFar: `Kies een vervaldatum binnen ${Math.floor(API_KEY_MAX_DAYS / 366)} jaar.`,
  keyNotFound: 'Deze API-sleutel bestaat niet.',
  keepNow:
    'Kopieer de sleutel nu: hij wordt niet opnieuw getoond. Loop bewaart alleen een vingerafdruk ervan.',
  // The answers to a request made with a key (R-KEY-5, R-KEY-6).
  malformed: 'Dit is geen geldige API-sleutel van Loop. Controleer of je de hele sleutel hebt gekopieerd.',
  unknown: 'Deze API-sleutel is onbekend. Maak in Loop onder Koppelingen een nieuwe sleutel.',
  revoked: 'Deze API-sleutel is ingetrokken. Maak in Loop onder Koppelingen een nieuwe sleutel.',
  expired: 'Deze API-sleutel is verlopen. Maak in Loop onder Koppelingen een nieuwe sleutel.',
  creatorGone:
    'Deze API-sleutel werkt niet meer: wie hem maakte is geen eigenaar of beheerder van de organisatie meer.',
  routeNotAllowed: 'Dit kan niet met een API-sleutel. Log in op Loop om dit te doen.',
  scopeMissing: (scope: ApiKeyScope): string =>
    `Deze API-sleutel mag dit niet: daarvoor is de bevoegdheid '${API_KEY_SCOPE_LABELS[scope].label}' (${scope}) nodig.`,
  otherOrganization:
    'Deze API-sleutel hoort bij een andere organisatie dan die in de header X-Organization-Id.',
  tooMany: 'Te veel verzoeken met deze API-sleutel. Wacht even en probeer het opnieuw.',
  keyOnly: 'Dit kan alleen met een API-sleutel: het antwoord beschrijft de sleutel waarmee je het vraagt.',
} as const;

export const isApiKeyScope = (value: unknown): value is ApiKeyScope =>
  typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);

/** The visible prefix of a well-formed key (`loop_abcd1234`); null for anything else. */
export function apiKeyPrefix(key: string): string | null {
  const match = API_KEY_PATTERN.exec(key);
  return match ? `${API_KEY_MARK}${match[1]}` : null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The moment a key chosen to work through `day` (Europe/Amsterdam) stops: the start of the next
 * day. Null for a date that does not exist.
 */
export function apiKeyExpiry(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, date));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== date)
    return null;
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  return new Date(
    dayStart({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }),
  );
}

/** Why an expiry day cannot be chosen on `now`, as the field's message; null when it can. */
export function apiKeyExpiryError(day: string, now: Date): string | null {
  const expiry = apiKeyExpiry(day);
  if (expiry === null) return API_KEY_MESSAGES.expiryInvalid;
  if (day < isoDay(now)) return API_KEY_MESSAGES.expiryPast;
  if (expiry.getTime() - now.getTime() > API_KEY_MAX_DAYS * 86_400_000) return API_KEY_MESSAGES.expiryTooFar;
  return null;
}

/** The create form as typed. */
export interface ApiKeyForm {
  readonly name: string;
  readonly scopes: readonly string[];
  /** `YYYY-MM-DD` or '' for no expiry. */
  readonly expiresOn: string;
}

/** Checks the form (the server checks the same again); the request to send when it is right. */
export function checkApiKeyForm(form: ApiKeyForm, now: Date): FormResult<CreateApiKeyRequest> {
  const fields: Record<string, string> = {};
  const name = form.name.trim();
  if (name === '') fields.name = API_KEY_MESSAGES.nameRequired;
  else if (name.length > API_KEY_NAME_MAX_LENGTH) fields.name = API_KEY_MESSAGES.nameTooLong;
  if (form.scopes.length === 0) fields.scopes = API_KEY_MESSAGES.noScopes;
  else if (!form.scopes.every(isApiKeyScope)) fields.scopes = API_KEY_MESSAGES.unknownScope;
  const expiresOn = form.expiresOn.trim();
  const expiryError = expiresOn === '' ? null : apiKeyExpiryError(expiresOn, now);
  if (expiryError !== null) fields.expires_on = expiryError;
  if (Object.keys(fields).length > 0) return formInvalid(fields);
  // Scopes in the table's order, each once: the list and the audit log read the same either way.
  const scopes = API_KEY_SCOPES.filter((scope) => form.scopes.includes(scope));
  return formOk({ name, scopes, ...(expiresOn === '' ? {} : { expires_on: expiresOn }) });
}
