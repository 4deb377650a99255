import {
  CONTACT_LANGUAGES,
  CONTACT_SORTS,
  type Contact,
  type ContactBulkResult,
  type ContactFacets,
  type ContactFilter,
  type ContactPosition,
  POSITION_SOURCES,
} from '@loop/core';
import { CONTACT_PAGE_SIZE_DEFAULT, CONTACT_PAGE_SIZE_MAX } from '@loop/core/contacts';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import {
  array,
  boolean,
  integer,
  nullable,
  number,
  object,
  oneOf,
  record,
  type Schema,
  string,
} from '../http/schema';

// Bodies and queries are checked for shape here and for their rules (with a Dutch message naming
// the field) by core's checkContact, checkContactFilter and parseContactListQuery, so the schemas
// take any text of a sane length where core gives the better message.

export const timestamp = (description: string) => string({ format: 'date-time', description });
export const text = (maxLength: number, description: string) => string({ maxLength, description });
const optionalText = (description: string) => nullable(text(1000, description));

const positionSchema = object<ContactPosition>({
  lat: number({ description: 'Breedtegraad (WGS84).' }),
  lng: number({ description: 'Lengtegraad (WGS84).' }),
  source: oneOf(POSITION_SOURCES, { description: 'geocoder of manual (versleept).' }),
});

export const contactSchema = object<Contact>(
  {
    id: integer(),
    name: string(),
    email: string({ description: 'Uniek binnen de organisatie (hoofdletters tellen niet).' }),
    phone: nullable(string()),
    company: nullable(string({ description: 'Organisatie van het contact.' })),
    street: nullable(string()),
    house_number: nullable(string()),
    postcode: nullable(string({ description: "Nederlandse postcodes als '1234 AB'." })),
    city: nullable(string()),
    language: oneOf(CONTACT_LANGUAGES),
    attributes: record(string(), { description: 'Vrije kenmerken, naam (kleine letters) → waarde.' }),
    tags: array(string(), { description: 'Gesorteerd, uniek, kleine letters.' }),
    position: nullable(positionSchema),
    unsubscribed_at: nullable(timestamp('Afgemeld voor uitnodigingen van deze organisatie.')),
    created_at: timestamp('Toegevoegd.'),
    updated_at: timestamp('Laatst gewijzigd.'),
  },
  { description: 'Een contact van de organisatie.' },
);

const inputProperties = {
  name: text(1000, 'Hoogstens 200 tekens.'),
  email: text(1000, 'Een geldig e-mailadres, hoogstens 254 tekens.'),
  phone: optionalText('Hoogstens 40 tekens.'),
  company: optionalText('Organisatie; hoogstens 200 tekens.'),
  street: optionalText('Hoogstens 200 tekens.'),
  house_number: optionalText('Hoogstens 20 tekens.'),
  postcode: optionalText("Nederlandse postcodes worden '1234 AB'."),
  city: optionalText('Hoogstens 100 tekens.'),
  language: text(20, `${CONTACT_LANGUAGES.join(', ')} (standaard nl).`),
  attributes: record(text(5000, 'Hoogstens 500 tekens.'), {
    description: 'Kenmerken, naam → waarde; hoogstens 50. Een lege waarde laat het kenmerk weg.',
  }),
  tags: array(text(1000, 'Hoogstens 50 tekens, zonder komma of puntkomma.'), {
    maxItems: 200,
    description: 'Hoogstens 50 tags; opgeslagen in kleine letters, uniek en gesorteerd.',
  }),
} as const;

/** The wire input with text where core checks the value (language). */
export interface ContactInputDraft {
  readonly name: string;
  readonly email: string;
  readonly phone?: string | null;
  readonly company?: string | null;
  readonly street?: string | null;
  readonly house_number?: string | null;
  readonly postcode?: string | null;
  readonly city?: string | null;
  readonly language?: string;
  readonly attributes?: Record<string, string>;
  readonly tags?: string[];
}

const OPTIONAL_INPUT = [
  'phone',
  'company',
  'street',
  'house_number',
  'postcode',
  'city',
  'language',
  'attributes',
  'tags',
] as const;

export const contactInputSchema = object<ContactInputDraft>(inputProperties, {
  optional: [...OPTIONAL_INPUT],
});

export const contactPatchSchema = object<Partial<ContactInputDraft>>(inputProperties, {
  optional: ['name', 'email', ...OPTIONAL_INPUT],
});

/** A filter in a JSON body; core's checkContactFilter gives the messages. */
export const filterSchema = object<ContactFilter>(
  {
    q: text(
      1000,
      'Zoekt in naam, e-mailadres, organisatie en plaats (elk woord, ook een deel van een woord).',
    ),
    tags: array(text(1000, 'Tag.'), { maxItems: 100, description: 'Elke tag moet op het contact staan.' }),
    attributes: record(text(1000, 'Waarde (hoofdletters tellen niet).'), {
      description: 'Elk kenmerk moet deze waarde hebben.',
    }),
    subscribed: boolean({ description: 'true: alleen aangemeld; false: alleen afgemeld.' }),
    placed: boolean({ description: 'true: alleen op de kaart; false: alleen niet geplaatst.' }),
  },
  { optional: ['q', 'tags', 'attributes', 'subscribed', 'placed'], description: 'Alle delen moeten gelden.' },
);

const repeated = (description: string): Schema<string | string[]> =>
  ({
    anyOf: [text(1000, description), array(text(1000, description), { maxItems: 100 })],
    description,
  }) as Schema<string | string[]>;

export interface ContactListQueryString {
  readonly q?: string;
  readonly tag?: string | string[];
  readonly attr?: string | string[];
  readonly subscribed?: string;
  readonly placed?: string;
  readonly segment_id?: string;
  readonly sort?: string;
  readonly order?: string;
  readonly page?: string;
  readonly page_size?: string;
}

export const filterQueryProperties = {
  q: text(
    1000,
    'Zoek in naam, e-mailadres, organisatie en plaats: elk woord moet voorkomen, ook als deel van een woord; hoofdletters en accenten tellen niet.',
  ),
  tag: repeated('Tag die het contact moet hebben (herhaalbaar: alle tags moeten erop staan).'),
  attr: repeated("Kenmerk als 'naam:waarde' (herhaalbaar); hoofdletters in de waarde tellen niet."),
  subscribed: text(20, 'true: alleen aangemeld; false: alleen afgemeld.'),
  placed: text(20, 'true: alleen op de kaart; false: alleen niet geplaatst.'),
  segment_id: text(20, 'Het filter van dit segment, samen met de rest.'),
  sort: text(20, `${CONTACT_SORTS.join(', ')} (standaard name).`),
  order: text(20, 'asc (standaard) of desc.'),
} as const;

const FILTER_QUERY_KEYS = Object.keys(filterQueryProperties) as (keyof typeof filterQueryProperties)[];

export const contactListQuerySchema = object<ContactListQueryString>(
  {
    ...filterQueryProperties,
    page: text(20, 'Pagina, vanaf 1 (standaard 1).'),
    page_size: text(
      20,
      `Contacten per pagina, 1 tot en met ${CONTACT_PAGE_SIZE_MAX} (standaard ${CONTACT_PAGE_SIZE_DEFAULT}).`,
    ),
  },
  { optional: [...FILTER_QUERY_KEYS, 'page', 'page_size'] },
);

export const contactExportQuerySchema = object<Omit<ContactListQueryString, 'page' | 'page_size'>>(
  filterQueryProperties,
  { optional: FILTER_QUERY_KEYS },
);

export const idParams = object<{ readonly id: string }>({
  id: string({ maxLength: 20, description: 'Id van het contact, segment of de import.' }),
});

export const facetsSchema = object<ContactFacets>({
  tags: array(object<{ tag: string; count: number }>({ tag: string(), count: integer() }), {
    description: 'Tags in gebruik, meest gebruikt eerst.',
  }),
  attribute_keys: array(object<{ key: string; count: number }>({ key: string(), count: integer() }), {
    description: 'Namen van kenmerken in gebruik, meest gebruikt eerst.',
  }),
  total: integer({ description: 'Alle contacten van de organisatie.' }),
});

/** POST /contacts/bulk, as it arrives; core and the route check the parts. */
export interface BulkBody {
  readonly action: string;
  readonly tags?: string[];
  readonly selection: {
    readonly ids?: number[];
    readonly filter?: unknown;
    readonly segment_id?: number;
  };
}

/** A selection of contacts as it arrives (bulk actions, invitations); `checkSelection` checks it. */
export const selectionSchema = object<BulkBody['selection']>(
  {
    ids: array(integer(), {
      maxItems: 10_000,
      description: 'Deze contacten (van andere organisaties: genegeerd).',
    }),
    filter: {
      type: 'object',
      description: 'Alle contacten die aan dit filter voldoen.',
    } as Schema<unknown>,
    segment_id: integer({ description: 'Alle contacten van dit segment.' }),
  },
  {
    optional: ['ids', 'filter', 'segment_id'],
    description: 'Precies één van ids, filter of segment_id.',
  },
);

export const bulkSchema = object<BulkBody>(
  {
    action: text(20, 'add_tags, remove_tags of delete (het AVG-wissen van elk contact).'),
    tags: array(text(1000, 'Tag.'), { maxItems: 100, description: 'Bij add_tags en remove_tags.' }),
    selection: selectionSchema,
  },
  { optional: ['tags'] },
);

export const bulkResultSchema = object<ContactBulkResult>({
  affected: integer({ description: 'Gewijzigde of gewiste contacten.' }),
});

/** The OpenAPI description every contacts route shares: tag, bearer token, organisation header. */
export const describeContactRoute = (operationId: string, summary: string, description: string) => ({
  operationId,
  tags: ['contacts'],
  summary,
  description,
  security: bearerAuth,
  headers: organizationHeaderSchema,
});

/** The errors every contacts route can answer. */
export const CONTACT_ROUTE_ERRORS = {
  400: ERRORS.badRequest,
  403: ERRORS.forbidden,
  404: ERRORS.notFound,
  ...PROTECTED_ERRORS,
} as const;
