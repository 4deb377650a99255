import type { ContactSegment } from '@loop/core';
import { ERRORS, PROTECTED_ERRORS } from '../http/commonSchemas';
import { array, integer, noContent, object, type Schema, string } from '../http/schema';
import {
  CONTACT_ROUTE_ERRORS,
  describeContactRoute as describe,
  filterSchema,
  idParams,
  text,
  timestamp,
} from './contactSchemas';

/** Saved filters (segments): their wire schemas and the OpenAPI description of their routes. */

export const segmentSchema = object<ContactSegment>(
  {
    id: integer(),
    name: string(),
    filter: filterSchema,
    contact_count: integer({ description: 'Contacten die nu aan het filter voldoen.' }),
    created_at: timestamp('Aangemaakt.'),
    updated_at: timestamp('Laatst gewijzigd.'),
  },
  { description: 'Een opgeslagen filter.' },
);

export const segmentInputSchema = object<{ readonly name: string; readonly filter: unknown }>(
  {
    name: text(1000, 'Uniek binnen de organisatie (hoofdletters tellen niet); hoogstens 100 tekens.'),
    filter: { type: 'object', description: 'Het filter (ContactFilter).' } as Schema<unknown>,
  },
  {},
);

export const segmentPatchSchema = object<{ readonly name?: string; readonly filter?: unknown }>(
  {
    name: text(1000, 'Nieuwe naam.'),
    filter: { type: 'object', description: 'Nieuw filter (ContactFilter).' } as Schema<unknown>,
  },
  { optional: ['name', 'filter'] },
);

export const listSegmentsRoute = {
  ...describe(
    'listContactSegments',
    'List segments',
    'De opgeslagen filters, op naam, met het aantal contacten nu.',
  ),
  response: { 200: array(segmentSchema), ...CONTACT_ROUTE_ERRORS },
};

export const createSegmentRoute = {
  ...describe(
    'createContactSegment',
    'Save a segment',
    'Slaat een filter op onder een naam (uniek binnen de organisatie; hoofdletters tellen niet, anders 409).',
  ),
  body: segmentInputSchema,
  response: { 201: segmentSchema, 409: ERRORS.conflict, ...CONTACT_ROUTE_ERRORS },
};

export const updateSegmentRoute = {
  ...describe(
    'updateContactSegment',
    'Change a segment',
    'Wijzigt de naam en/of het filter van een segment.',
  ),
  params: idParams,
  body: segmentPatchSchema,
  response: { 200: segmentSchema, 409: ERRORS.conflict, ...CONTACT_ROUTE_ERRORS },
};

export const deleteSegmentRoute = {
  ...describe(
    'deleteContactSegment',
    'Delete a segment',
    'Verwijdert het opgeslagen filter; de contacten blijven.',
  ),
  params: idParams,
  response: { 204: noContent, 403: ERRORS.forbidden, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
};
