import {
  CONTACT_IMPORT_STATES,
  type ContactCsvMapping,
  type ContactImport,
  type ContactImportDuplicate,
  type ContactImportDuplicates,
  type ContactImportPreview,
  CSV_DELIMITERS,
  DUPLICATE_POLICIES,
  FILE_DUPLICATE_CHOICES,
  IMPORT_ENCODINGS,
} from '@loop/core';
import { HEAVY_JOBS_BUSY } from '../heavy/heavyJobs';
import { ERRORS } from '../http/commonSchemas';
import { array, boolean, integer, nullable, object, oneOf, record, string } from '../http/schema';
import {
  CONTACT_ROUTE_ERRORS,
  describeContactRoute as describe,
  idParams,
  timestamp,
} from './contactSchemas';

/** CSV imports of contacts: their wire schemas and the OpenAPI description of their routes. */

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

export const importContactsRoute = {
  ...describe(
    'importContacts',
    'Import contacts from CSV',
    'Importeert contacten uit een CSV-bestand (multipart/form-data, veld "file"; UTF-8, Windows-1252 of UTF-16, ' +
      'scheidingsteken herkend). dry_run=true leest alleen: 200 met de kolomkoppen, de voorgestelde kolomindeling, ' +
      'de eerste regels en de e-mailadressen die op meer dan één regel staan (met hun regelnummers). Anders 202 ' +
      'met de import, die daarna doorloopt: volg hem met GET /contacts/imports/{id} tot state niet meer running ' +
      'is. Staat een e-mailadres op meer dan één regel, dan kiest file_duplicates welke regel telt (zonder: 400).',
  ),
  consumes: ['multipart/form-data'],
  response: {
    200: previewSchema,
    202: importSchema,
    413: ERRORS.payloadTooLarge,
    429: HEAVY_JOBS_BUSY,
    ...CONTACT_ROUTE_ERRORS,
  },
};

export const listImportsRoute = {
  ...describe('listContactImports', 'Recent contact imports', 'De laatste 20 imports, nieuwste eerst.'),
  response: { 200: array(importSchema), ...CONTACT_ROUTE_ERRORS },
};

export const getImportRoute = {
  ...describe(
    'getContactImport',
    'One contact import',
    'Een import met zijn voortgang (processed van rows), de aantallen en de geweigerde regels.',
  ),
  params: idParams,
  response: { 200: importSchema, ...CONTACT_ROUTE_ERRORS },
};
