import type { SurveyFill } from '@loop/core';
import { array, integer, nullable, object, type Schema, string } from '../http/schema';

/** How full a survey's cap and quotas are (R-SURV-21, R-SURV-22), on the results route. */
export const surveyFillSchema: Schema<SurveyFill> = object<SurveyFill>(
  {
    cap: nullable(
      object<{ readonly max: number; readonly count: number }>({
        max: integer({ description: 'Het maximum aantal antwoorden.' }),
        count: integer({ description: 'Ingestuurde antwoorden.' }),
      }),
    ),
    quotas: array(
      object<SurveyFill['quotas'][number]>({
        id: string(),
        name: string(),
        max: integer(),
        count: integer({ description: 'Ingestuurde antwoorden die dit quotum telde.' }),
      }),
    ),
  },
  { description: 'Hoe vol het maximum (null: geen) en elk quotum zijn.' },
);
