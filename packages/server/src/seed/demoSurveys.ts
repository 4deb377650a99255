import type { AnswerValue, Question, SurveyInput } from '@loop/core';
import { answerToItems, validateAnswer, validateCompleteSurvey } from '@loop/core/surveys/model';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import {
  type ResponseStatus,
  surveyAnswers,
  surveyInvitations,
  surveyResponses,
  surveys,
} from '../db/schema';
import { CANCEL_REASONS } from '../invitations/invitationDelivery';
import { INVITATION_LINK_LABEL } from '../invitations/invitations';
import { hashToken, newResponseToken } from '../responses/responseTokens';
import { rebuildSurveyCounts } from '../responses/surveyCounts';
import { BUILT_IN_TEMPLATES, FORMER_EMPLOYEE_INTRODUCTION } from '../surveys/builtInTemplates';
import { inputColumns } from '../surveys/surveys';
import { DEMO_CONTACTS } from './demoContacts';

/**
 * Two demo surveys with answers for the demo organisation, so the results, the question pages, the
 * export and the analytics have something to show on a fresh start. The answers come from a seeded
 * generator (the same on every machine), spread over the weeks before the day of seeding.
 */

export const DEMO_SURVEY_TITLES = {
  employees: 'Medewerkerstevredenheid 2026',
  customers: 'Klanttevredenheid Q3',
} as const;

const DAY_MS = 86_400_000;

/** mulberry32: a tiny seeded generator, enough for demo data (not for anything secret). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random() * total;
  for (const [value, weight] of choices) {
    left -= weight;
    if (left < 0) return value;
  }
  return (choices.at(-1) as readonly [T, number])[0];
}

/** A point on a 5-point scale around `mean`, spread like real agreement scales (mostly ±1). */
const point = (random: Random, mean: number): number =>
  Math.min(5, Math.max(1, Math.round(mean + (random() + random() + random() - 1.5) * 1.3)));

const seconds = (random: Random, from: number, to: number): number =>
  Math.round(from + random() * (to - from));

const template = (key: string) => {
  const found = BUILT_IN_TEMPLATES.find((each) => each.key === key);
  if (found === undefined) throw new Error(`built-in template ${key} is missing`);
  return found.input;
};

const employeeQuestions = (): Question[] => {
  const [likert, enps, improve] = template('medewerkerstevredenheid').questions;
  if (likert === undefined || enps === undefined || improve === undefined)
    throw new Error('the employee template changed shape');
  return [
    likert,
    enps,
    {
      id: 'mtv-plek',
      type: 'single_choice',
      title: 'Waar werk je meestal?',
      required: false,
      position: 2,
      settings: {
        options: [
          { id: 'mtv-p1', label: 'Op kantoor' },
          { id: 'mtv-p2', label: 'Thuis' },
          { id: 'mtv-p3', label: 'Afwisselend op kantoor en thuis' },
        ],
        allow_other: true,
      },
    },
    {
      id: 'mtv-waardering',
      type: 'multiple_choice',
      title: 'Wat waardeer je het meest aan je werk?',
      description: 'Kies er hoogstens drie.',
      required: false,
      position: 3,
      settings: {
        options: [
          { id: 'mtv-w1', label: "Fijne collega's" },
          { id: 'mtv-w2', label: 'Flexibele werktijden' },
          { id: 'mtv-w3', label: 'Interessant werk' },
          { id: 'mtv-w4', label: 'Goede arbeidsvoorwaarden' },
          { id: 'mtv-w5', label: 'Ruimte om te leren' },
        ],
        allow_other: false,
        min_choices: 1,
        max_choices: 3,
      },
    },
    { ...improve, position: 4 },
  ];
};

const IMPROVEMENTS = [
  'Minder vergaderingen, of kortere. Veel overleggen kunnen ook in een bericht.',
  'Meer duidelijkheid over wie waarvoor verantwoordelijk is binnen de projecten.',
  'De werkdruk in het laatste kwartaal was te hoog. Graag eerder extra handen inzetten.',
  'Een vast moment per maand met mijn leidinggevende over mijn ontwikkeling zou helpen.',
  'Betere laptops; de mijne is traag en videobellen loopt vaak vast.',
  'Meer waardering uitspreken als iets goed gaat, niet alleen feedback als het misgaat.',
  "Het inwerken van nieuwe collega's kan beter georganiseerd. Nu hangt het van toevalligheden af.",
  'Graag meer budget en tijd voor cursussen en opleidingen.',
  'De communicatie vanuit het management over de plannen voor dit jaar was summier.',
  'Ik mis de vrijdagmiddagborrel. Een keer per maand iets met het hele team zou fijn zijn.',
  'Thuiswerken gaat prima, maar een bijdrage voor een goede bureaustoel zou welkom zijn.',
  'Minder losse verzoeken via de chat tussendoor; focustijd is nu lastig te vinden.',
  'De kantine mag gezonder: meer fruit en salades.',
  'Duidelijkere doelen per team, zodat we weten waar we op sturen.',
  'Eerlijker verdelen van de avond- en weekenddiensten.',
  'Niets bijzonders, ik werk hier met plezier.',
  'Parkeren bij kantoor is een probleem; misschien afspraken maken met de garage ernaast?',
  'Sneller besluiten nemen. Nu blijven voorstellen soms weken liggen.',
  'Meer mogelijkheden om bij andere afdelingen mee te kijken.',
  'De nieuwe planningstool is onhandig. Graag een training of een andere tool.',
] as const;

const OTHER_PLACES = [
  'Bij klanten op locatie',
  'Onderweg, vaak in de trein',
  'In een flexplek dicht bij huis',
];

/** Mean agreement per statement of the employee template: the workload lags, colleagues shine. */
const STATEMENT_MEANS: Readonly<Record<string, number>> = {
  'mtv-s1': 3.9,
  'mtv-s2': 4.1,
  'mtv-s3': 3.6,
  'mtv-s4': 4.3,
  'mtv-s5': 3.1,
  'mtv-s6': 2.7,
};

/** How often each option of 'Wat waardeer je het meest' is ticked. */
const VALUED: readonly (readonly [string, number])[] = [
  ['mtv-w1', 0.6],
  ['mtv-w2', 0.45],
  ['mtv-w3', 0.4],
  ['mtv-w4', 0.25],
  ['mtv-w5', 0.3],
];

function employeeAnswers(random: Random, questions: readonly Question[]): Record<string, AnswerValue> {
  const answers: Record<string, AnswerValue> = {};
  const [likert] = questions;
  if (likert?.type === 'likert') {
    const mood = (random() - 0.5) * 1.2;
    answers[likert.id] = Object.fromEntries(
      likert.settings.statements.map((statement) => [
        statement.id,
        point(random, (STATEMENT_MEANS[statement.id] ?? 3.5) + mood),
      ]),
    );
  }
  answers['mtv-enps'] = {
    score: weighted(random, [
      [10, 10],
      [9, 17],
      [8, 26],
      [7, 18],
      [6, 11],
      [5, 7],
      [4, 5],
      [3, 3],
      [2, 2],
      [1, 1],
    ]),
  };
  if (random() < 0.92) {
    const place = weighted(random, [
      ['mtv-p1', 34],
      ['mtv-p2', 20],
      ['mtv-p3', 40],
      ['other', 6],
    ]);
    answers['mtv-plek'] = place === 'other' ? { other: pick(random, OTHER_PLACES) } : { option_id: place };
  }
  if (random() < 0.85) {
    const chosen = VALUED.filter(([, chance]) => random() < chance).map(([id]) => id);
    answers['mtv-waardering'] = { option_ids: (chosen.length > 0 ? chosen : ['mtv-w1']).slice(0, 3) };
  }
  if (random() < 0.55) answers['mtv-verbeter'] = { text: pick(random, IMPROVEMENTS) };
  return answers;
}

const employeeSeconds = (random: Random, answers: Readonly<Record<string, AnswerValue>>) => {
  const times: Record<string, number> = {
    'mtv-werk': seconds(random, 28, 70),
    'mtv-enps': seconds(random, 4, 14),
    'mtv-plek': seconds(random, 5, 15),
    'mtv-waardering': seconds(random, 9, 26),
  };
  if (answers['mtv-verbeter'] !== undefined) times['mtv-verbeter'] = seconds(random, 35, 150);
  return times;
};

const TIPS = [
  'Sneller reageren op e-mail',
  'Duidelijkere facturen',
  'Langere openingstijden in het weekend',
  'Een app om de bestelling te volgen',
  'De wachttijd aan de telefoon is te lang',
  'Vriendelijk personeel, ga zo door!',
  'Levering kwam een dag te laat',
  'Meer keuze in de webwinkel',
  'Betere uitleg bij de installatie',
  'Prijzen op de website klopten niet met de factuur',
  'Chat op de website zou handig zijn',
  'Alles prima geregeld',
  'Verpakking kan met minder plastic',
  'Retourneren was omslachtig',
  'Snelle en correcte service',
  'Graag een vaste contactpersoon',
] as const;

const CHANNEL_OTHER = ['Op een beurs', 'Via de nieuwsbrief van een partner', 'Langs de winkel gefietst'];

function customerAnswers(random: Random): Record<string, AnswerValue> {
  const nps = weighted(random, [
    [10, 16],
    [9, 22],
    [8, 20],
    [7, 14],
    [6, 9],
    [5, 7],
    [4, 5],
    [3, 3],
    [2, 2],
    [0, 2],
  ]);
  const answers: Record<string, AnswerValue> = {
    'kt-nps': { score: nps },
    'kt-cijfer': { score: Math.min(5, Math.max(1, Math.round(nps / 2 + (random() - 0.5) * 1.5))) },
  };
  if (random() < 0.9) {
    const channel = weighted(random, [
      ['kt-k1', 30],
      ['kt-k2', 20],
      ['kt-k3', 35],
      ['kt-k4', 10],
      ['other', 5],
    ]);
    answers['kt-kanaal'] =
      channel === 'other' ? { other: pick(random, CHANNEL_OTHER) } : { option_id: channel };
  }
  if (random() < 0.6) answers['kt-tip'] = { text: pick(random, TIPS) };
  return answers;
}

export interface DemoResponse {
  readonly kind: 'public' | 'personal';
  /** The personal link's label: the name the sender typed when making the link. */
  readonly label?: string;
  /** Submitted at; null for a personal link not used yet (`pending`) or a response in progress. */
  readonly completedAt: Date | null;
  readonly startedAt: Date | null;
  readonly answers: Readonly<Record<string, AnswerValue>>;
  readonly seconds: Readonly<Record<string, number>>;
}

/** A moment `daysAgo` days before `now`, during office hours (Amsterdam, roughly). */
const workingMoment = (random: Random, now: Date, daysAgo: number): Date => {
  const day = new Date(now.getTime() - daysAgo * DAY_MS);
  day.setUTCHours(7 + Math.floor(random() * 11), Math.floor(random() * 60), Math.floor(random() * 60), 0);
  return day.getTime() > now.getTime() ? new Date(now.getTime() - 60_000) : day;
};

/**
 * The employee survey's respondents: 60 submitted over the last 8 weeks (18 of them through a
 * personal link), 5 halfway, and 12 personal links nobody opened yet.
 */
function employeeResponses(random: Random, questions: readonly Question[], now: Date): DemoResponse[] {
  const responses: DemoResponse[] = [];
  for (let i = 0; i < 60; i++) {
    // More answers in the first weeks after the invitation, fewer later.
    const completedAt = workingMoment(random, now, Math.floor(56 * random() ** 0.7));
    const answers = employeeAnswers(random, questions);
    responses.push({
      kind: i % 10 < 3 ? 'personal' : 'public',
      completedAt,
      startedAt: new Date(completedAt.getTime() - seconds(random, 120, 600) * 1000),
      answers,
      seconds: employeeSeconds(random, answers),
    });
  }
  for (let i = 0; i < 5; i++) {
    const answers = employeeAnswers(random, questions);
    const startedAt = workingMoment(random, now, Math.floor(random() * 6));
    // Halfway: the first questions saved, the rest still to come.
    const saved = Object.fromEntries(Object.entries(answers).slice(0, 1 + (i % 3)));
    responses.push({
      kind: i < 2 ? 'personal' : 'public',
      completedAt: null,
      startedAt,
      answers: saved,
      seconds: {},
    });
  }
  for (let i = 0; i < 12; i++)
    responses.push({ kind: 'personal', completedAt: null, startedAt: null, answers: {}, seconds: {} });
  let named = 0;
  return responses.map((response) =>
    response.kind === 'personal'
      ? { ...response, label: PERSONAL_LABELS[named++ % PERSONAL_LABELS.length] as string }
      : response,
  );
}

/**
 * Names typed as the personal links' labels (one link per person), so a respondent can be found
 * by name in 'Antwoorden per respondent'. Only 'Jan de Vries' contains 'jan'.
 */
export const PERSONAL_LABELS = [
  'Jan de Vries',
  'Fatima El Amrani',
  'Pieter Bakker',
  'Sanne Visser',
  'Mohamed Yilmaz',
  'Lotte Smit',
  'Daan Mulder',
  'Emma de Boer',
  'Bram Meijer',
  'Noor Hendriks',
  'Ruben Dekker',
  'Anouk van Dijk',
  'Thijs Vos',
  'Iris Peters',
  'Sem Brouwer',
  'Lisa de Groot',
  'Luuk Willems',
  'Fleur Bos',
  'Milan Kok',
  'Julia Verbeek',
  'Stijn van Leeuwen',
  'Eva Koster',
  'Jesse Prins',
  'Sophie Huisman',
  'Lucas Kuipers',
  'Tess Postma',
  'Finn Maas',
  'Zoë Vermeulen',
  'Max van den Berg',
  'Yara Wouters',
  'Gijs Schouten',
  'Mila Kramer',
] as const;

/** The most recent whole third quarter before `now`: 1 July to 30 September (Amsterdam). */
function lastThirdQuarter(now: Date): { readonly start: Date; readonly end: Date } {
  const year = now.getUTCMonth() >= 9 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  // Midnight in Amsterdam is 22:00 UTC the day before in summer time.
  return { start: new Date(Date.UTC(year, 5, 30, 22)), end: new Date(Date.UTC(year, 8, 30, 22)) };
}

function customerResponses(random: Random, quarter: { start: Date; end: Date }): DemoResponse[] {
  const days = Math.round((quarter.end.getTime() - quarter.start.getTime()) / DAY_MS);
  return Array.from({ length: 40 }, () => {
    const completedAt = workingMoment(random, quarter.end, 1 + Math.floor(random() * (days - 1)));
    const answers = customerAnswers(random);
    return {
      kind: 'public' as const,
      completedAt,
      startedAt: new Date(completedAt.getTime() - seconds(random, 40, 200) * 1000),
      answers,
      seconds: {
        'kt-nps': seconds(random, 4, 12),
        'kt-cijfer': seconds(random, 3, 9),
        ...(answers['kt-kanaal'] === undefined ? {} : { 'kt-kanaal': seconds(random, 5, 14) }),
        ...(answers['kt-tip'] === undefined ? {} : { 'kt-tip': seconds(random, 10, 45) }),
      },
    };
  });
}

/**
 * One demo contact's invitation (the contact by its index in DEMO_CONTACTS), with the index of its
 * personal-link response in the survey's responses (null: none).
 */
export interface DemoInvitation {
  readonly contact: number;
  readonly response: number | null;
  readonly plannedAt: Date;
  readonly sentAt: Date | null;
  readonly openedAt: Date | null;
  readonly completedAt: Date | null;
  readonly failedAt: Date | null;
  readonly failure: string | null;
  readonly cancelledAt: Date | null;
  readonly cancelReason: string | null;
  readonly remindersSent: number;
  readonly lastMailAt: Date | null;
}

/**
 * The customer survey went to 24 demo contacts as well, on the quarter's first morning: every
 * third public response becomes one of theirs (14 answered, so the results keep their answers and
 * the responses list names who answered), 2 opened their link without answering, 6 got a reminder
 * and never answered, 1 address was refused by the mail server, and 1 planned invitation was
 * cancelled when the survey closed. The survey is not anonymous.
 */
function customerInvitations(
  answered: readonly DemoResponse[],
  quarter: { readonly start: Date; readonly end: Date },
): { responses: DemoResponse[]; invitations: DemoInvitation[] } {
  // 08:00 in Amsterdam on 1 July, before the first answer of the quarter.
  const sentAt = new Date(quarter.start.getTime() + 8 * 3_600_000);
  const invitees = DEMO_CONTACTS.map((_, index) => index)
    .filter((index) => index % 2 === 0)
    .slice(0, 24);
  const responses: DemoResponse[] = answered.map((response, index) =>
    index % 3 === 0 ? { ...response, kind: 'personal', label: INVITATION_LINK_LABEL } : response,
  );
  const linked = responses.flatMap((response, index) => (response.kind === 'personal' ? [index] : []));
  const base = { plannedAt: sentAt, failedAt: null, failure: null, cancelledAt: null, cancelReason: null };
  const invitations: DemoInvitation[] = linked.map((index, n) => {
    const response = responses[index] as DemoResponse;
    return {
      ...base,
      contact: invitees[n] as number,
      response: index,
      sentAt,
      openedAt: response.startedAt,
      completedAt: response.completedAt,
      remindersSent: 0,
      lastMailAt: sentAt,
    };
  });
  const pending = (): number => {
    responses.push({
      kind: 'personal',
      label: INVITATION_LINK_LABEL,
      completedAt: null,
      startedAt: null,
      answers: {},
      seconds: {},
    });
    return responses.length - 1;
  };
  const reminded = new Date(sentAt.getTime() + 7 * DAY_MS);
  for (let n = linked.length; n < invitees.length; n++) {
    const contact = invitees[n] as number;
    const rest = n - linked.length;
    if (rest < 8) {
      invitations.push({
        ...base,
        contact,
        response: pending(),
        sentAt,
        openedAt: rest < 2 ? new Date(sentAt.getTime() + (2 + rest) * DAY_MS) : null,
        completedAt: null,
        remindersSent: 1,
        lastMailAt: reminded,
      });
    } else if (rest === 8) {
      invitations.push({
        ...base,
        contact,
        response: pending(),
        sentAt: null,
        openedAt: null,
        completedAt: null,
        failedAt: new Date(sentAt.getTime() + 60_000),
        failure: 'Geweigerd door de mailserver: 550 5.1.1 Mailbox onbekend',
        remindersSent: 0,
        lastMailAt: sentAt,
      });
    } else {
      const plannedAt = new Date(quarter.end.getTime() + DAY_MS);
      invitations.push({
        ...base,
        contact,
        response: pending(),
        plannedAt,
        sentAt: null,
        openedAt: null,
        completedAt: null,
        cancelledAt: quarter.end,
        cancelReason: CANCEL_REASONS.surveyNotOpen,
        remindersSent: 0,
        lastMailAt: plannedAt,
      });
    }
  }
  return { responses, invitations };
}

export interface DemoSurvey {
  readonly title: string;
  readonly input: SurveyInput;
  readonly status: 'open' | 'closed';
  readonly createdAt: Date;
  readonly publishedAt: Date;
  readonly closedAt: Date | null;
  readonly responses: readonly DemoResponse[];
  readonly invitations: readonly DemoInvitation[];
}

/** The demo surveys as of `now`: the same answers and moments for the same `now`. */
export function demoSurveys(now: Date): DemoSurvey[] {
  const employee = template('medewerkerstevredenheid');
  const questions = employeeQuestions();
  const customer = template('klanttevredenheid-nps');
  const quarter = lastThirdQuarter(now);
  const invited = customerInvitations(customerResponses(generator(3), quarter), quarter);
  return [
    {
      title: DEMO_SURVEY_TITLES.employees,
      input: { ...employee, title: DEMO_SURVEY_TITLES.employees, close_at: null, questions },
      status: 'open',
      createdAt: new Date(now.getTime() - 60 * DAY_MS),
      publishedAt: new Date(now.getTime() - 57 * DAY_MS),
      closedAt: null,
      responses: employeeResponses(generator(2026), questions, now),
      invitations: [],
    },
    {
      title: DEMO_SURVEY_TITLES.customers,
      input: { ...customer, title: DEMO_SURVEY_TITLES.customers, close_at: quarter.end.toISOString() },
      status: 'closed',
      createdAt: new Date(quarter.start.getTime() - 7 * DAY_MS),
      publishedAt: quarter.start,
      closedAt: quarter.end,
      responses: invited.responses,
      invitations: invited.invitations,
    },
  ];
}

const statusOf = (response: DemoResponse): ResponseStatus => {
  if (response.completedAt !== null) return 'completed';
  return response.startedAt === null ? 'pending' : 'in_progress';
};

/** Writes one demo survey with its responses, answers and times. */
async function writeDemoSurvey(
  tx: Transaction,
  demo: DemoSurvey,
  organizationId: number,
  createdBy: number,
  contactIds: ReadonlyMap<string, number>,
): Promise<void> {
  const checked = validateCompleteSurvey(demo.input);
  if (!checked.ok) throw new Error(`demo survey ${demo.title} is invalid: ${JSON.stringify(checked.fields)}`);
  const input = checked.value;
  const [survey] = await tx
    .insert(surveys)
    .values({
      organizationId,
      createdBy,
      ...inputColumns(input),
      status: demo.status,
      version: 1,
      createdAt: demo.createdAt,
      updatedAt: demo.publishedAt,
      publishedAt: demo.publishedAt,
      closedAt: demo.closedAt,
      publicToken: newResponseToken(),
    })
    .returning({ id: surveys.id });
  if (survey === undefined) throw new Error('INSERT … RETURNING gave no row');

  const byId = new Map(input.questions.map((question) => [question.id, question]));
  const tokens = demo.responses.map(() => hashToken(newResponseToken()));
  const stored = await tx
    .insert(surveyResponses)
    .values(
      demo.responses.map((response, index) => ({
        surveyId: survey.id,
        organizationId,
        tokenHash: tokens[index] as string,
        kind: response.kind,
        label: response.label ?? null,
        status: statusOf(response),
        createdAt: response.startedAt ?? demo.publishedAt,
        startedAt: response.startedAt,
        savedAt: response.completedAt ?? response.startedAt,
        completedAt: response.completedAt,
        questionSeconds: response.seconds,
      })),
    )
    .returning({ id: surveyResponses.id, tokenHash: surveyResponses.tokenHash });
  const idOf = new Map(stored.map((row) => [row.tokenHash, row.id]));

  const answers = demo.responses.flatMap((response, index) => {
    const responseId = idOf.get(tokens[index] as string) as number;
    return Object.entries(response.answers).flatMap(([questionId, value]) => {
      const question = byId.get(questionId);
      if (question === undefined || !validateAnswer(question, value).ok)
        throw new Error(`demo answer to ${questionId} is invalid: ${JSON.stringify(value)}`);
      return answerToItems(question, value).map((item) => ({
        response_id: responseId,
        question_id: questionId,
        item_id: item.item_id,
        num_value: item.num_value,
        text_value: item.text_value,
        submitted_at: response.completedAt?.toISOString() ?? null,
      }));
    });
  });
  // One JSON parameter instead of seven per row: a thousand rows bind and parse several times faster.
  await tx.execute(sql`
    insert into ${surveyAnswers} (response_id, survey_id, question_id, item_id, num_value, text_value, submitted_at)
    select response_id, ${survey.id}, question_id, item_id, num_value, text_value, submitted_at
    from json_to_recordset(${JSON.stringify(answers)}::json) as r(response_id bigint, question_id text,
      item_id text, num_value smallint, text_value text, submitted_at timestamptz)`);
  const invitations = demo.invitations.flatMap((invitation) => {
    const contactId = contactIds.get((DEMO_CONTACTS[invitation.contact]?.values.email ?? '').toLowerCase());
    if (contactId === undefined) return [];
    const { contact: _, response, ...times } = invitation;
    return [
      {
        ...times,
        organizationId,
        surveyId: survey.id,
        contactId,
        responseId: response === null ? null : (idOf.get(tokens[response] as string) ?? null),
        createdAt: invitation.plannedAt,
      },
    ];
  });
  if (invitations.length > 0) await tx.insert(surveyInvitations).values(invitations);
  // Written outside the answering routes: the counts KPIs read are made from what was written.
  await rebuildSurveyCounts(tx, [survey.id]);
}

/**
 * The demo surveys the organisation does not have yet, with their answers; idempotent by title
 * (a demo survey deleted on the screens comes back at the next start, as demo data). Runs inside
 * the demo seed's transaction and lock, so two instances starting at once write them once.
 */
export async function seedDemoSurveys(
  tx: Transaction,
  values: {
    readonly organizationId: number;
    readonly createdBy: number;
    readonly now: Date;
    /** The demo contacts' ids by e-mail address (lower case), for the invitations. */
    readonly contactIds: ReadonlyMap<string, number>;
  },
): Promise<string[]> {
  const titles = Object.values(DEMO_SURVEY_TITLES);
  const existing = await tx
    .select({ title: surveys.title })
    .from(surveys)
    .where(and(eq(surveys.organizationId, values.organizationId), inArray(surveys.title, titles)));
  const have = new Set(existing.map((row) => row.title));
  const created: string[] = [];
  for (const demo of demoSurveys(values.now)) {
    if (have.has(demo.title)) continue;
    await writeDemoSurvey(tx, demo, values.organizationId, values.createdBy, values.contactIds);
    created.push(demo.title);
  }
  await withdrawAnonymityPromise(tx, values.organizationId, values.now);
  return created;
}

/**
 * The employee survey goes out through personal links labelled with names and is not anonymous, but
 * demo databases seeded before issue 24 have the template's old introduction, which told respondents
 * their answers were anonymous. Its current one replaces it there, as a new version (an editor open
 * on the old one then reloads); an introduction changed on the screens is left alone.
 */
async function withdrawAnonymityPromise(tx: Transaction, organizationId: number, now: Date): Promise<void> {
  await tx
    .update(surveys)
    .set({
      introductionHtml: template('medewerkerstevredenheid').introduction_html,
      version: sql`${surveys.version} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(surveys.organizationId, organizationId),
        eq(surveys.title, DEMO_SURVEY_TITLES.employees),
        eq(surveys.introductionHtml, FORMER_EMPLOYEE_INTRODUCTION),
      ),
    );
}
