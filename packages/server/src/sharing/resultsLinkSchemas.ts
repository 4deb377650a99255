import type { CreateResultsLinkRequest, ResultsLink, ResultsLinkCreated, SharedResults } from '@loop/core';
import { RESULTS_LINK_LABEL_MAX_LENGTH, RESULTS_LINK_PASSWORD_MAX_LENGTH } from '@loop/core/surveys/results';
import { array, boolean, integer, nullable, object, oneOf, type Schema, string } from '../http/schema';
import { respondentBrandingSchema } from '../responses/responseSchemas';
import { surveyResultsSchema } from '../results/resultSchemas';
import { questionSchema } from '../surveys/surveySchemas';

const day = (description: string) => string({ maxLength: 10, description });

export const resultsLinkSchema = object<ResultsLink>({
  id: integer(),
  label: nullable(string()),
  question_ids: array(string(), { description: 'De gedeelde vragen.' }),
  from: nullable(day('Eerste dag van de periode (JJJJ-MM-DD, Europe/Amsterdam); null: vanaf het begin.')),
  to: nullable(day('Laatste dag van de periode; null: tot en met vandaag.')),
  open_answers: boolean({ description: 'Open antwoorden gedeeld (R-SHARE-4).' }),
  has_password: boolean(),
  created_at: string({ format: 'date-time' }),
  revoked_at: nullable(string({ format: 'date-time', description: 'Ingetrokken op; null: actief.' })),
});

export const resultsLinksSchema = array(resultsLinkSchema, { description: 'Nieuwste eerst.' });

export const createResultsLinkSchema = object<CreateResultsLinkRequest>(
  {
    question_ids: array(string({ maxLength: 100 }), {
      maxItems: 500,
      description: 'De vragen die de pagina toont (ten minste één).',
    }),
    from: day('Eerste dag (JJJJ-MM-DD); leeg: vanaf het begin.'),
    to: day('Laatste dag (JJJJ-MM-DD); leeg: tot en met vandaag.'),
    open_answers: boolean({
      description:
        'Ook de open antwoorden delen; bij een anonieme survey pas vanaf 5 reacties in de periode.',
    }),
    password: string({
      maxLength: RESULTS_LINK_PASSWORD_MAX_LENGTH,
      description: 'Optioneel wachtwoord (8–200 tekens), bewaard als argon2id-hash.',
    }),
    label: string({ maxLength: RESULTS_LINK_LABEL_MAX_LENGTH, description: 'Eigen omschrijving.' }),
  },
  { optional: ['from', 'to', 'open_answers', 'password', 'label'] },
);

export const resultsLinkCreatedSchema = object<ResultsLinkCreated>({
  link: resultsLinkSchema,
  token: string({ description: 'Het token voor /gedeeld/<token>; alleen in dit antwoord.' }),
});

export const resultsLinkParams = object<{ readonly id: string; readonly linkId: string }>({
  id: string({ maxLength: 20, description: 'Id van de survey.' }),
  linkId: string({ maxLength: 20, description: 'Id van de resultatenlink.' }),
});

export const sharedTokenParams = object<{ readonly token: string }>({
  token: string({ maxLength: 200, description: 'Token van de resultatenlink.' }),
});

export const sharedPasswordSchema = object<{ readonly password: string }>({
  password: string({
    maxLength: RESULTS_LINK_PASSWORD_MAX_LENGTH,
    description: 'Het wachtwoord van de link.',
  }),
});

type OpenShared = Extract<SharedResults, { status: 'open' }>;

/** Both shapes in one object: `locked` carries only `status` and `branding`. */
export const sharedResultsSchema = object<
  Omit<Partial<OpenShared>, 'status' | 'branding'> & Pick<SharedResults, 'status' | 'branding'>
>(
  {
    status: oneOf(['open', 'locked'] as const, {
      description: 'locked: de link heeft een wachtwoord; stuur het met POST. open: de resultaten.',
    }),
    branding: respondentBrandingSchema,
    title: string(),
    from: nullable(day('Eerste dag van de periode; null: vanaf het begin.')),
    to: nullable(day('Laatste dag van de periode; null: tot en met vandaag.')),
    questions: array(questionSchema, { description: 'De gedeelde vragen, in de volgorde van de survey.' }),
    hides_questions: boolean({ description: 'Regels kunnen vragen verbergen (dan per vraag: gezien door).' }),
    open_answers: boolean(),
    results: surveyResultsSchema,
  },
  { optional: ['title', 'from', 'to', 'questions', 'hides_questions', 'open_answers', 'results'] },
) as Schema<SharedResults>;
