import type { ErrorBody, MessageResponse } from '@loop/core';
import { object, record, type Schema, string } from './schema';

/** Every error answer; described per status so the OpenAPI document says when it happens. */
export const errorResponse = (description: string): Schema<ErrorBody> =>
  object<ErrorBody>(
    {
      detail: string({ description: 'Nederlandse foutmelding voor de gebruiker.' }),
      fields: record(string(), { description: 'Foutmelding per veld (alleen bij formulierinvoer).' }),
    },
    { optional: ['fields'], description },
  );

export const messageResponse = (description: string): Schema<MessageResponse> =>
  object<MessageResponse>(
    { detail: string({ description: 'Nederlandse melding voor de gebruiker.' }) },
    { description },
  );

/** Generous caps against absurd input; the precise limits and messages come from @loop/core's validators. */
export const textInput = (description: string): Schema<string> => string({ maxLength: 1000, description });

export const tokenInput = (description: string): Schema<string> => string({ maxLength: 512, description });

/** Documents X-Organization-Id on the routes of the current organisation (left open: other headers stay). */
export const organizationHeaderSchema = object<{ readonly 'x-organization-id'?: string }>(
  {
    'x-organization-id': string({
      description: 'Huidige organisatie; zonder header de eerste van de gebruiker.',
    }),
  },
  { optional: ['x-organization-id'], closed: false },
);

/** The OpenAPI security requirement of routes that need an access token. */
export const bearerAuth = [{ bearerAuth: [] }];

export const ERRORS = {
  badRequest: errorResponse('Ongeldige invoer; `fields` noemt de velden.'),
  unauthorized: errorResponse('Niet ingelogd of toegangstoken verlopen.'),
  forbidden: errorResponse('Ingelogd, maar niet toegestaan.'),
  notFound: errorResponse('Niet gevonden (of van een andere organisatie).'),
  conflict: errorResponse('Conflict met bestaande gegevens.'),
  payloadTooLarge: errorResponse('Aanvraag of bestand te groot.'),
  sessionRevoked: errorResponse('Sessie beëindigd (uitgelogd, wachtwoord hersteld of token hergebruikt).'),
  tooManyRequests: errorResponse('Te veel pogingen.'),
  badGateway: errorResponse('De betaalprovider gaf geen (bruikbaar) antwoord.'),
} as const;

/** The error answers every protected route can give. */
export const PROTECTED_ERRORS = {
  401: ERRORS.unauthorized,
  419: ERRORS.sessionRevoked,
} as const;
