import { CONTACT_LANGUAGE_NAMES, type SurveyLogic } from '../../contract';
import { formatCount, formatShare } from '../../format';

/**
 * Results of a survey with logic (issue 26). Rules can keep a question from a respondent, so a
 * question's results say how many of the submitted responses saw it, and its answer rate is out of
 * those (R-RES-6); exports carry what else a response's path depended on: its hidden fields, its
 * language and the end screen it ended on (R-RES-7). A survey without logic shows and exports what
 * it always did.
 */

/** Whether rules can keep a question from a respondent: only then do results count who saw it. */
export const logicHidesQuestions = (logic: SurveyLogic | undefined): boolean =>
  (logic?.rules.length ?? 0) > 0;

/** Whether a survey has any logic (rules, end screens or hidden fields): only then do exports get its columns. */
export const surveyHasLogic = (logic: SurveyLogic | undefined): boolean =>
  logic !== undefined &&
  (logic.rules.length > 0 || logic.end_screens.length > 0 || logic.hidden_fields.length > 0);

/** How many saw a question, out of how many submitted responses, in words. */
export interface SeenView {
  readonly count: number;
  readonly of: number;
  /** Whether some respondents did not see it (the PDF only says it then). */
  readonly partial: boolean;
  /** 'Gezien door 40 van de 100 respondenten; 75% van hen gaf een antwoord.' */
  readonly text: string;
}

const respondentsText = (count: number): string =>
  count === 1 ? '1 respondent' : `de ${formatCount(count)} respondenten`;

/**
 * Who saw a question, for a survey whose rules can hide it: `seen` of `respondents` submitted
 * responses, and the share of them that answered it. Null without respondents (the question then
 * says it has no answers yet). Inconsistent counts are made to fit: nobody answers what they did
 * not see, and nobody sees it beyond the respondents.
 */
export function seenView(seen: number, respondents: number, answered: number): SeenView | null {
  const whole = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
  const of = whole(respondents);
  if (of === 0) return null;
  const count = Math.min(of, Math.max(whole(seen), whole(answered)));
  const rate =
    count === 0
      ? ''
      : `; ${formatShare((Math.min(whole(answered), count) * 100) / count)} van hen gaf een antwoord`;
  return {
    count,
    of,
    partial: count < of,
    text:
      count === 0
        ? `Door geen van ${respondentsText(of)} gezien.`
        : `Gezien door ${formatCount(count)} van ${respondentsText(of)}${rate}.`,
  };
}

/** The headers of the export's logic columns, beside 'Reactie' and 'Ingestuurd op'. */
export const LOGIC_EXPORT_HEADERS = {
  language: 'Taal',
  endScreen: 'Eindscherm',
} as const;

/** What a response stored of its path besides its answers. */
export interface ResponsePathFacts {
  /** Hidden field name → the value the link carried. */
  readonly hidden_fields: Readonly<Record<string, string>>;
  /** A language code (`nl`, `en`, …); null when none was stored. */
  readonly language: string | null;
  /** The end screen a jump ended it on; null when it ended at the survey's own thank-you text. */
  readonly end_screen_id: string | null;
}

/**
 * The logic columns of an export: one per declared hidden field (headed by its name), 'Taal' and
 * 'Eindscherm'; none for a survey without logic, so its exports stay as they were.
 */
export const logicExportHeaders = (logic: SurveyLogic | undefined): string[] =>
  logic !== undefined && surveyHasLogic(logic)
    ? [...logic.hidden_fields, LOGIC_EXPORT_HEADERS.language, LOGIC_EXPORT_HEADERS.endScreen]
    : [];

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * A response's cells under `logicExportHeaders`: each hidden field's value (empty when its link
 * carried none), the language by its Dutch name (an unknown code as it is) and the end screen's
 * text on one line (its id when the end screen is gone; empty when the survey's own thank-you
 * text ended it).
 */
export function logicExportCells(
  logic: SurveyLogic | undefined,
  facts: ResponsePathFacts,
): (string | null)[] {
  if (logic === undefined || !surveyHasLogic(logic)) return [];
  const hidden = logic.hidden_fields.map((name) =>
    Object.hasOwn(facts.hidden_fields, name) ? (facts.hidden_fields[name] ?? null) : null,
  );
  const language =
    facts.language === null
      ? null
      : ((CONTACT_LANGUAGE_NAMES as Readonly<Record<string, string>>)[facts.language] ?? facts.language);
  const endScreen =
    facts.end_screen_id === null
      ? null
      : (() => {
          const screen = logic.end_screens.find((each) => each.id === facts.end_screen_id);
          return screen === undefined ? facts.end_screen_id : oneLine(screen.text) || facts.end_screen_id;
        })();
  return [...hidden, language, endScreen];
}
