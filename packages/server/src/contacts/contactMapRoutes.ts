import type {
  Contact,
  ContactFilter,
  ContactLatestInvitation,
  ContactLatestInvitationResult,
  ContactMapColouring,
  ContactMapData,
  ContactMapPoint,
  ContactMapSurvey,
  ContactMapSurveys,
  ContactPositionInput,
  DeliveryStatus,
} from '@loop/core';
import { CONTACT_MAP_STATUSES } from '@loop/core';
import { colourByOf, type RawQuery } from '@loop/core/contacts';
import { checkPosition } from '@loop/core/geocoding';
import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { parseId, type Queryable } from '../db/database';
import { contacts, type SurveyRow, surveyAnswers, surveys } from '../db/schema';
import { addressChanged, currentAddressDigest } from '../geocoding/contactGeocoding';
import { readGeocoderOutage } from '../geocoding/geocoderOutage';
import { ApiError, invalidInput } from '../http/apiError';
import { ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { array, boolean, integer, nullable, number, object, oneOf, string } from '../http/schema';
import { STATUS_SQL } from '../invitations/invitationStore';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { isoTimestamp, queryRows } from '../results/resultsSql';
import { findSurvey, SURVEY_ERRORS } from '../surveys/surveys';
import { listFilterOf } from './contactListFilter';
import {
  CONTACT_ROUTE_ERRORS,
  contactMapQuerySchema,
  contactSchema,
  describeContactRoute,
  idParams,
  surveyIdQuerySchema,
} from './contactSchemas';
import { CONTACT_ERRORS, filterConditions, toContact } from './contactStore';

const NOTHING_PLACED = { pending: 0, not_found: 0, incomplete: 0 } as const;

export const CONTACT_MAP_ERRORS = {
  anonymous:
    'Deze survey is anoniem: de antwoorden zijn niet aan contacten gekoppeld, dus de kaart kan er niet op worden gekleurd.',
  surveyId: 'Geef het nummer van een survey.',
} as const;

const colourBySchema = oneOf(['nps', 'status'] as const, {
  description:
    'nps: de eerste NPS-vraag van de survey; status: de status van de laatste uitnodiging (geen NPS-vraag).',
});

const colouringSchema = object<ContactMapColouring>({
  survey_id: integer(),
  survey_title: string(),
  by: colourBySchema,
  question_title: nullable(string({ description: 'De titel van de NPS-vraag; null bij de status.' })),
});

const mapDataSchema = object<ContactMapData>({
  tiles: object<ContactMapData['tiles']>({
    url: string({ description: 'Sjabloon van de kaarttegels met {z}, {x} en {y}.' }),
    attribution: string({ description: 'De bronvermelding die de kaart toont.' }),
    attribution_url: nullable(string()),
  }),
  points: array(array(nullable(number()), { maxItems: 4 }), {
    description:
      '[id, breedtegraad, lengtegraad] per geplaatst contact van het filter, op id. Met survey_id een vierde ' +
      'waarde: bij by=nps de score 0–10 van het laatste ingestuurde antwoord (null: geen), bij by=status de ' +
      `index in [${CONTACT_MAP_STATUSES.join(', ')}].`,
  }) as never,
  colouring: nullable(colouringSchema),
  not_placed: object<ContactMapData['not_placed']>({
    pending: integer({ description: 'Wachten op de adreszoeker (nieuw of gewijzigd adres).' }),
    not_found: integer({ description: 'Adres niet gevonden.' }),
    incomplete: integer({ description: 'Geen volledig adres.' }),
  }),
  geocoding: boolean({ description: 'false: de server zoekt geen adressen op (GEOCODER_URL=off).' }),
  geocoder_outage: nullable(
    object<NonNullable<ContactMapData['geocoder_outage']>>(
      {
        since: string({ description: 'Sinds wanneer de adreszoeker niet bereikbaar is (ISO 8601).' }),
        retry_at: string({ description: 'Wanneer de server het opnieuw probeert (ISO 8601).' }),
      },
      {
        description:
          'Alleen als er contacten van het filter wachten en de adreszoeker niet bereikbaar is; anders null.',
      },
    ),
  ),
});

const positionBodySchema = object<ContactPositionInput>({
  lat: number({ description: 'Breedtegraad (WGS84), -90 tot en met 90.' }),
  lng: number({ description: 'Lengtegraad (WGS84), -180 tot en met 180.' }),
});

const surveysSchema = object<ContactMapSurveys>({
  items: array(
    object<ContactMapSurvey>({
      id: integer(),
      title: string(),
      status: oneOf(['draft', 'open', 'closed'] as const),
      by: colourBySchema,
      question_title: nullable(string()),
    }),
    { description: 'De niet-anonieme surveys met uitnodigingen, laatst gewijzigd eerst.' },
  ),
});

const latestInvitationSchema = object<ContactLatestInvitationResult>({
  invitation: nullable(
    object<ContactLatestInvitation>({
      survey_id: integer(),
      survey_title: string(),
      anonymous: boolean({ description: 'Anonieme survey: alleen de status, nooit een score.' }),
      status: oneOf(['planned', 'sent', 'failed', 'opened', 'completed', 'cancelled'] as const),
      at: nullable(string({ description: 'Sinds wanneer (ISO 8601); bij anonieme surveys alleen de dag.' })),
      question_title: nullable(string()),
      score: nullable(integer({ description: 'De NPS-score 0–10 van het ingestuurde antwoord.' })),
    }),
  ),
});

/** Degrees to 6 decimals (about 10 cm): a dragged pin's 15 digits say nothing more and cost a third of the answer. */
const degrees = (value: number): number => Math.round(value * 1e6) / 1e6;

/** The survey a map is coloured by, as the queries need it. */
export interface MapColourSurvey {
  readonly colouring: ContactMapColouring;
  /** The NPS question's id (`by` 'nps'). */
  readonly questionId: string | null;
}

/** A survey of the organisation the map may be coloured by: 404 when it is not theirs, 409 when anonymous. */
export async function colourSurvey(
  db: Queryable,
  organizationId: number,
  surveyId: number,
): Promise<MapColourSurvey> {
  const survey = await findSurvey(db, organizationId, surveyId);
  if (survey === null) throw new ApiError(404, SURVEY_ERRORS.notFound);
  if (survey.anonymous) throw new ApiError(409, CONTACT_MAP_ERRORS.anonymous);
  return colourOf(survey);
}

const colourOf = (survey: Pick<SurveyRow, 'id' | 'title' | 'questions'>): MapColourSurvey => {
  const { by, question } = colourByOf(survey.questions);
  return {
    colouring: {
      survey_id: survey.id,
      survey_title: survey.title,
      by,
      question_title: question?.title ?? null,
    },
    questionId: question?.id ?? null,
  };
};

/** `survey_id` of a query: a whole number, or a Dutch 400. */
function surveyIdOf(raw: unknown): number | null {
  if (raw === undefined || raw === '') return null;
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!/^[1-9]\d{0,9}$/.test(text)) throw invalidInput({ survey_id: CONTACT_MAP_ERRORS.surveyId });
  return Number(text);
}

/**
 * Each contact's latest invitation to one survey, as `t(contact_id, value)`: the one not cancelled
 * (there is at most one: survey_invitations_survey_contact_unique), else the newest cancelled one.
 * `value` is the NPS score of its submitted response (by 'nps': the answer joined on the answers'
 * primary key, so at most one row per invitation), or the index of its status group in
 * CONTACT_MAP_STATUSES (by 'status': the response joined on its primary key). One pass over the
 * survey's invitations (survey_invitations_survey_idx), joined to the filter's contacts.
 */
function latestPerContact(colour: MapColourSurvey) {
  const surveyId = colour.colouring.survey_id;
  const nps = colour.colouring.by === 'nps';
  const joined = nps
    ? sql`left join survey_answers a on a.response_id = i.response_id and a.survey_id = ${surveyId}
          and a.question_id = ${colour.questionId ?? ''} and a.item_id = '' and a.submitted_at is not null`
    : sql`left join survey_responses r on r.id = i.response_id and r.survey_id = ${surveyId}`;
  const value = nps
    ? sql`a.num_value`
    : sql`case
            when i.cancelled_at is not null then 3
            when i.completed_at is not null or r.status = 'completed' then 0
            when i.opened_at is not null or r.status = 'in_progress' then 1
            else 2 end`;
  return sql`(select distinct on (i.contact_id) i.contact_id, (${value})::integer as value
    from survey_invitations i ${joined}
    where i.survey_id = ${surveyId} and i.contact_id is not null
    order by i.contact_id, (i.cancelled_at is not null), i.id desc) t`;
}

/** The placed contacts of `where` with their value of the colouring (`latestPerContact`), on id. */
export const colouredPointsQuery = (where: SQL | undefined, colour: MapColourSurvey): SQL =>
  sql`select ${contacts.id} as id, ${contacts.latitude} as lat, ${contacts.longitude} as lng, t.value
    from ${contacts} left join ${latestPerContact(colour)} on t.contact_id = ${contacts.id}
    where ${where}
    order by ${contacts.id}`;

/** The placed contacts of a filter as [id, lat, lng] (with a survey: and a value), and why the others are not on the map. */
export async function loadContactMap(
  db: Queryable,
  organizationId: number,
  filter: ContactFilter,
  colour: MapColourSurvey | null = null,
): Promise<Pick<ContactMapData, 'points' | 'not_placed'>> {
  const where = filterConditions(organizationId, filter);
  const unplacedWith = (condition: ReturnType<typeof sql>) =>
    sql<number>`(count(*) filter (where ${contacts.latitude} is null and ${condition}))::integer`;
  const settled = sql`${contacts.geocodedAddress} = ${currentAddressDigest}`;
  const placed = and(...where, isNotNull(contacts.latitude));
  const [points, [counts]] = await Promise.all([
    colour === null
      ? db
          .select({ id: contacts.id, lat: contacts.latitude, lng: contacts.longitude })
          .from(contacts)
          .where(placed)
          .orderBy(asc(contacts.id))
          .then((rows) =>
            rows.map((row): ContactMapPoint => [row.id, degrees(row.lat ?? 0), degrees(row.lng ?? 0)]),
          )
      : queryRows<{ id: number; lat: number; lng: number; value: number | null }>(
          db,
          colouredPointsQuery(placed, colour),
        ).then((rows) => {
          const none = colour.colouring.by === 'status' ? CONTACT_MAP_STATUSES.indexOf('not_invited') : null;
          return rows.map(
            (row): ContactMapPoint => [
              Number(row.id),
              degrees(Number(row.lat)),
              degrees(Number(row.lng)),
              row.value === null ? none : Number(row.value),
            ],
          );
        }),
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
    points,
    not_placed: {
      pending: Number(counts?.pending ?? 0),
      not_found: Number(counts?.not_found ?? 0),
      incomplete: Number(counts?.incomplete ?? 0),
    },
  };
}

/** GET /contacts/map/surveys: the organisation's surveys the map can be coloured by. */
export async function colourSurveys(db: Queryable, organizationId: number): Promise<ContactMapSurveys> {
  const rows = await db
    .select({ id: surveys.id, title: surveys.title, status: surveys.status, questions: surveys.questions })
    .from(surveys)
    .where(
      and(
        eq(surveys.organizationId, organizationId),
        eq(surveys.anonymous, false),
        sql`exists (select 1 from survey_invitations i where i.survey_id = ${surveys.id})`,
      ),
    )
    .orderBy(sql`${surveys.updatedAt} desc`, sql`${surveys.id} desc`)
    .limit(200);
  return {
    items: rows.map((row) => {
      const { colouring } = colourOf(row);
      return {
        id: row.id,
        title: row.title,
        status: row.status,
        by: colouring.by,
        question_title: colouring.question_title,
      };
    }),
  };
}

/**
 * A contact's latest invitation (to one survey, or to any of the organisation's): the newest one
 * not cancelled, else the newest cancelled one; its status as the invitation list derives it, since
 * when, and for a non-anonymous survey with an NPS question the submitted score.
 */
export async function latestInvitation(
  db: Queryable,
  organizationId: number,
  contactId: number,
  surveyId: number | null,
): Promise<ContactLatestInvitation | null> {
  const [row] = await queryRows<{
    survey_id: number;
    response_id: number | null;
    status: DeliveryStatus;
    at: string | null;
  }>(
    db,
    sql`select i.survey_id, i.response_id, ${STATUS_SQL} as status,
          ${isoTimestamp(sql`case ${STATUS_SQL}
            when 'completed' then coalesce(i.completed_at, r.completed_at)
            when 'opened' then coalesce(i.opened_at, r.started_at)
            when 'failed' then i.failed_at
            when 'sent' then i.sent_at
            when 'cancelled' then i.cancelled_at
            else i.planned_at end`)} as at
        from survey_invitations i
        left join survey_responses r on r.id = i.response_id
        where i.organization_id = ${organizationId} and i.contact_id = ${contactId}
          ${surveyId === null ? sql`` : sql`and i.survey_id = ${surveyId}`}
        order by (i.cancelled_at is not null), i.planned_at desc, i.id desc
        limit 1`,
  );
  if (row === undefined) return null;
  const survey = await findSurvey(db, organizationId, Number(row.survey_id));
  if (survey === null) return null;
  const { colouring, questionId } = colourOf(survey);
  let score: number | null = null;
  // An anonymous survey's invitation has no response (invitations.ts); never look for one.
  if (!survey.anonymous && questionId !== null && row.response_id !== null) {
    const [answer] = await db
      .select({ value: surveyAnswers.numValue })
      .from(surveyAnswers)
      .where(
        and(
          eq(surveyAnswers.responseId, Number(row.response_id)),
          eq(surveyAnswers.questionId, questionId),
          eq(surveyAnswers.itemId, ''),
          isNotNull(surveyAnswers.submittedAt),
        ),
      );
    score = answer?.value ?? null;
  }
  return {
    survey_id: survey.id,
    survey_title: survey.title,
    anonymous: survey.anonymous,
    status: row.status,
    at: row.at,
    question_title: survey.anonymous ? null : colouring.question_title,
    score,
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
    const describe = describeContactRoute;
    const errors = CONTACT_ROUTE_ERRORS;
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
              'adreszoeker, niet gevonden, onvolledig adres), de kaarttegels en of adressen worden opgezocht. ' +
              'Met survey_id krijgt elk contact een vierde waarde om de kaart op te kleuren: de NPS-score van ' +
              'het laatste antwoord op de eerste NPS-vraag, of zonder NPS-vraag de status van de laatste ' +
              'uitnodiging. Een survey van een andere organisatie geeft 404, een anonieme survey 409. Wachten er ' +
              'contacten terwijl de adreszoeker niet bereikbaar is, dan zegt geocoder_outage sinds wanneer en wanneer ' +
              'de server het opnieuw probeert.',
          ),
          querystring: contactMapQuerySchema,
          response: { 200: mapDataSchema, ...errors, 409: ERRORS.conflict },
        },
      },
      async (request): Promise<ContactMapData> => {
        const organization = await currentOrganization(deps, request);
        const surveyId = surveyIdOf(request.query.survey_id);
        const { filter, impossible } = await listFilterOf(
          deps.db,
          organization.id,
          request.query as RawQuery,
        );
        const colour = surveyId === null ? null : await colourSurvey(deps.db, organization.id, surveyId);
        const placed = impossible
          ? { points: [], not_placed: NOTHING_PLACED }
          : await loadContactMap(deps.db, organization.id, filter, colour);
        const geocoding = deps.config.geocoderUrl !== null;
        const waiting = geocoding && placed.not_placed.pending > 0;
        const outage = waiting ? await readGeocoderOutage(deps.db) : null;
        const retryLater = outage !== null && deps.clock.now().getTime() < outage.retryAt.getTime();
        // Someone is looking at contacts waiting for a lookup: start a round now rather than at the
        // next interval (a round already running is joined, not doubled); not before the next try
        // after an outage, which the job makes itself.
        if (waiting && !retryLater) void app.contactGeocoding?.runOnce();
        return {
          tiles: mapTiles(deps.config),
          ...placed,
          colouring: colour?.colouring ?? null,
          geocoding,
          geocoder_outage:
            outage === null
              ? null
              : { since: outage.since.toISOString(), retry_at: outage.retryAt.toISOString() },
        };
      },
    );

    app.get(
      '/contacts/map/surveys',
      {
        ...manage,
        schema: {
          ...describe(
            'listContactMapSurveys',
            'Surveys to colour the contacts map by',
            'De surveys waarop de kaart gekleurd kan worden: de niet-anonieme surveys van de organisatie met ' +
              'uitnodigingen, laatst gewijzigd eerst (hoogstens 200), met waarop ze kleuren (NPS-vraag of status).',
          ),
          response: { 200: surveysSchema, ...errors },
        },
      },
      async (request): Promise<ContactMapSurveys> => {
        const organization = await currentOrganization(deps, request);
        return colourSurveys(deps.db, organization.id);
      },
    );

    app.get(
      '/contacts/:id/latest-invitation',
      {
        ...manage,
        schema: {
          ...describe(
            'getContactLatestInvitation',
            "A contact's latest invitation",
            'De laatste uitnodiging van het contact, voor de survey_id of voor elke survey: de survey, de ' +
              'status en sinds wanneer, en bij een niet-anonieme survey met NPS-vraag de ingestuurde score. ' +
              'Van een anonieme survey alleen de status (bij survey_id: 409). null: nooit uitgenodigd.',
          ),
          params: idParams,
          querystring: surveyIdQuerySchema,
          response: { 200: latestInvitationSchema, ...errors, 409: ERRORS.conflict },
        },
      },
      async (request): Promise<ContactLatestInvitationResult> => {
        const organization = await currentOrganization(deps, request);
        const id = contactId(request.params.id);
        const surveyId = surveyIdOf(request.query.survey_id);
        const [found] = await deps.db
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.organizationId, organization.id), eq(contacts.id, id)));
        if (found === undefined) throw new ApiError(404, CONTACT_ERRORS.notFound);
        if (surveyId !== null) await colourSurvey(deps.db, organization.id, surveyId);
        return { invitation: await latestInvitation(deps.db, organization.id, id, surveyId) };
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
