import type { SurveyEmbed } from '@loop/core';
import { EMBED_ORIGINS_MAX } from '@loop/core/surveys/embed';
import { array, object, string } from '../http/schema';

// The outer bounds of the embedding settings; core's `checkEmbedOrigins` names what is left in Dutch
// under `origins` and `origins.<index>` (R-EMBED-1).

/** GET and PUT /surveys/:id/embed. */
export const surveyEmbedSchema = object<SurveyEmbed>(
  {
    origins: array(string({ maxLength: 300 }), {
      // Five times the real maximum: a longer list is refused by core's check with its Dutch text.
      maxItems: EMBED_ORIGINS_MAX * 5,
      description:
        `De websites die de survey in een frame mogen tonen (hoogstens ${EMBED_ORIGINS_MAX}): elk een exacte ` +
        'origin, https://host[:poort], zonder pad, zonder * en zonder http (behalve http://localhost en ' +
        'http://127.0.0.1 om te testen).',
    }),
  },
  { description: 'Waar de survey op een website mag staan.' },
);
