import { formatCount, formatLongDay } from '../../format';

/** One answer as an alert shows it. */
export interface AlertAnswer {
  readonly question: string;
  readonly answer: string | null;
}

/** What an alert about one response says (composed on the server from the stored response). */
export interface AlertFacts {
  readonly surveyTitle: string;
  /** 'Reactie 12': its number within the survey, or null before it has one. */
  readonly ordinal: number | null;
  /** Who answered, from `alertRespondent`: always null for an anonymous survey (R-ALERT-3). */
  readonly respondent: string | null;
  readonly anonymous: boolean;
  /** The names of the condition alerts the response matches. */
  readonly matched: readonly string[];
  readonly answers: readonly AlertAnswer[];
  /** The survey's results page. */
  readonly resultsUrl: string;
}

export interface AlertText {
  readonly subject: string;
  readonly text: string;
}

/** An answer of an open question is shown up to this length in an alert. */
export const ALERT_ANSWER_MAX_LENGTH = 500;

const quoted = (title: string) => `'${title}'`;
const shorten = (text: string) =>
  text.length > ALERT_ANSWER_MAX_LENGTH ? `${text.slice(0, ALERT_ANSWER_MAX_LENGTH)}…` : text;

/** The Dutch text of an alert about one response, for e-mail and channel alike (R-ALERT-3). */
export function alertText(facts: AlertFacts): AlertText {
  const survey = quoted(facts.surveyTitle);
  const subject =
    facts.matched.length > 0
      ? `Melding ${facts.matched.map(quoted).join(', ')}: nieuwe reactie op ${survey}`
      : `Nieuwe reactie op ${survey}`;
  const lines = [
    `Er is een nieuwe reactie op ${survey}${facts.ordinal === null ? '' : ` (Reactie ${facts.ordinal})`}.`,
  ];
  if (facts.matched.length > 0) lines.push(`Deze reactie valt onder: ${facts.matched.join(', ')}.`);
  if (facts.anonymous) lines.push('Deze survey is anoniem: wie antwoordde, staat nergens in deze melding.');
  else if (facts.respondent !== null) lines.push(`Van: ${facts.respondent}`);
  lines.push('');
  lines.push('Antwoorden:');
  for (const { question, answer } of facts.answers)
    lines.push(`- ${question}: ${answer === null ? '(geen antwoord)' : shorten(answer)}`);
  lines.push('');
  lines.push(`Bekijk de resultaten: ${facts.resultsUrl}`);
  return { subject, text: lines.join('\n') };
}

/** What a member's daily digest of one survey says. */
export interface DigestFacts {
  readonly surveyTitle: string;
  /** The day the digest is about (its start), in the Netherlands. */
  readonly day: Date;
  readonly responses: number;
  /** Per condition alert, how many of the day's responses matched it. */
  readonly matched: ReadonlyArray<{ readonly name: string; readonly count: number }>;
  readonly resultsUrl: string;
}

const responsesText = (count: number) =>
  count === 1 ? '1 nieuwe reactie' : `${formatCount(count)} nieuwe reacties`;

/** The Dutch text of a daily digest (R-ALERT-5): counts only, never answers or respondents. */
export function digestText(facts: DigestFacts): AlertText {
  const day = formatLongDay(facts.day);
  const lines = [`${quoted(facts.surveyTitle)} kreeg op ${day} ${responsesText(facts.responses)}.`];
  const matched = facts.matched.filter((entry) => entry.count > 0);
  if (matched.length > 0) {
    lines.push('');
    lines.push('Meldingen bij voorwaarden:');
    for (const { name, count } of matched) lines.push(`- ${name}: ${formatCount(count)}`);
  }
  lines.push('');
  lines.push(`Bekijk de resultaten: ${facts.resultsUrl}`);
  return {
    subject: `Dagelijks overzicht van ${quoted(facts.surveyTitle)}: ${responsesText(facts.responses)}`,
    text: lines.join('\n'),
  };
}

/** The channel's test message (the 'Testbericht sturen' button). */
export const webhookTestText = (surveyTitle: string): string =>
  `Testbericht van Loop: meldingen van de survey ${quoted(surveyTitle)} komen in dit kanaal binnen.`;

/** The line under an alert e-mail: why it came, and where to change it. */
export const alertFooter = (settingsUrl: string): string =>
  `Je krijgt deze e-mail omdat je meldingen voor deze survey hebt aangezet. Wijzigen: ${settingsUrl}`;
