import type { FieldErrors } from '../../auth';
import type { OpeningProblem, Question, Quota } from '../../contract';
import { ID_PATTERN } from '../model';
import { type CheckScope, checkCondition } from './checkConditions';
import { compileLogic } from './compileLogic';
import { remapLogicQuestions } from './logicEdits';
import { checkConditionGroupInput } from './logicInput';
import { inSurveyOrder } from './logicKinds';
import { questionName } from './logicMessages';
import type { LogicAnswers, LogicContext, SurveyLogic } from './logicTypes';

/**
 * Caps and quotas (issue 26): a survey's cap on submitted responses (R-SURV-21) and its quotas, each
 * a condition group over the whole submitted response with a maximum (R-SURV-22). Core checks their
 * input and their conditions and decides which quotas a response matches; the server counts.
 */

export const QUOTAS_MAX = 20;
export const QUOTA_NAME_MAX_LENGTH = 100;
export const QUOTA_END_SCREEN_TEXT_MAX_LENGTH = 2000;
/** The largest cap or quota maximum (a sanity bound, far above any survey's responses). */
export const QUOTA_MAX_LIMIT = 10_000_000;

const NUMBER = new Intl.NumberFormat('nl-NL');

/** The Dutch texts of caps and quotas. */
export const QUOTA_MESSAGES = {
  maxResponsesInvalid: `Het maximum aantal antwoorden is een heel getal van 1 tot en met ${NUMBER.format(QUOTA_MAX_LIMIT)}, of leeg.`,
  listUnreadable: 'De quota konden niet worden gelezen.',
  tooManyQuotas: `Een survey kan hoogstens ${QUOTAS_MAX} quota hebben.`,
  quotaUnreadable: 'Dit quotum kon niet worden gelezen.',
  idInvalid: 'Dit quotum heeft geen geldig id.',
  idDuplicate: 'Elk quotum moet een eigen id hebben.',
  nameInvalid: `Geef het quotum een naam van hoogstens ${QUOTA_NAME_MAX_LENGTH} tekens.`,
  maxInvalid: `Het maximum van een quotum is een heel getal van 1 tot en met ${NUMBER.format(QUOTA_MAX_LIMIT)}.`,
  endScreenTextInvalid: `De tekst van het eindscherm mag hoogstens ${NUMBER.format(QUOTA_END_SCREEN_TEXT_MAX_LENGTH)} tekens lang zijn.`,
  /** "Quotum 'Verkoop'": where a condition problem is, in checkLogic's sentences. */
  quotaName: (name: string) => `Quotum '${name}'`,
  noConditions: (at: string) => `${at}: het quotum heeft geen voorwaarden.`,
  /** The cap's end screen, on the server's answer (the page says it in the respondent's language). */
  full: 'Deze survey is vol. Er zijn genoeg antwoorden binnengekomen; bedankt voor je interesse.',
  /** A quota's end screen when its owner wrote none. */
  quotaFull: 'Bedankt voor je interesse. Voor jouw groep zijn er al genoeg antwoorden binnengekomen.',
} as const;

const M = QUOTA_MESSAGES;

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= QUOTA_MAX_LIMIT;

/** A checked cap and quotas: what was sent of them with only known properties, or the Dutch message per field. */
export type CheckedCaps =
  | {
      readonly ok: true;
      readonly value: { readonly max_responses?: number | null; readonly quotas?: readonly Quota[] };
    }
  | { readonly ok: false; readonly fields: FieldErrors };

function checkQuota(fields: Record<string, string>, key: string, raw: unknown, ids: Set<string>): Quota {
  const add = (field: string, message: string) => {
    fields[field] ??= message;
  };
  const quota = isRecord(raw) ? raw : {};
  if (!isRecord(raw)) add(key, M.quotaUnreadable);
  if (typeof quota.id !== 'string' || !ID_PATTERN.test(quota.id)) add(`${key}.id`, M.idInvalid);
  else if (ids.has(quota.id)) add(`${key}.id`, M.idDuplicate);
  else ids.add(quota.id);
  const name = typeof quota.name === 'string' ? quota.name.trim() : '';
  if (name === '' || name.length > QUOTA_NAME_MAX_LENGTH) add(`${key}.name`, M.nameInvalid);
  if (!isCount(quota.max)) add(`${key}.max`, M.maxInvalid);
  const text = quota.end_screen_text ?? '';
  if (typeof text !== 'string' || text.length > QUOTA_END_SCREEN_TEXT_MAX_LENGTH)
    add(`${key}.end_screen_text`, M.endScreenTextInvalid);
  const when = checkConditionGroupInput(quota.when, `${key}.when`);
  for (const [field, message] of Object.entries(when.fields)) add(field, message);
  return {
    id: String(quota.id),
    name,
    when: when.group,
    max: Number(quota.max),
    end_screen_text: typeof text === 'string' ? text : '',
  };
}

/**
 * Checks a survey input's cap and quotas (left out: left out, an update keeps the stored ones): the
 * shapes and bounds, each problem under its field (`max_responses`, `quotas.2.max`,
 * `quotas.0.when.conditions.1.operator`). Whether the conditions fit the questions is
 * `quotaProblems`'s, so a draft with a dangling condition is stored.
 */
export function checkCapsInput(input: {
  readonly max_responses?: unknown;
  readonly quotas?: unknown;
}): CheckedCaps {
  const fields: Record<string, string> = {};
  const value: { max_responses?: number | null; quotas?: readonly Quota[] } = {};
  if (input.max_responses !== undefined) {
    if (input.max_responses !== null && !isCount(input.max_responses))
      fields.max_responses = M.maxResponsesInvalid;
    else value.max_responses = input.max_responses;
  }
  if (input.quotas !== undefined) {
    if (!Array.isArray(input.quotas)) fields.quotas = M.listUnreadable;
    else if (input.quotas.length > QUOTAS_MAX) fields.quotas = M.tooManyQuotas;
    else {
      const ids = new Set<string>();
      value.quotas = input.quotas.map((quota, index) => checkQuota(fields, `quotas.${index}`, quota, ids));
    }
  }
  return Object.keys(fields).length === 0 ? { ok: true, value } : { ok: false, fields };
}

/** A problem of a quota's conditions for the survey's questions (R-SURV-22). */
export interface QuotaProblem {
  readonly quota_id: string;
  readonly message: string;
}

/**
 * What is wrong with the quotas' conditions, in checkLogic's words (R-SURV-12): a condition may read
 * any question (a quota is decided at the submission), but not a deleted question or choice, an
 * undeclared hidden field or an operator that does not fit; a quota needs a condition.
 */
export function quotaProblems(
  questions: readonly Question[],
  logic: SurveyLogic,
  quotas: readonly Quota[],
): QuotaProblem[] {
  const ordered = inSurveyOrder(questions);
  const names = ordered.map((question, index) => questionName(index + 1, question.title));
  const problems: QuotaProblem[] = [];
  for (const quota of quotas) {
    const at = M.quotaName(quota.name);
    // The quota stands after the last question, so every question is earlier (R-SURV-8 holds).
    const scope: CheckScope = {
      questions: ordered,
      indexOf: new Map(ordered.map((question, index) => [question.id, index])),
      names: [...names, at],
      hiddenFields: new Set(logic.hidden_fields),
    };
    if (quota.when.conditions.length === 0)
      problems.push({ quota_id: quota.id, message: M.noConditions(at) });
    for (const condition of quota.when.conditions) {
      const finding = checkCondition(condition, { index: ordered.length, selfAllowed: true }, scope);
      if (finding !== null) problems.push({ quota_id: quota.id, message: finding.message });
    }
  }
  return problems;
}

/**
 * Which quotas a submitted response matches, with the survey's one evaluator (R-SURV-7): each
 * quota's group over the response's answers on its path and its hidden fields and language.
 * Compiled once per survey content; a quota without conditions matches nothing.
 */
export function quotaMatcher(
  questions: readonly Question[],
  logic: SurveyLogic,
  quotas: readonly Quota[],
): (answers: LogicAnswers, context?: LogicContext) => Quota[] {
  const compiled = compileLogic(questions, logic);
  const tests = quotas.map((quota) => ({
    quota,
    test: quota.when.conditions.length === 0 ? () => false : compiled.groupTest(quota.when),
  }));
  return (answers, context) => tests.filter(({ test }) => test(answers, context)).map(({ quota }) => quota);
}

/**
 * The quotas of a copy (a duplicated survey) with every condition moved to the copied questions'
 * new ids, as `remapLogicQuestions` moves the rules; a question not copied stays as it was.
 */
export function remapQuotaQuestions(quotas: readonly Quota[], ids: ReadonlyMap<string, string>): Quota[] {
  return quotas.map((quota) => {
    const moved = remapLogicQuestions(
      {
        rules: [{ id: quota.id, action: 'show', question_id: '', when: quota.when }],
        end_screens: [],
        hidden_fields: [],
      },
      ids,
    );
    return { ...quota, when: moved.rules[0]?.when ?? quota.when };
  });
}

/**
 * `quotaProblems` as items of the list of what to fix before a survey opens, after the logic's (the
 * same shape as `logicOpeningProblems`): no question number, the field `quotas.<quota id>`.
 */
export function quotaOpeningProblems(
  questions: readonly Question[],
  logic: SurveyLogic,
  quotas: readonly Quota[],
): OpeningProblem[] {
  return quotaProblems(questions, logic, quotas).map((problem) => {
    const message = problem.message.replace(/\.$/, '');
    return {
      question_id: null,
      question_number: null,
      codes: ['quota'],
      fields: [`quotas.${problem.quota_id}`],
      reason: message,
      message,
    };
  });
}
