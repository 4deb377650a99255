import type { AnswerValue, Question } from '@loop/core';
import {
  type DemoResponse,
  pick,
  point,
  type Random,
  seconds,
  template,
  weighted,
  workingMoment,
} from './demoRandom';

/** The demo employee survey ('Medewerkerstevredenheid'): its questions and generated respondents. */

export const employeeQuestions = (): Question[] => {
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

/**
 * The employee survey's respondents: 60 submitted over the last 8 weeks (18 of them through a
 * personal link), 5 halfway, and 12 personal links nobody opened yet.
 */
export function employeeResponses(random: Random, questions: readonly Question[], now: Date): DemoResponse[] {
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
