import type {
  ContactLatestInvitation,
  ContactLatestInvitationResult,
  ContactMapColouring,
  ContactMapData,
  ContactMapSurvey,
  ContactMapSurveys,
  ContactPositionInput,
} from '@loop/core';
import { CONTACT_MAP_STATUSES } from '@loop/core';
import { ERRORS } from '../http/commonSchemas';
import { array, boolean, integer, nullable, number, object, oneOf, string } from '../http/schema';
import {
  CONTACT_ROUTE_ERRORS,
  type ContactListQueryString,
  contactSchema,
  describeContactRoute as describe,
  filterQueryProperties,
  idParams,
  text,
} from './contactSchemas';

/** The contacts map: its wire schemas and the OpenAPI description of its routes, with their Dutch texts. */

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

/** GET /contacts/map: the list's filter without its order and without `placed` (the map answers both). */
const surveyIdProperty = text(
  20,
  'Kleur de kaart op deze survey (niet anoniem): de eerste NPS-vraag, of de status van de uitnodiging.',
);

export const contactMapQuerySchema = object<
  Omit<ContactListQueryString, 'page' | 'page_size' | 'sort' | 'order' | 'placed'> & {
    readonly survey_id?: string;
  }
>(
  {
    q: filterQueryProperties.q,
    tag: filterQueryProperties.tag,
    attr: filterQueryProperties.attr,
    subscribed: filterQueryProperties.subscribed,
    segment_id: filterQueryProperties.segment_id,
    survey_id: surveyIdProperty,
  },
  { optional: ['q', 'tag', 'attr', 'subscribed', 'segment_id', 'survey_id'] },
);

/** GET /contacts/:id/latest-invitation's query: optionally the one survey. */
export const surveyIdQuerySchema = object<{ readonly survey_id?: string }>(
  { survey_id: surveyIdProperty },
  { optional: ['survey_id'] },
);

export const contactMapRoute = {
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
  response: { 200: mapDataSchema, ...CONTACT_ROUTE_ERRORS, 409: ERRORS.conflict },
};

export const mapSurveysRoute = {
  ...describe(
    'listContactMapSurveys',
    'Surveys to colour the contacts map by',
    'De surveys waarop de kaart gekleurd kan worden: de niet-anonieme surveys van de organisatie met ' +
      'uitnodigingen, laatst gewijzigd eerst (hoogstens 200), met waarop ze kleuren (NPS-vraag of status).',
  ),
  response: { 200: surveysSchema, ...CONTACT_ROUTE_ERRORS },
};

export const latestInvitationRoute = {
  ...describe(
    'getContactLatestInvitation',
    "A contact's latest invitation",
    'De laatste uitnodiging van het contact, voor de survey_id of voor elke survey: de survey, de ' +
      'status en sinds wanneer, en bij een niet-anonieme survey met NPS-vraag de ingestuurde score. ' +
      'Van een anonieme survey alleen de status (bij survey_id: 409). null: nooit uitgenodigd.',
  ),
  params: idParams,
  querystring: surveyIdQuerySchema,
  response: { 200: latestInvitationSchema, ...CONTACT_ROUTE_ERRORS, 409: ERRORS.conflict },
};

export const placeContactRoute = {
  ...describe(
    'placeContact',
    'Place a contact by hand',
    'Zet een contact op deze plek (WGS84). De plek blijft tot het adres verandert; dan zoekt de ' +
      'adreszoeker het nieuwe adres op.',
  ),
  params: idParams,
  body: positionBodySchema,
  response: { 200: contactSchema, ...CONTACT_ROUTE_ERRORS },
};

export const unplaceContactRoute = {
  ...describe(
    'unplaceContact',
    'Give a contact back to the geocoder',
    'Haalt de plek weg; de adreszoeker zoekt het adres opnieuw op (als dat aan staat).',
  ),
  params: idParams,
  response: { 200: contactSchema, ...CONTACT_ROUTE_ERRORS },
};
