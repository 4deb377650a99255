import type { OpeningProblem, Question, SurveyInput } from '../../contract';
import type { GapCode } from './surveyLimits';
import { checkSurveyDraft } from './surveyValidation';

/**
 * Whether a survey can open for answers, as far as its content goes (docs/decisions/surveys.md, 'Drafts
 * are always saved'): a draft is stored whatever it still lacks, and this one rule, used by the
 * editor before it asks and by the server when it is asked, names what to fill in first.
 */

/** The Dutch texts of the list of what to fill in before a survey can open. */
export const READINESS_MESSAGES = {
  /** Above the list in the editor, and the start of the server's `detail`. */
  heading: 'Nog niet klaar om te publiceren. Maak eerst af:',
  /** The marker on an incomplete question in the editor. */
  marker: 'Nog niet af',
  /** Once the list shown in the editor is worked off. */
  ready: 'Alles is ingevuld. Je kunt de survey nu publiceren.',
  surveyTitle: 'Geef de survey een titel',
  questionTitle: 'vul de vraagtekst in',
  statementsMissing: 'voeg minstens één stelling toe',
  optionsTooFew: 'voeg minstens twee keuzes toe',
  statements: (numbers: string, many: boolean) =>
    many ? `vul stellingen ${numbers} in` : `vul stelling ${numbers} in`,
  statementDuplicates: (numbers: string, many: boolean) =>
    many ? `stellingen ${numbers} zijn dubbel` : `stelling ${numbers} is dubbel`,
  options: (numbers: string, many: boolean) =>
    many ? `vul antwoordopties ${numbers} in` : `vul antwoordoptie ${numbers} in`,
  optionDuplicates: (numbers: string, many: boolean) =>
    many ? `antwoordopties ${numbers} zijn dubbel` : `antwoordoptie ${numbers} is dubbel`,
  labels: (numbers: string, many: boolean) =>
    many ? `vul de labels van punt ${numbers} in` : `vul het label van punt ${numbers} in`,
  /** 'Vraag 4' or "Vraag 4 ('Afdeling')". */
  question: (number: number, title: string) => {
    const flat = title.replace(/\s+/g, ' ').trim();
    if (flat === '') return `Vraag ${number}`;
    return `Vraag ${number} ('${flat.length > 60 ? `${flat.slice(0, 59)}…` : flat}')`;
  },
  /** The server's `detail`: the heading and the first few items. */
  detail: (messages: readonly string[]) => {
    const shown = messages.slice(0, DETAIL_ITEMS);
    const rest = messages.length - shown.length;
    const more = rest > 0 ? `; en nog ${rest} ${rest === 1 ? 'punt' : 'punten'}` : '';
    return `${READINESS_MESSAGES.heading} ${shown.join('; ')}${more}.`;
  },
} as const;

/** How many items the server's `detail` names; the whole list is in `problems`. */
const DETAIL_ITEMS = 5;

/** '1', '1 en 3', '1, 2 en 4'; 'a', 'a en b', 'a, b en c'. */
function dutchList(parts: readonly (string | number)[]): string {
  const texts = parts.map(String);
  return texts.length <= 1 ? (texts[0] ?? '') : `${texts.slice(0, -1).join(', ')} en ${texts.at(-1)}`;
}

/** 'de vraag mag hoogstens …' from 'De vraag mag hoogstens ….': a field's message inside a sentence. */
const inSentence = (message: string): string =>
  message.charAt(0).toLocaleLowerCase('nl') + message.slice(1).replace(/\.$/, '');

/** Codes that name items by number ('vul antwoordopties 1 en 3 in'), with their wording. */
const ITEM_REASONS: Partial<Record<GapCode, (numbers: string, many: boolean) => string>> = {
  statement_missing: READINESS_MESSAGES.statements,
  statement_duplicate: READINESS_MESSAGES.statementDuplicates,
  option_missing: READINESS_MESSAGES.options,
  option_duplicate: READINESS_MESSAGES.optionDuplicates,
  label_missing: READINESS_MESSAGES.labels,
};

const PLAIN_REASONS: Partial<Record<GapCode, string>> = {
  question_title_missing: READINESS_MESSAGES.questionTitle,
  statements_missing: READINESS_MESSAGES.statementsMissing,
  options_too_few: READINESS_MESSAGES.optionsTooFew,
};

/** A gap, or a field that is not even usable (no code: said with the field's own message). */
interface Item {
  readonly key: string;
  readonly code: GapCode | null;
  readonly message: string;
}

/** What one question still lacks, in words, from its items (keys without the `questions.<n>.` prefix). */
function reasonsOf(items: readonly Item[]): string[] {
  const reasons: Array<string | { code: GapCode; numbers: number[] }> = [];
  for (const item of items) {
    const plain = item.code === null ? undefined : PLAIN_REASONS[item.code];
    if (item.code !== null && ITEM_REASONS[item.code] !== undefined) {
      const number = Number(item.key.split('.').at(-1)) + 1;
      const same = reasons.find((reason) => typeof reason !== 'string' && reason.code === item.code);
      if (typeof same === 'object') same.numbers.push(number);
      else reasons.push({ code: item.code, numbers: [number] });
    } else reasons.push(plain ?? inSentence(item.message));
  }
  return reasons.map((reason) => {
    if (typeof reason === 'string') return reason;
    const wording = ITEM_REASONS[reason.code] as (numbers: string, many: boolean) => string;
    return wording(dutchList(reason.numbers), reason.numbers.length > 1);
  });
}

const QUESTION_KEY = /^questions\.(\d+)\.(.+)$/;

/**
 * What a survey's content still lacks before it can open, in the order of the editor: the title,
 * then each incomplete question once with all its reasons ("Vraag 4 ('Afdeling'): vul
 * antwoordoptie 2 in en voeg minstens twee keuzes toe"). Questions are numbered in list order, as
 * the editor shows them. Empty: nothing is missing. Content that is not even a usable draft (which
 * the server never stores) is listed with its field messages, so it cannot open either.
 */
export function openingProblems(content: Pick<SurveyInput, 'title' | 'questions'>): OpeningProblem[] {
  const checked = checkSurveyDraft(content);
  const items: readonly Item[] = checked.ok
    ? checked.gaps
    : Object.entries(checked.fields).map(([key, message]) => ({ key, code: null, message }));
  const problems: OpeningProblem[] = [];
  const byQuestion = new Map<number, Item[]>();
  for (const item of items) {
    const match = QUESTION_KEY.exec(item.key);
    if (match === null) {
      problems.push({
        question_id: null,
        question_number: null,
        codes: item.code === null ? [] : [item.code],
        fields: [item.key],
        reason: item.code === 'survey_title_missing' ? READINESS_MESSAGES.surveyTitle : item.message,
        message: item.code === 'survey_title_missing' ? READINESS_MESSAGES.surveyTitle : item.message,
      });
      continue;
    }
    const index = Number(match[1]);
    byQuestion.set(index, [...(byQuestion.get(index) ?? []), { ...item, key: match[2] as string }]);
  }
  for (const [index, own] of [...byQuestion].sort((a, b) => a[0] - b[0])) {
    const question: Partial<Question> | undefined = content.questions[index];
    const title = typeof question?.title === 'string' ? question.title : '';
    const codes = own.flatMap((item) => (item.code === null ? [] : [item.code]));
    const reason = dutchList(reasonsOf(own));
    problems.push({
      question_id: typeof question?.id === 'string' ? question.id : null,
      question_number: index + 1,
      codes: [...new Set(codes)],
      fields: own.map((item) => item.key),
      reason,
      message: `${READINESS_MESSAGES.question(index + 1, title)}: ${reason}`,
    });
  }
  return problems;
}
