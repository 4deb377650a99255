import type {
  AnswerInput,
  AnswerValue,
  CreatePersonalLinksRequest,
  InvitationPreview,
  PersonalLinksCreated,
  RespondentBranding,
  RespondentSurvey,
  RespondentView,
  RespondRequest,
  RespondResult,
  SurveyLinks,
} from '@loop/core';
import { CONTACT_LANGUAGES } from '@loop/core';
import { HIDDEN_FIELD_VALUE_MAX_LENGTH, HIDDEN_FIELDS_MAX } from '@loop/core/surveys/logic';
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
import { logicSchema, questionSchema } from '../surveys/surveySchemas';

/** At most this many personal links per request (the contract's limit). */
export const PERSONAL_LINKS_MAX = 500;
export const PERSONAL_LINK_LABEL_MAX_LENGTH = 100;

// Caps against absurd input only: core's `validateSubmission` checks every answer with Dutch messages.
const ANSWERS_CAP = 500;

export const respondTokenParams = object<{ readonly token: string }>({
  token: string({ maxLength: 200, description: 'Token van de link (publiek of persoonlijk).' }),
});

/** GET /respond/:token?lang=xx: the language the page asks the survey's texts in (R-RESP-12). */
export const respondQuerySchema = object<{ readonly lang?: string }>(
  {
    lang: string({
      maxLength: 20,
      description:
        'De taal van de teksten (en, de, …) als de survey daarin volledig vertaald is; anders genegeerd.',
    }),
  },
  { optional: ['lang'] },
);

/** Any JSON: the shape depends on the question type and is checked by core's `validateAnswer`. */
const answerValueSchema = {
  description:
    'Het antwoord, naar soort vraag: likert {stelling-id: punt}, single_choice {option_id} of {other}, ' +
    'multiple_choice {option_ids, other?}, open tekst {text}, nps en rating {score}.',
} as Schema<AnswerValue>;

export const answerInputSchema = object<AnswerInput>(
  {
    question_id: string({ maxLength: 200, description: 'Id van de vraag.' }),
    value: answerValueSchema,
    seconds_spent: number({ description: 'Seconden die de deelnemer tot nu toe aan de vraag besteedde.' }),
  },
  { optional: ['seconds_spent'] },
);

/** The respondent's context: the public link's hidden fields and the language answered in. */
const contextProperties = {
  // Open here: core's `checkRespondentContext` refuses a declared field's bad value with a Dutch
  // message under `hidden_fields.<name>` and ignores names the survey does not declare.
  hidden_fields: {
    type: 'object',
    maxProperties: HIDDEN_FIELDS_MAX * 5,
    description:
      'De verborgen velden die de publieke link meegaf (`?afdeling=Verkoop`), per naam. Alleen de namen die ' +
      `de survey declareert tellen (andere worden genegeerd); een waarde is tekst van hoogstens ${HIDDEN_FIELD_VALUE_MAX_LENGTH} ` +
      'tekens (anders 400). Vastgelegd bij de eerste keer opslaan; een persoonlijke link neemt ze van het contact.',
  } as Schema<Readonly<Record<string, string>> | undefined>,
  language: string({
    maxLength: 20,
    description: `De taal waarin de deelnemer antwoordt: een van ${CONTACT_LANGUAGES.join(', ')} (anders 400).`,
  }),
};

const answersProperty = array(answerInputSchema, {
  maxItems: ANSWERS_CAP,
  description: 'De antwoorden tot nu toe.',
});

export const respondRequestSchema = object<RespondRequest>(
  {
    answers: answersProperty,
    final: boolean({
      description: 'true: insturen (verplichte vragen gecontroleerd); false: tussentijds opslaan.',
    }),
    ...contextProperties,
    respondent_key: string({
      maxLength: 64,
      description:
        'Alleen bij de publieke link: een willekeurige sleutel (16–64 tekens A-Z, a-z, 0-9, _ en -) per bezoeker.',
    }),
  },
  {
    optional: ['respondent_key', 'hidden_fields', 'language'],
    description: 'Antwoorden opslaan of insturen.',
  },
);

/** POST /surveys/:id/responses: one whole response, submitted at once. */
export const submitResponseSchema = object<Omit<RespondRequest, 'final' | 'respondent_key'>>(
  { answers: answersProperty, ...contextProperties },
  { optional: ['hidden_fields', 'language'], description: 'Een volledig antwoord, in één keer ingestuurd.' },
);

export const respondResultSchema = object<RespondResult>(
  {
    status: oneOf(['in_progress', 'completed', 'full', 'quota_full'] as const, {
      description:
        'Stand van het antwoord. full: de survey is vol; quota_full: een quotum waar dit antwoord bij hoort ' +
        'is vol. Dan is het antwoord niet ingestuurd (de antwoorden blijven bewaard en tellen niet mee).',
    }),
    end_screen: object<{ readonly text: string }>(
      { text: string({ description: 'De tekst van het eindscherm.' }) },
      { description: 'Bij full en quota_full: wat de deelnemer ziet in plaats van de bedankt-tekst.' },
    ),
    response_token: string({ description: 'Het eigen token van dit antwoord; ga daarmee verder.' }),
  },
  { optional: ['end_screen'] },
);

export const respondentBrandingSchema = object<RespondentBranding>({
  organization_name: string(),
  logo_url: nullable(string()),
  background_url: nullable(string()),
  primary_color: nullable(string()),
});

const respondentSurveySchema = object<RespondentSurvey>(
  {
    title: string(),
    description_html: string({ description: 'Opgeschoonde HTML.' }),
    introduction_html: string({ description: 'Opgeschoonde HTML.' }),
    thank_you_text: string(),
    close_at: nullable(string({ format: 'date-time' })),
    questions: array(questionSchema),
    logic: logicSchema,
    hidden_values: record(string(), {
      description:
        'Waarden van verborgen velden die de server al kent: van het contact bij een persoonlijke link (niet bij ' +
        'een anonieme survey), of die een eerder opgeslagen antwoord meekreeg. Nooit tonen.',
    }),
    language: nullable(
      string({
        description:
          'De taal van de teksten als `?lang=` die koos, anders de taal die de server kent (het contact, een ' +
          'eerdere opslag); null: geen.',
      }),
    ),
    languages: array(string(), {
      description:
        'De talen waarin de survey volledig vertaald is (de hoofdtaal eerst); ontbreekt: alleen de hoofdtaal.',
    }),
    estimated_seconds: integer({ description: 'Geschatte invultijd in seconden.' }),
    saved_answers: array(answerInputSchema, { description: 'Eerder opgeslagen antwoorden.' }),
  },
  { optional: ['languages'] },
);

export const respondentViewSchema = object<RespondentView>({
  status: oneOf(['open', 'completed', 'full'] as const, {
    description:
      'open: invullen; completed: al ingestuurd (alleen de teksten voor het bedankscherm); full: de survey ' +
      'is vol en neemt geen nieuwe deelnemers meer aan (geen vragen).',
  }),
  link_kind: oneOf(['public', 'personal'] as const, {
    description: 'public: de deelbare link van de survey; personal: het eigen token van één antwoord.',
  }),
  anonymous: boolean({
    description:
      'Anonieme survey: antwoorden worden niet aan naam of e-mailadres gekoppeld (toon ANONYMOUS_SURVEY_TEXT).',
  }),
  survey: respondentSurveySchema,
  branding: respondentBrandingSchema,
});

export const surveyLinksSchema = object<SurveyLinks>({
  public_token: string({ description: 'Token van de publieke link: /respond/<public_token>.' }),
  personal: object<SurveyLinks['personal']>({
    total: integer({ description: 'Uitgedeelde persoonlijke links.' }),
    started: integer({ description: 'Begonnen, nog niet ingestuurd.' }),
    completed: integer({ description: 'Ingestuurd.' }),
  }),
});

export const createPersonalLinksSchema = object<CreatePersonalLinksRequest>(
  {
    count: integer({ minimum: 1, maximum: PERSONAL_LINKS_MAX, description: 'Aantal links (1–500).' }),
    label: string({
      maxLength: PERSONAL_LINK_LABEL_MAX_LENGTH,
      description: "Eigen omschrijving, bijvoorbeeld 'Team Noord' (hoogstens 100 tekens).",
    }),
  },
  { optional: ['label'] },
);

export const personalLinksCreatedSchema = object<PersonalLinksCreated>({
  tokens: array(string(), { description: 'De nieuwe tokens; ze worden maar één keer getoond.' }),
});

export const invitationPreviewSchema = object<InvitationPreview>({
  subject: string(),
  from: string({ description: 'Afzender zoals in de From-header.' }),
  html: string({ description: 'De hele e-mail als HTML-document.' }),
  text: string({ description: 'Het tekstdeel van de e-mail.' }),
  language: string({ description: 'De taal van de e-mail: nl of de gevraagde volledige extra taal.' }),
  languages: array(string(), {
    description: 'De talen waarin het voorbeeld kan: Nederlands eerst, dan de volledig vertaalde talen.',
  }),
});

export const invitationPreviewQuerySchema = object<{ readonly lang?: string }>(
  {
    lang: string({
      maxLength: 20,
      description: 'De taal van het voorbeeld: nl of een volledig vertaalde extra taal van de survey.',
    }),
  },
  { optional: ['lang'] },
);
