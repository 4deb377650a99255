import type { Quota } from '@loop/core';
import {
  QUOTA_END_SCREEN_TEXT_MAX_LENGTH,
  QUOTA_MAX_LIMIT,
  QUOTA_NAME_MAX_LENGTH,
  QUOTAS_MAX,
} from '@loop/core/surveys/logic';
import { array, integer, nullable, object, type Schema, string } from '../http/schema';
import { conditionGroupSchema } from './logicSchema';

// Caps and quotas (issue 26, R-SURV-21, R-SURV-22): the outer bounds; core's `checkCapsInput` names
// what is left in Dutch under `max_responses` and `quotas.<index>.<field>`.
const quotaSchema = object<Quota>(
  {
    id: string({ maxLength: 64, description: 'Een id (letters, cijfers, - en _).' }),
    name: string({ maxLength: QUOTA_NAME_MAX_LENGTH * 2, description: "De naam, zoals 'Verkoop'." }),
    when: conditionGroupSchema as Schema<Quota['when']>,
    max: integer({ description: 'Hoogstens zoveel ingestuurde antwoorden die aan de voorwaarden voldoen.' }),
    end_screen_text: string({
      maxLength: QUOTA_END_SCREEN_TEXT_MAX_LENGTH,
      description: 'Wat een deelnemer ziet wiens quotum vol is, in plaats van de bedankt-tekst.',
    }),
  },
  { description: 'Een quotum: voorwaarden zoals bij de logica, een maximum en de tekst van het eindscherm.' },
);

export const capsProperties = {
  max_responses: nullable(
    integer({
      description: `Na zoveel ingestuurde antwoorden is de survey vol (1 tot en met ${QUOTA_MAX_LIMIT}); null: geen maximum.`,
    }),
  ),
  quotas: array(quotaSchema, { maxItems: QUOTAS_MAX, description: `De quota (hoogstens ${QUOTAS_MAX}).` }),
} as const;
