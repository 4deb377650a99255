import type { Question, SurveyTemplateInput } from '@loop/core';
import { LIKERT_DEFAULT_LABELS, NPS_DEFAULT_LABELS, validateCompleteSurvey } from '@loop/core/surveys/model';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { surveyTemplates } from '../db/schema';

/** A built-in template with the stable key the seed finds it by. */
export interface BuiltInTemplate {
  readonly key: string;
  readonly input: SurveyTemplateInput;
}

const likertLabels = [...LIKERT_DEFAULT_LABELS[5]];

const employeeSatisfaction: readonly Question[] = [
  {
    id: 'mtv-werk',
    type: 'likert',
    title: 'In hoeverre ben je het eens met de volgende stellingen?',
    required: true,
    position: 0,
    settings: {
      points: 5,
      labels: likertLabels,
      neutral_middle: true,
      statements: [
        { id: 'mtv-s1', text: 'Ik haal voldoening uit mijn werk.' },
        { id: 'mtv-s2', text: 'Ik weet wat er van mij verwacht wordt.' },
        { id: 'mtv-s3', text: 'Mijn leidinggevende ondersteunt mij goed.' },
        { id: 'mtv-s4', text: "Ik werk prettig samen met mijn collega's." },
        { id: 'mtv-s5', text: 'Ik heb voldoende mogelijkheden om mij te ontwikkelen.' },
        { id: 'mtv-s6', text: 'Mijn werkdruk is goed te doen.' },
      ],
    },
  },
  {
    id: 'mtv-enps',
    type: 'nps',
    title:
      'Hoe waarschijnlijk is het dat je onze organisatie als werkgever aanbeveelt bij vrienden of bekenden?',
    required: true,
    position: 1,
    settings: { ...NPS_DEFAULT_LABELS },
  },
  {
    id: 'mtv-verbeter',
    type: 'open_long',
    title: 'Wat kunnen we verbeteren om van onze organisatie een nog betere werkgever te maken?',
    required: false,
    position: 2,
    settings: { max_length: 2000 },
  },
];

const customerSatisfaction: readonly Question[] = [
  {
    id: 'kt-nps',
    type: 'nps',
    title: "Hoe waarschijnlijk is het dat je ons aanbeveelt bij vrienden of collega's?",
    required: true,
    position: 0,
    settings: { ...NPS_DEFAULT_LABELS },
  },
  {
    id: 'kt-cijfer',
    type: 'rating',
    title: 'Hoe tevreden ben je over onze service?',
    required: true,
    position: 1,
    settings: { scale: 5, style: 'stars' },
  },
  {
    id: 'kt-kanaal',
    type: 'single_choice',
    title: 'Hoe heb je ons leren kennen?',
    required: false,
    position: 2,
    settings: {
      options: [
        { id: 'kt-k1', label: 'Via een zoekmachine' },
        { id: 'kt-k2', label: 'Via sociale media' },
        { id: 'kt-k3', label: "Via vrienden, familie of collega's" },
        { id: 'kt-k4', label: 'Via een advertentie' },
      ],
      allow_other: true,
    },
  },
  {
    id: 'kt-tip',
    type: 'open_short',
    title: 'Wat is het belangrijkste dat we kunnen verbeteren?',
    required: false,
    position: 3,
    settings: { max_length: 250 },
  },
];

const eventEvaluation: readonly Question[] = [
  {
    id: 'ev-cijfer',
    type: 'rating',
    title: 'Hoe beoordeel je het evenement als geheel?',
    required: true,
    position: 0,
    settings: { scale: 5, style: 'stars' },
  },
  {
    id: 'ev-onderdelen',
    type: 'multiple_choice',
    title: 'Welke onderdelen vond je het meest waardevol?',
    description: 'Kies er hoogstens drie.',
    required: false,
    position: 1,
    settings: {
      options: [
        { id: 'ev-o1', label: 'De presentaties' },
        { id: 'ev-o2', label: 'De workshops' },
        { id: 'ev-o3', label: 'Netwerken' },
        { id: 'ev-o4', label: 'Eten en drinken' },
        { id: 'ev-o5', label: 'De locatie' },
      ],
      allow_other: true,
      min_choices: 1,
      max_choices: 3,
    },
  },
  {
    id: 'ev-stellingen',
    type: 'likert',
    title: 'In hoeverre ben je het eens met de volgende stellingen?',
    required: true,
    position: 2,
    settings: {
      points: 5,
      labels: likertLabels,
      neutral_middle: true,
      statements: [
        { id: 'ev-s1', text: 'De organisatie was goed geregeld.' },
        { id: 'ev-s2', text: 'Het programma sloot aan bij mijn verwachtingen.' },
        { id: 'ev-s3', text: 'Ik kom een volgende keer graag weer.' },
      ],
    },
  },
  {
    id: 'ev-opmerkingen',
    type: 'open_long',
    title: 'Heb je nog tips of opmerkingen voor een volgende editie?',
    required: false,
    position: 3,
    settings: { max_length: 2000 },
  },
];

/**
 * What the employee template's introduction said until issue 24: that the answers are anonymous. A
 * survey made from it is not anonymous unless its owner makes it so (the answering page then says so
 * itself), and is sent with personal links or invitations that can name who answered, so the
 * template no longer promises it (docs/decisions/surveys.md, 'No promise of anonymity in the texts').
 */
export const FORMER_EMPLOYEE_INTRODUCTION =
  '<p>Fijn dat je meedoet! Je antwoorden zijn <strong>anoniem</strong> en helpen ons om een betere werkgever te worden.</p>';

/** The templates every organisation sees (R-SURV-6: for employees, customers and events). */
export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  {
    key: 'medewerkerstevredenheid',
    input: {
      name: 'Medewerkerstevredenheid',
      description:
        'Meet hoe tevreden medewerkers zijn over hun werk, leidinggevende en ontwikkeling, met eNPS.',
      title: 'Medewerkerstevredenheid',
      description_html: '<p>Een korte peiling onder alle medewerkers.</p>',
      introduction_html:
        '<p>Fijn dat je meedoet! Je antwoorden helpen ons om een betere werkgever te worden.</p>',
      thank_you_text:
        'Bedankt voor je eerlijke antwoorden! We delen de uitkomsten binnenkort met het hele team.',
      questions: employeeSatisfaction,
    },
  },
  {
    key: 'klanttevredenheid-nps',
    input: {
      name: 'Klanttevredenheid met NPS',
      description: 'Vraag klanten naar hun tevredenheid en hoe waarschijnlijk het is dat ze je aanbevelen.',
      title: 'Hoe tevreden ben je over ons?',
      description_html: '<p>Een korte vragenlijst over je ervaring met ons.</p>',
      introduction_html: '<p>Het invullen duurt ongeveer twee minuten. Alvast bedankt!</p>',
      thank_you_text: 'Bedankt voor je feedback! Daar worden we beter van.',
      questions: customerSatisfaction,
    },
  },
  {
    key: 'evenementevaluatie',
    input: {
      name: 'Evenementevaluatie',
      description:
        'Evalueer een evenement: algemene indruk, favoriete onderdelen en tips voor de volgende keer.',
      title: 'Evaluatie van het evenement',
      description_html: '<p>Laat ons weten wat je van het evenement vond.</p>',
      introduction_html:
        '<p>Bedankt voor je komst! Met je antwoorden maken we de volgende editie nog beter.</p>',
      thank_you_text: 'Bedankt voor het invullen. Tot de volgende keer!',
      questions: eventEvaluation,
    },
  },
];

/**
 * Writes the built-in templates that are missing (by key); existing rows are left as they are.
 * Idempotent and safe for two instances starting at once (ON CONFLICT on the unique key). Runs at
 * every start, so a fresh database (PGlite or PostgreSQL) always has them.
 */
export async function seedBuiltInTemplates(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const now = deps.clock.now();
  const rows = BUILT_IN_TEMPLATES.map(({ key, input }) => {
    const checked = validateCompleteSurvey({ ...input, close_at: null });
    if (!checked.ok)
      throw new Error(`built-in template ${key} is invalid: ${JSON.stringify(checked.fields)}`);
    return {
      key,
      organizationId: null,
      name: input.name,
      description: input.description,
      title: checked.value.title,
      descriptionHtml: checked.value.description_html,
      introductionHtml: checked.value.introduction_html,
      thankYouText: checked.value.thank_you_text,
      questions: [...checked.value.questions],
      createdAt: now,
      updatedAt: now,
    };
  });
  await deps.db.insert(surveyTemplates).values(rows).onConflictDoNothing({ target: surveyTemplates.key });
  // A database seeded before issue 24 still has the introduction that promised anonymity.
  const employee = rows.find((row) => row.key === 'medewerkerstevredenheid');
  if (employee !== undefined)
    await deps.db
      .update(surveyTemplates)
      .set({ introductionHtml: employee.introductionHtml, updatedAt: now })
      .where(
        and(
          eq(surveyTemplates.key, employee.key),
          eq(surveyTemplates.introductionHtml, FORMER_EMPLOYEE_INTRODUCTION),
        ),
      );
}
