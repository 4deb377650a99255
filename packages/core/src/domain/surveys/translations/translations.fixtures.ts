import type { Question, SurveyTranslation } from '../../contract';
import type { TranslatableSurvey } from './translationSources';

/** Every question type, given out of order (positions decide), for the translation tests. */
export const QUESTIONS: readonly Question[] = [
  {
    id: 'q_tools',
    type: 'multiple_choice',
    title: 'Welke tools gebruik je?',
    description: 'Kies alles wat past.',
    required: false,
    position: 2,
    settings: {
      options: [
        { id: 'mail', label: 'E-mail' },
        { id: 'chat', label: 'Chat & <b>bellen</b>' },
      ],
      allow_other: true,
    },
  },
  {
    id: 'q_dept',
    type: 'single_choice',
    title: 'Afdeling',
    required: true,
    position: 1,
    settings: {
      options: [
        { id: 'sales', label: 'Verkoop' },
        { id: 'it', label: 'ICT' },
      ],
      allow_other: false,
    },
  },
  {
    id: 'q_work',
    type: 'likert',
    title: 'Werkplek',
    description: '',
    required: true,
    position: 0,
    settings: {
      points: 5,
      labels: ['Oneens', '', 'Neutraal', '', 'Eens'],
      neutral_middle: true,
      statements: [
        { id: 's_desk', text: 'Mijn bureau is goed' },
        { id: 's_light', text: 'Er is genoeg "licht"' },
      ],
    },
  },
  {
    id: 'q_nps',
    type: 'nps',
    title: 'Hoe waarschijnlijk is het dat je ons aanbeveelt?',
    required: false,
    position: 3,
    settings: { low_label: 'Nooit', high_label: 'Zeker' },
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
    required: false,
    position: 5,
    settings: { max_length: 200 },
  },
  {
    id: 'q_more',
    type: 'open_long',
    title: 'Nog iets?\nVertel het ons.',
    required: false,
    position: 6,
    settings: { max_length: 2000 },
  },
];

export const SURVEY: TranslatableSurvey = {
  title: 'Medewerkers 2026',
  description_html: '<p>Jaarlijkse <strong>peiling</strong> &amp; meer</p>',
  introduction_html: '<p>Fijn dat je meedoet.</p>',
  thank_you_text: 'Bedankt!',
  questions: QUESTIONS,
  logic: {
    end_screens: [
      { id: 'end_early', text: 'Bedankt, je bent klaar.', redirect_url: 'https://example.nl' },
      { id: 'end_blank', text: '' },
    ],
  },
  invitation: { subject: 'Doe mee: {titel}', body: 'Beste {naam},\r\n\r\nWil je meedoen?' },
};

/** An English translation of every text of `SURVEY`. */
export const ENGLISH: Readonly<Record<string, string>> = {
  title: 'Employees 2026',
  description_html: '<p>Yearly <strong>survey</strong> &amp; more</p>',
  introduction_html: '<p>Glad you join.</p>',
  'questions.q_work.title': 'Workplace',
  'questions.q_work.statements.s_desk': 'My desk is good',
  'questions.q_work.statements.s_light': 'There is enough "light"',
  'questions.q_work.labels.1': 'Disagree',
  'questions.q_work.labels.3': 'Neutral',
  'questions.q_work.labels.5': 'Agree',
  'questions.q_dept.title': 'Department',
  'questions.q_dept.options.sales': 'Sales',
  'questions.q_dept.options.it': 'IT',
  'questions.q_tools.title': 'Which tools do you use?',
  'questions.q_tools.description': 'Pick all that apply.',
  'questions.q_tools.options.mail': 'E-mail',
  'questions.q_tools.options.chat': 'Chat & <b>calls</b>',
  'questions.q_nps.title': 'How likely are you to recommend us?',
  'questions.q_nps.low_label': 'Never',
  'questions.q_nps.high_label': 'Surely',
  'questions.q_sat.title': 'How satisfied are you?',
  'questions.q_why.title': 'Why?',
  'questions.q_more.title': 'Anything else?\nTell us.',
  thank_you_text: 'Thank you!',
  'end_screens.end_early.text': 'Thanks, you are done.',
  'invitation.subject': 'Join: {titel}',
  'invitation.body': 'Dear {naam},\r\n\r\nWould you join?',
};

export const FULL_ENGLISH: SurveyTranslation = { texts: ENGLISH };
