import type { EndScreen, SurveyLogic } from '@loop/core';
import {
  CONDITION_TEXT_MAX_LENGTH,
  CONDITION_VALUES_MAX,
  END_SCREEN_TEXT_MAX_LENGTH,
  END_SCREENS_MAX,
  HIDDEN_FIELD_NAME_PATTERN,
  HIDDEN_FIELDS_MAX,
  LOGIC_CONDITIONS_MAX,
  LOGIC_RULES_MAX,
  OPERATORS,
  REDIRECT_URL_MAX_LENGTH,
} from '@loop/core/surveys/logic';
import { array, object, type Schema, string } from '../http/schema';

// Survey logic (issue 26): the bounds core's `checkLogicInput` sets, so a body far outside them is
// refused before anything is read; core then names what is left (a rule without its question, more
// than LOGIC_CONDITIONS_MAX conditions together) in Dutch under `logic.<field>`.
const LOGIC_ID = { maxLength: 64, description: 'Een id (letters, cijfers, - en _).' } as const;
const logicValue = {
  anyOf: [{ type: 'string', maxLength: CONDITION_TEXT_MAX_LENGTH }, { type: 'number' }],
  description: 'Een keuze-id, een getal of een tekst.',
} as Schema<string | number>;
const ALL_OPERATORS = [...new Set(Object.values(OPERATORS).flatMap((set) => [...set]))];

/** One condition: open on the operator's values (core checks which fit); closed on the rest. */
const conditionSchema = {
  type: 'object',
  required: ['source', 'operator'],
  additionalProperties: false,
  properties: {
    source: { type: 'string', enum: ['question', 'hidden_field', 'language'] },
    question_id: string(LOGIC_ID),
    statement_id: string(LOGIC_ID),
    option_id: string({ ...LOGIC_ID, description: 'Bij een rangorde: de optie waarvan de plaats telt.' }),
    name: string({ maxLength: 40, description: 'Een verborgen veld.' }),
    operator: { type: 'string', enum: ALL_OPERATORS },
    value: logicValue,
    values: array(logicValue, { maxItems: CONDITION_VALUES_MAX }),
    min: logicValue,
    max: logicValue,
  },
  description:
    'Een voorwaarde: source question (question_id, bij Likert statement_id, bij een rangorde ' +
    'option_id voor de plaats van die optie), hidden_field (name) of ' +
    'language, met een operator en de waarde(n) die hij nodig heeft (value, values of min en max).',
} as Schema<unknown>;

/** Conditions joined by 'en' or 'of': a rule's `when`, and a quota's. */
export const conditionGroupSchema = {
  type: 'object',
  required: ['match', 'conditions'],
  additionalProperties: false,
  properties: {
    match: { type: 'string', enum: ['all', 'any'], description: 'all: en; any: of.' },
    conditions: { type: 'array', items: conditionSchema, maxItems: LOGIC_CONDITIONS_MAX },
  },
} as Schema<unknown>;

const ruleSchema = {
  type: 'object',
  required: ['id', 'action', 'when'],
  additionalProperties: false,
  properties: {
    id: string(LOGIC_ID),
    action: { type: 'string', enum: ['show', 'hide', 'jump'] },
    question_id: string({
      ...LOGIC_ID,
      description: 'Bij show en hide: de vraag die de regel toont of verbergt.',
    }),
    from_question_id: string({ ...LOGIC_ID, description: 'Bij jump: de vraag waarna gesprongen wordt.' }),
    to: {
      type: 'object',
      additionalProperties: false,
      properties: { question_id: string(LOGIC_ID), end_screen_id: string(LOGIC_ID) },
      description: 'Bij jump: { question_id } van een latere vraag of { end_screen_id }.',
    },
    when: conditionGroupSchema,
  },
  description: 'Een regel: show of hide van een vraag, of jump na een vraag, als de voorwaarden gelden.',
} as Schema<unknown>;

const endScreenSchema = object<EndScreen>(
  {
    id: string(LOGIC_ID),
    text: string({ maxLength: END_SCREEN_TEXT_MAX_LENGTH, description: 'De tekst van het eindscherm.' }),
    redirect_url: string({
      maxLength: REDIRECT_URL_MAX_LENGTH,
      description: 'Doorsturen naar dit http(s)-adres na de tekst (optioneel).',
    }),
  },
  { optional: ['redirect_url'] },
);

/** A survey's logic: rules, end screens and hidden fields (R-SURV-7 to R-SURV-13, R-RESP-5). */
export const logicSchema = object<SurveyLogic>(
  {
    rules: array(ruleSchema as Schema<SurveyLogic['rules'][number]>, {
      maxItems: LOGIC_RULES_MAX,
      description: `Tonen-, verbergen- en springregels (hoogstens ${LOGIC_RULES_MAX}, samen hoogstens ${LOGIC_CONDITIONS_MAX} voorwaarden).`,
    }),
    end_screens: array(endScreenSchema, {
      maxItems: END_SCREENS_MAX,
      description: `Eindschermen waar een sprong naartoe kan (hoogstens ${END_SCREENS_MAX}).`,
    }),
    hidden_fields: array(string({ pattern: HIDDEN_FIELD_NAME_PATTERN.source }), {
      maxItems: HIDDEN_FIELDS_MAX,
      description:
        `Namen van verborgen velden die een link kan meegeven (hoogstens ${HIDDEN_FIELDS_MAX}; kleine letters, ` +
        "cijfers en _, beginnend met een letter, hoogstens 40 tekens, zoals 'afdeling').",
    }),
  },
  {
    description:
      'De logica van de survey: regels, eindschermen en verborgen velden. Een concept mag regels met ' +
      'problemen hebben (een vraag die niet meer bestaat); publiceren wacht daarop.',
  },
);
