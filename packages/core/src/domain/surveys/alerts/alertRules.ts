import type { FieldErrors } from '../../auth';
import type { Question, SurveyLogic } from '../../contract';
import { checkConditionGroupInput, compileLogic, type LogicAnswers, type LogicContext } from '../logic';
import { ID_PATTERN } from '../model';
import { ALERT_MODES, type AlertMode, type AlertRule, type MemberAlertSettings } from './alertTypes';

/** The most condition alerts a survey can have, and the longest name. */
export const ALERT_RULES_MAX = 10;
export const ALERT_RULE_NAME_MAX_LENGTH = 80;

/** The Dutch texts of the alert settings' checks. */
export const ALERT_RULE_MESSAGES = {
  modeInvalid: "Kies 'Bij elke reactie', 'Dagelijks overzicht' of 'Geen'.",
  conditionsInvalid: 'Geef aan of je de meldingen bij voorwaarden wilt krijgen (ja of nee).',
  rulesUnreadable: 'De meldingen bij voorwaarden konden niet worden gelezen.',
  tooManyRules: `Een survey kan hoogstens ${ALERT_RULES_MAX} meldingen bij voorwaarden hebben.`,
  ruleUnreadable: 'Deze melding kon niet worden gelezen.',
  idInvalid: 'Deze melding heeft geen geldig id.',
  idDuplicate: 'Elke melding moet een eigen id hebben.',
  nameInvalid: `Geef de melding een naam van hoogstens ${ALERT_RULE_NAME_MAX_LENGTH} tekens.`,
  noConditions: 'Geef de melding minstens één voorwaarde.',
  unknownQuestion: 'Deze voorwaarde gaat over een vraag die niet (meer) in de survey staat.',
} as const;

const M = ALERT_RULE_MESSAGES;

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly fields: FieldErrors };

/** A member's own choice as sent (R-ALERT-1): a known mode and a yes or no for condition alerts. */
export function checkMemberAlertInput(raw: unknown): Checked<MemberAlertSettings> {
  const input = isRecord(raw) ? raw : {};
  const fields: Record<string, string> = {};
  if (!ALERT_MODES.includes(input.mode as AlertMode)) fields.mode = M.modeInvalid;
  if (typeof input.conditions !== 'boolean') fields.conditions = M.conditionsInvalid;
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, value: { mode: input.mode as AlertMode, conditions: input.conditions as boolean } };
}

/**
 * A survey's condition alerts as sent (R-ALERT-2): each with its own id, a name and a condition group
 * in the logic's own shape, every condition on a question of the survey (or a hidden field). The
 * Dutch message per field under `rules.<index>…`.
 */
export function checkAlertRulesInput(raw: unknown, questions: readonly Question[]): Checked<AlertRule[]> {
  const list = isRecord(raw) ? raw.rules : undefined;
  if (!Array.isArray(list)) return { ok: false, fields: { rules: M.rulesUnreadable } };
  if (list.length > ALERT_RULES_MAX) return { ok: false, fields: { rules: M.tooManyRules } };
  const fields: Record<string, string> = {};
  const add = (field: string, message: string) => {
    fields[field] ??= message;
  };
  const ids = new Set<string>();
  const questionIds = new Set(questions.map((question) => question.id));
  const rules = list.map((entry, index): AlertRule => {
    const key = `rules.${index}`;
    const rule = isRecord(entry) ? entry : {};
    if (!isRecord(entry)) add(key, M.ruleUnreadable);
    if (typeof rule.id !== 'string' || !ID_PATTERN.test(rule.id)) add(`${key}.id`, M.idInvalid);
    else if (ids.has(rule.id)) add(`${key}.id`, M.idDuplicate);
    else ids.add(rule.id);
    const name = typeof rule.name === 'string' ? rule.name.trim() : '';
    if (name === '' || name.length > ALERT_RULE_NAME_MAX_LENGTH) add(`${key}.name`, M.nameInvalid);
    const when = checkConditionGroupInput(rule.when, `${key}.when`);
    for (const [field, message] of Object.entries(when.fields)) add(field, message);
    if (when.group.conditions.length === 0) add(`${key}.when`, M.noConditions);
    when.group.conditions.forEach((condition, at) => {
      if (condition.source === 'question' && !questionIds.has(condition.question_id))
        add(`${key}.when.conditions.${at}.question_id`, M.unknownQuestion);
    });
    return { id: String(rule.id), name, when: when.group };
  });
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value: rules };
}

/**
 * Which condition alerts a submitted response matches (R-ALERT-2), with the logic's one evaluator:
 * a question the respondent's path did not show counts as unanswered, as in the survey itself.
 */
export function alertMatcher(
  questions: readonly Question[],
  logic: SurveyLogic,
  rules: readonly AlertRule[],
): (answers: LogicAnswers, context?: LogicContext) => AlertRule[] {
  if (rules.length === 0) return () => [];
  const compiled = compileLogic(questions, logic);
  const tests = rules.map((rule) => ({
    rule,
    test: rule.when.conditions.length === 0 ? () => false : compiled.groupTest(rule.when),
  }));
  return (answers, context) => tests.filter(({ test }) => test(answers, context)).map(({ rule }) => rule);
}

/** Whether a member's choice makes them receive anything of this survey. */
export const receivesAlerts = (settings: MemberAlertSettings): boolean =>
  settings.mode !== 'none' || settings.conditions;

/** The default for a member who chose nothing yet: no alerts. */
export const NO_ALERTS: MemberAlertSettings = { mode: 'none', conditions: false };

/**
 * Who a response is from, as an alert may say it (R-ALERT-3): never anything for an anonymous survey;
 * otherwise the invited contact's name and address, or else the personal link's label, or null.
 */
export function alertRespondent(
  anonymous: boolean,
  respondent: {
    readonly name?: string | null;
    readonly email?: string | null;
    readonly label?: string | null;
  },
): string | null {
  if (anonymous) return null;
  const name = respondent.name?.trim() || null;
  const email = respondent.email?.trim() || null;
  if (name !== null && email !== null) return `${name} <${email}>`;
  return name ?? email ?? (respondent.label?.trim() || null);
}
