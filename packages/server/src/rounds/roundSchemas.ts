import {
  ROUND_ACTIONS,
  ROUND_INTERVAL_UNITS,
  ROUND_SCHEDULE_STATES,
  ROUND_STATES,
  type RoundAction,
  type RoundComparison,
  type RoundResults,
  type RoundSchedule,
  type RoundScheduleInput,
  type SurveyRound,
  type SurveyRounds,
} from '@loop/core';
import { array, integer, nullable, object, oneOf, string } from '../http/schema';
import { questionResultSchema } from '../results/resultSchemas';

const timestamp = (description: string) => string({ format: 'date-time', description });

const scheduleProperties = {
  interval_unit: oneOf(ROUND_INTERVAL_UNITS, { description: 'week of month.' }),
  interval_count: integer({ description: 'Elke 1–12 weken of maanden.' }),
  segment_id: nullable(integer({ description: 'Een segment van de organisatie; null: alle contacten.' })),
};

export const roundScheduleInputSchema = object<RoundScheduleInput>({
  ...scheduleProperties,
  start_at: string({
    maxLength: 40,
    description: 'Moment van de eerste ronde (ISO 8601, niet in het verleden).',
  }),
});

const roundScheduleSchema = object<RoundSchedule>({
  ...scheduleProperties,
  start_at: timestamp('Moment van de eerste ronde; de volgende volgen op dezelfde kloktijd in Nederland.'),
  state: oneOf(ROUND_SCHEDULE_STATES, { description: 'active, paused of ended.' }),
});

const surveyRoundSchema = object<SurveyRound>({
  id: integer(),
  number: integer({ description: 'Ronde 1, 2, 3 …' }),
  due_at: timestamp('Gepland moment.'),
  state: oneOf(ROUND_STATES, { description: 'scheduled, sent, skipped of cancelled.' }),
  sent_at: nullable(timestamp('Wanneer de uitnodigingen in de wachtrij kwamen.')),
  invited: integer({ description: 'Uitnodigingen van deze ronde (niet geannuleerd).' }),
  skipped: integer({ description: 'Contacten die de regels oversloegen (afgemeld, contactregel).' }),
  completed: integer({ description: 'Ingestuurde reacties van deze ronde.' }),
  note: nullable(string({ description: 'Waarom de ronde niet ging, in het Nederlands.' })),
});

export const surveyRoundsSchema = object<SurveyRounds>({
  schedule: nullable(roundScheduleSchema),
  rounds: array(surveyRoundSchema, { description: 'Nieuwste eerst.' }),
});

export const roundActionParams = object<{ readonly id: string; readonly action: RoundAction }>({
  id: string({ maxLength: 20, description: 'Id van de survey.' }),
  action: oneOf(ROUND_ACTIONS, { description: 'pause, resume, skip (de volgende ronde) of end.' }),
});

const roundResultsSchema = object<RoundResults>({
  round_id: integer(),
  number: integer(),
  due_at: timestamp('Gepland moment van de ronde.'),
  completed: integer({ description: 'Ingestuurde reacties van de ronde.' }),
  questions: array(questionResultSchema as never, {
    description:
      'De resultaten per vraag van deze ronde, in de vorm van de resultaten (zonder open teksten).',
  }),
});

export const roundComparisonSchema = object<RoundComparison>({
  survey_id: integer(),
  rounds: array(roundResultsSchema, { description: 'Elke verstuurde ronde, oudste eerst.' }),
});
