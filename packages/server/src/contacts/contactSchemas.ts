import {
  CONTACT_IMPORT_STATES,
  CONTACT_LANGUAGES,
  CONTACT_SORTS,
  type Contact,
  type ContactBulkResult,
  type ContactCsvMapping,
  type ContactFacets,
  type ContactFilter,
  type ContactImport,
  type ContactImportDuplicate,
  type ContactImportDuplicates,
  type ContactImportPreview,
  type ContactPosition,
  type ContactSegment,
  CSV_DELIMITERS,
  DUPLICATE_POLICIES,
  FILE_DUPLICATE_CHOICES,
  IMPORT_ENCODINGS,
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

const timestamp = (description: string) => string({ format: 'date-time', description });
const text = (maxLength: number, description: string) => string({ maxLength, description });
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
interface ContactInputDraft {
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
const filterSchema = object<ContactFilter>(
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

const filterQueryProperties = {
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

const mappingSchema = object<ContactCsvMapping>(
  {
    delimiter: oneOf(CSV_DELIMITERS),
    has_header: boolean(),
    fields: record(string(), { description: 'Contactveld → kolom (kop of nummer vanaf 1).' }),
    attributes: record(string(), { description: 'Kolom → naam van het kenmerk.' }),
    add_tags: array(string(), { description: 'Tags voor elk geïmporteerd contact.' }),
  },
  { optional: ['delimiter', 'has_header', 'attributes', 'add_tags'] },
);

export const previewSchema = object<ContactImportPreview>({
  file_name: string(),
  encoding: oneOf(IMPORT_ENCODINGS),
  delimiter: oneOf(CSV_DELIMITERS),
  headers: array(string()),
  mapping: mappingSchema,
  sample: array(array(string()), { description: 'De eerste regels, als cellen.' }),
  rows: integer({ description: 'Regels met gegevens in het bestand.' }),
  duplicates: nullable(
    object<ContactImportDuplicates>(
      {
        addresses: integer({ description: 'E-mailadressen die op meer dan één regel staan.' }),
        rows: integer({
          description: 'Regels die worden overgeslagen (alle regels van die adressen op één na).',
        }),
        items: array(
          object<ContactImportDuplicate>({
            email: string({ description: 'Zoals op de eerste regel.' }),
            count: integer({ description: 'Op zoveel regels.' }),
            lines: array(integer(), { description: 'De eerste tien regelnummers (1 is de eerste regel).' }),
          }),
          { description: 'De eerste 50 adressen, in de volgorde van hun eerste regel.' },
        ),
      },
      { description: 'Gelezen met de kolomindeling; null zolang die geen kolom met het e-mailadres noemt.' },
    ),
  ),
});

export const importSchema = object<ContactImport>({
  id: integer(),
  file_name: string(),
  state: oneOf(CONTACT_IMPORT_STATES, {
    description: 'running tot de import klaar is (done) of mislukt (failed).',
  }),
  on_duplicate: oneOf(DUPLICATE_POLICIES),
  file_duplicates: nullable(
    oneOf(FILE_DUPLICATE_CHOICES, {
      description: 'Welke regel van een e-mailadres op meer regels telde; null: het bestand had er geen.',
    }),
  ),
  rows: integer({ description: 'Regels met gegevens in het bestand.' }),
  processed: integer({ description: 'Regels verwerkt tot nu toe (de voortgang).' }),
  created: integer(),
  updated: integer({ description: 'Contacten van vóór de import die zijn bijgewerkt (update).' }),
  skipped: integer({
    description: 'Overgeslagen: het e-mailadres was vóór de import al een contact (skip).',
  }),
  duplicates: integer({
    description: 'Overgeslagen: een andere regel van het bestand met hetzelfde e-mailadres telde.',
  }),
  refused: integer(),
  refusals: array(object<{ line: number; reason: string }>({ line: integer(), reason: string() }), {
    description: 'De eerste 200 geweigerde regels met de reden.',
  }),
  error: nullable(string({ description: 'Waarom de import mislukte.' })),
  created_at: timestamp('Gestart.'),
  finished_at: nullable(timestamp('Klaar of mislukt.')),
});

export const IMPORT_FORM_DOCUMENTATION = {
  file: {
    type: 'string',
    format: 'binary',
    description: 'Het CSV-bestand (UTF-8, Windows-1252 of UTF-16); hoogstens 32 MB.',
  },
  mapping: {
    type: 'string',
    description:
      'De kolomindeling als JSON (ContactCsvMapping), bijvoorbeeld {"fields":{"email":"E-mail","name":"Naam"}}. Zonder: herkend aan de kolomkoppen.',
  },
  on_duplicate: {
    type: 'string',
    enum: [...DUPLICATE_POLICIES],
    description: 'update (standaard): een bestaand contact bijwerken; skip: overslaan.',
  },
  file_duplicates: {
    type: 'string',
    enum: [...FILE_DUPLICATE_CHOICES],
    description:
      'Bij een e-mailadres op meer dan één regel: first (de eerste regel telt) of last (de laatste); de andere ' +
      'regels worden overgeslagen. Verplicht als het bestand zulke adressen heeft.',
  },
  dry_run: {
    type: 'string',
    enum: ['true', 'false'],
    description: 'true: alleen lezen en de kolomindeling voorstellen, niets opslaan.',
  },
} as const;

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
