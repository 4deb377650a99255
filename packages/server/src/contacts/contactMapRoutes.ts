import type { Contact, ContactFilter, ContactMapData, ContactPositionInput } from '@loop/core';
import type { RawQuery } from '@loop/core/contacts';
import { checkPosition } from '@loop/core/geocoding';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { parseId, type Queryable } from '../db/database';
import { contacts } from '../db/schema';
import { addressChanged, currentAddressDigest } from '../geocoding/contactGeocoding';
import { ApiError, invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { array, boolean, integer, nullable, number, object, string } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { listFilterOf } from './contactListFilter';
import { contactMapQuerySchema, contactSchema, idParams } from './contactSchemas';
import { CONTACT_ERRORS, filterConditions, toContact } from './contactStore';

const NOTHING_PLACED = { pending: 0, not_found: 0, incomplete: 0 } as const;

const mapDataSchema = object<ContactMapData>({
  tiles: object<ContactMapData['tiles']>({
    url: string({ description: 'Sjabloon van de kaarttegels met {z}, {x} en {y}.' }),
    attribution: string({ description: 'De bronvermelding die de kaart toont.' }),
    attribution_url: nullable(string()),
  }),
  points: array(array(number(), { maxItems: 3 }), {
    description: '[id, breedtegraad, lengtegraad] per geplaatst contact van het filter, op id.',
  }) as never,
  not_placed: object<ContactMapData['not_placed']>({
    pending: integer({ description: 'Wachten op de adreszoeker (nieuw of gewijzigd adres).' }),
    not_found: integer({ description: 'Adres niet gevonden.' }),
    incomplete: integer({ description: 'Geen volledig adres.' }),
  }),
  geocoding: boolean({ description: 'false: de server zoekt geen adressen op (GEOCODER_URL=off).' }),
});

const positionBodySchema = object<ContactPositionInput>({
  lat: number({ description: 'Breedtegraad (WGS84), -90 tot en met 90.' }),
  lng: number({ description: 'Lengtegraad (WGS84), -180 tot en met 180.' }),
});

/** Degrees to 6 decimals (about 10 cm): a dragged pin's 15 digits say nothing more and cost a third of the answer. */
const degrees = (value: number): number => Math.round(value * 1e6) / 1e6;

/** The placed contacts of a filter as [id, lat, lng], and why the others are not on the map. */
export async function loadContactMap(
  db: Queryable,
  organizationId: number,
  filter: ContactFilter,
): Promise<Pick<ContactMapData, 'points' | 'not_placed'>> {
  const where = filterConditions(organizationId, filter);
  const unplacedWith = (condition: ReturnType<typeof sql>) =>
    sql<number>`(count(*) filter (where ${contacts.latitude} is null and ${condition}))::integer`;
  const settled = sql`${contacts.geocodedAddress} = ${currentAddressDigest}`;
  const [rows, [counts]] = await Promise.all([
    db
      .select({ id: contacts.id, lat: contacts.latitude, lng: contacts.longitude })
      .from(contacts)
      .where(and(...where, isNotNull(contacts.latitude)))
      .orderBy(asc(contacts.id)),
    db
      .select({
        pending: unplacedWith(addressChanged),
        not_found: unplacedWith(sql`${settled} and ${contacts.geocodeState} = 'not_found'`),
        incomplete: unplacedWith(sql`${settled} and ${contacts.geocodeState} = 'incomplete'`),
      })
      .from(contacts)
      .where(and(...where)),
  ]);
  return {
    points: rows.map((row) => [row.id, degrees(row.lat ?? 0), degrees(row.lng ?? 0)] as const),
    not_placed: {
      pending: Number(counts?.pending ?? 0),
      not_found: Number(counts?.not_found ?? 0),
      incomplete: Number(counts?.incomplete ?? 0),
    },
  };
}

/** Where the map's tiles come from, as the wire says it. */
export const mapTiles = (config: AppConfig): ContactMapData['tiles'] => ({
  url: config.map.tileUrl,
  attribution: config.map.attribution,
  attribution_url: config.map.attributionUrl,
});

/**
 * The contacts map of the current organisation: GET /contacts/map (the placed contacts of the
 * list's filter and why the others are not placed), PUT /contacts/:id/position (placed by hand;
 * kept until the address changes) and DELETE /contacts/:id/position (given back to the geocoder).
 * Permission and plan as the contacts routes: `contacts.manage`, no plan feature.
 */
export const contactMapRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    const manage = { onRequest: authenticate, config: { permission: 'contacts.manage' as const } };
    const describe = (operationId: string, summary: string, description: string) => ({
      operationId,
      tags: ['contacts'],
      summary,
      description,
      security: bearerAuth,
      headers: organizationHeaderSchema,
    });
    const errors = {
      400: ERRORS.badRequest,
      403: ERRORS.forbidden,
      404: ERRORS.notFound,
      ...PROTECTED_ERRORS,
    } as const;
    const contactId = (raw: string): number => {
      const id = parseId(raw);
      if (id === null) throw new ApiError(404, CONTACT_ERRORS.notFound);
      return id;
    };
    /** Writes a contact's position columns, within the organisation; 404 when it is not one of theirs. */
    const setPosition = async (
      request: FastifyRequest,
      rawId: string,
      columns: PgUpdateSetSource<typeof contacts>,
      action: string,
      message: string,
    ): Promise<Contact> => {
      const organization = await currentOrganization(deps, request);
      const id = contactId(rawId);
      const [row] = await deps.db
        .update(contacts)
        .set({ ...columns, updatedAt: deps.clock.now() })
        .where(and(eq(contacts.organizationId, organization.id), eq(contacts.id, id)))
        .returning();
      if (row === undefined) throw new ApiError(404, CONTACT_ERRORS.notFound);
      auditRequest(deps.log, request, {
        category: 'contacts',
        action,
        orgId: organization.id,
        message: `Contact ${id} ${message} in organisatie ${organization.id}`,
      });
      return toContact(row);
    };

    app.get(
      '/contacts/map',
      {
        ...manage,
        schema: {
          ...describe(
            'getContactMap',
            'Contacts on a map',
            'De geplaatste contacten van het filter van de lijst (q, tag, attr, subscribed, segment_id) als ' +
              '[id, breedtegraad, lengtegraad], hoeveel er niet op de kaart staan en waarom (wachtend op de ' +
              'adreszoeker, niet gevonden, onvolledig adres), de kaarttegels en of adressen worden opgezocht.',
          ),
          querystring: contactMapQuerySchema,
          response: { 200: mapDataSchema, ...errors },
        },
      },
      async (request): Promise<ContactMapData> => {
        const organization = await currentOrganization(deps, request);
        const { filter, impossible } = await listFilterOf(
          deps.db,
          organization.id,
          request.query as RawQuery,
        );
        const placed = impossible
          ? { points: [], not_placed: NOTHING_PLACED }
          : await loadContactMap(deps.db, organization.id, filter);
        // Someone is looking at contacts waiting for a lookup: start a round now rather than at the
        // next interval (a round already running is joined, not doubled).
        if (placed.not_placed.pending > 0) void app.contactGeocoding?.runOnce();
        return { tiles: mapTiles(deps.config), ...placed, geocoding: deps.config.geocoderUrl !== null };
      },
    );

    app.put(
      '/contacts/:id/position',
      {
        ...manage,
        schema: {
          ...describe(
            'placeContact',
            'Place a contact by hand',
            'Zet een contact op deze plek (WGS84). De plek blijft tot het adres verandert; dan zoekt de ' +
              'adreszoeker het nieuwe adres op.',
          ),
          params: idParams,
          body: positionBodySchema,
          response: { 200: contactSchema, ...errors },
        },
      },
      async (request): Promise<Contact> => {
        const checked = checkPosition(request.body);
        if (!checked.ok) throw invalidInput(checked.fields);
        return setPosition(
          request,
          request.params.id,
          {
            latitude: checked.value.lat,
            longitude: checked.value.lng,
            positionSource: 'manual',
            geocodeState: null,
            geocodedAddress: currentAddressDigest,
          },
          'contacts.placed',
          'met de hand op de kaart gezet',
        );
      },
    );

    app.delete(
      '/contacts/:id/position',
      {
        ...manage,
        schema: {
          ...describe(
            'unplaceContact',
            'Give a contact back to the geocoder',
            'Haalt de plek weg; de adreszoeker zoekt het adres opnieuw op (als dat aan staat).',
          ),
          params: idParams,
          response: { 200: contactSchema, ...errors },
        },
      },
      async (request): Promise<Contact> =>
        setPosition(
          request,
          request.params.id,
          {
            latitude: null,
            longitude: null,
            positionSource: null,
            geocodeState: null,
            geocodedAddress: null,
          },
          'contacts.unplaced',
          'teruggegeven aan de adreszoeker',
        ),
    );
  };
