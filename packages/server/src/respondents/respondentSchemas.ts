import type { ResponseAnswerText, ResponseDetail, ResponseListItem, ResponseProgress } from '@loop/core';
import { RESPONSE_KINDS, RESPONSE_STATUSES } from '../db/schema';
import { pagingQueryProperties } from '../http/paging';
import { array, boolean, integer, nullable, object, oneOf, type Schema, string } from '../http/schema';

export const responseParams = object<{ readonly id: string; readonly responseId: string }>({
  id: string({ maxLength: 20, description: 'Id van de survey.' }),
  responseId: string({ maxLength: 20, description: 'Id van de reactie.' }),
});

export interface ResponseListQueryString {
  readonly page?: string;
  readonly page_size?: string;
  readonly status?: ResponseProgress;
  readonly q?: string;
}

const progress = oneOf(RESPONSE_STATUSES, {
  description: 'pending (persoonlijke link nog niet geopend), in_progress (bezig) of completed (ingestuurd).',
});

export const responseListQuerySchema = object<ResponseListQueryString>(
  {
    ...pagingQueryProperties,
    status: progress,
    q: string({
      maxLength: 100,
      description:
        'Zoek in het label van de persoonlijke link (hoofdletters maken niet uit) en, voor rollen die ' +
        'contacten zien en niet bij een anonieme survey, in naam en e-mailadres van het uitgenodigde contact.',
    }),
  },
  { optional: ['page', 'page_size', 'status', 'q'] },
);

export interface ResponseExportQuery {
  readonly format?: string;
}

export const responseExportQuerySchema = object<ResponseExportQuery>(
  { format: string({ maxLength: 20, description: 'json of csv.' }) },
  { optional: ['format'] },
);

const timestamp = (description: string) => nullable(string({ format: 'date-time', description }));

const listItemProperties = {
  id: integer(),
  kind: oneOf(RESPONSE_KINDS, { description: 'public (openbare link) of personal (persoonlijke link).' }),
  label: nullable(string({ description: 'Label van de persoonlijke link, of null.' })),
  status: progress,
  started_at: timestamp('Begonnen.'),
  saved_at: timestamp('Laatst opgeslagen.'),
  completed_at: timestamp('Ingestuurd.'),
  anonymised: boolean({ description: 'Na de bewaartermijn geanonimiseerd (open antwoorden gewist).' }),
  contact_name: nullable(
    string({
      description:
        'Naam van het uitgenodigde contact; null bij andere links, anonieme surveys en gewiste contacten.',
    }),
  ),
  contact_email: nullable(string({ description: 'E-mailadres van het uitgenodigde contact, of null.' })),
} as const;

export const responseListItemSchema = object<ResponseListItem>(listItemProperties);

const answerTextSchema = object<ResponseAnswerText>({
  question_id: string(),
  question: string({ description: 'De vraag.' }),
  answer: nullable(string({ description: 'Het antwoord als tekst; null: niet beantwoord.' })),
});

export const responseDetailSchema = object<ResponseDetail>({
  ...listItemProperties,
  answers: array(answerTextSchema, { description: 'Een antwoord per vraag, in de volgorde van de survey.' }),
});

export const responseExportFileResponse = {
  description:
    'De antwoorden van één respondent als bestand: JSON, of CSV (UTF-8 met BOM, puntkomma als scheidingsteken).',
  content: {
    'application/json': { schema: { type: 'object' } },
    'text/csv': { schema: { type: 'string' } },
  },
} as Schema<unknown>;
