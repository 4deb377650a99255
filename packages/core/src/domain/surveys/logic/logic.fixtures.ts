import type { AnswerValue, Question } from '../../contract';
import type {
  Condition,
  ConditionTest,
  EndScreen,
  LogicRule,
  QuestionCondition,
  SurveyLogic,
} from './logicTypes';

/** A survey of every question type, in order (positions 0–7), for the logic tests. */
export const QUESTIONS: readonly Question[] = [
  {
    id: 'q_dept',
    type: 'single_choice',
    title: 'Afdeling',
    required: true,
    position: 0,
    settings: {
      options: [
        { id: 'sales', label: 'Verkoop' },
        { id: 'support', label: 'Klantenservice' },
        { id: 'it', label: 'ICT' },
      ],
      allow_other: true,
    },
  },
  {
    id: 'q_tools',
    type: 'multiple_choice',
    title: 'Welke tools gebruik je?',
    required: false,
    position: 1,
    settings: {
      options: [
        { id: 'mail', label: 'E-mail' },
        { id: 'chat', label: 'Chat' },
        { id: 'crm', label: 'CRM' },
      ],
      allow_other: true,
    },
  },
  {
    id: 'q_work',
    type: 'likert',
    title: 'Werkplek',
    required: true,
    position: 2,
    settings: {
      points: 5,
      labels: ['1', '2', '3', '4', '5'],
      neutral_middle: true,
      statements: [
        { id: 's_desk', text: 'Mijn bureau is goed' },
        { id: 's_light', text: 'Er is genoeg licht' },
      ],
    },
  },
  {
    id: 'q_nps',
    type: 'nps',
    title: 'Hoe waarschijnlijk is het dat je ons aanbeveelt?',
    required: false,
    position: 3,
    settings: {},
  },
  {
    id: 'q_sat',
    type: 'rating',
    title: 'Hoe tevreden ben je?',
    required: false,
    position: 4,
    settings: { scale: 5, style: 'stars' },
  },
  {
    id: 'q_why',
    type: 'open_short',
    title: 'Waarom?',
    required: true,
    position: 5,
    settings: { max_length: 200 },
  },
  {
    id: 'q_sales',
    type: 'open_long',
    title: 'Wat kan Verkoop beter doen?',
    required: true,
    position: 6,
    settings: { max_length: 2000 },
  },
  {
    id: 'q_last',
    type: 'open_short',
    title: 'Nog iets?',
    required: false,
    position: 7,
    settings: { max_length: 200 },
  },
];

export const ALL_IDS = QUESTIONS.map((question) => question.id);

export const THANKS: EndScreen = { id: 'end_thanks', text: 'bedankt' };
export const REDIRECT: EndScreen = {
  id: 'end_shop',
  text: 'Naar de winkel',
  redirect_url: 'https://winkel.example.nl/',
};

/** A condition on a question's answer. */
export const on = (question_id: string, test: ConditionTest, statement_id?: string): QuestionCondition =>
  (statement_id === undefined
    ? { source: 'question', question_id, ...test }
    : { source: 'question', question_id, statement_id, ...test }) as QuestionCondition;

export const hidden = (name: string, test: ConditionTest): Condition =>
  ({ source: 'hidden_field', name, ...test }) as Condition;
export const language = (test: ConditionTest): Condition => ({ source: 'language', ...test }) as Condition;

let ruleCount = 0;
const nextId = () => `r${++ruleCount}`;

export const show = (question_id: string, ...conditions: Condition[]): LogicRule => ({
  id: nextId(),
  action: 'show',
  question_id,
  when: { match: 'all', conditions },
});
export const hide = (question_id: string, ...conditions: Condition[]): LogicRule => ({
  id: nextId(),
  action: 'hide',
  question_id,
  when: { match: 'all', conditions },
});
export const showAny = (question_id: string, ...conditions: Condition[]): LogicRule => ({
  id: nextId(),
  action: 'show',
  question_id,
  when: { match: 'any', conditions },
});
export const jump = (from_question_id: string, to: string, ...conditions: Condition[]): LogicRule => ({
  id: nextId(),
  action: 'jump',
  from_question_id,
  to: to.startsWith('end_') ? { end_screen_id: to } : { question_id: to },
  when: { match: 'all', conditions },
});

/** Logic of these rules, with the two end screens and the hidden field 'bron'. */
export const logicOf = (...rules: LogicRule[]): SurveyLogic => ({
  rules,
  end_screens: [THANKS, REDIRECT],
  hidden_fields: ['bron'],
});

/** Answers by question id. */
export const answers = (byId: Readonly<Record<string, AnswerValue>> = {}): Map<string, AnswerValue> =>
  new Map(Object.entries(byId));

export const SALES: AnswerValue = { option_id: 'sales' };
export const SUPPORT: AnswerValue = { option_id: 'support' };
export const score = (value: number): AnswerValue => ({ score: value });
export const text = (value: string): AnswerValue => ({ text: value });
