import type { Question, Survey, SurveyInput } from '../../../domain/contract';
import {
  type Condition,
  type ConditionGroup,
  type EndScreen,
  type JumpTarget,
  LOGIC_MESSAGES,
  type LogicRule,
  type SurveyLogic,
} from '../../../domain/surveys/logic';
import type { IdSource } from '../../../domain/surveys/model';
import {
  conditionOnHiddenField,
  conditionOnLanguage,
  conditionOnQuestion,
  conditionSources,
  jumpTargets,
  ruleQuestionId,
} from './logicEdits';
import {
  hiddenFieldNameError,
  hiddenFieldNameFrom,
  logicLocked,
  logicOf,
  redirectError,
} from './surveyEditorLogic';

/** What the logic commands need of the editor that holds them. */
export interface LogicHost {
  draft(): SurveyInput | null;
  survey(): Survey | null;
  /** Changes the draft's logic (saved with the next autosave); returning the same logic changes nothing. */
  updateLogic(update: (logic: SurveyLogic, questions: readonly Question[]) => SurveyLogic): void;
  readonly ids: IdSource;
}

/** Where a new condition can look: at an earlier question, a hidden field or the language. */
export type ConditionSource = 'question' | 'hidden_field' | 'language';

/**
 * The editor's commands on a survey's logic (issue 26), `editor.logic`: rules (show, hide, jump)
 * with their groups of conditions, end screens and hidden fields. Every change goes into the draft
 * and so into the next autosave; what it breaks is named at once in the editor's `logic` view
 * (R-SURV-12, R-SURV-15), never refused, since drafts always save (R-SURV-1). Once the survey has
 * answers, rules and hidden fields are fixed (R-SURV-14, `logicLocked`), and so is which end screens
 * exist; an end screen's text and address still change. Ids come from the editor's id port, as question ids do.
 */
export class SurveyLogicCommands {
  readonly #host: LogicHost;

  constructor(host: LogicHost) {
    this.#host = host;
  }

  /** Whether rules and hidden fields are fixed (the survey has answers). */
  get locked(): boolean {
    return logicLocked(this.#host.survey());
  }

  #rules(
    update: (rules: readonly LogicRule[], questions: readonly Question[]) => readonly LogicRule[],
  ): void {
    if (this.locked) return;
    this.#host.updateLogic((logic, questions) => {
      const rules = update(logic.rules, questions);
      return rules === logic.rules ? logic : { ...logic, rules };
    });
  }

  #rule(id: string, update: (rule: LogicRule, questions: readonly Question[]) => LogicRule): void {
    this.#rules((rules, questions) => {
      let changed = false;
      const next = rules.map((rule) => {
        if (rule.id !== id) return rule;
        const updated = update(rule, questions);
        changed ||= updated !== rule;
        return updated;
      });
      return changed ? next : rules;
    });
  }

  /** The first condition a new rule on `questionId` starts with (none when nothing can be named). */
  #firstCondition(questionId: string, action: LogicRule['action']): Condition[] {
    const draft = this.#host.draft();
    if (draft === null) return [];
    const sources = conditionSources(draft.questions, questionId, action);
    const nearest = sources.at(-1);
    if (nearest) return [conditionOnQuestion(nearest)];
    const field = logicOf(draft).hidden_fields[0];
    return [field === undefined ? conditionOnLanguage() : conditionOnHiddenField(field)];
  }

  /** The place a new jump from `questionId` goes: the next question, else the first end screen. */
  #firstTarget(questionId: string): JumpTarget | null {
    const draft = this.#host.draft();
    if (draft === null) return null;
    const targets = jumpTargets(draft.questions, questionId, logicOf(draft).end_screens);
    const question = targets.questions[0];
    if (question) return { question_id: question.id };
    const end = targets.endScreens[0];
    return end ? { end_screen_id: end.id } : null;
  }

  /**
   * Adds a rule to a question: show or hide it, or jump from it. Answers the new rule's id, or null
   * when it cannot be added (locked, an unknown question, a jump with nowhere to go).
   */
  addRule(questionId: string, action: LogicRule['action']): string | null {
    const draft = this.#host.draft();
    if (this.locked || draft === null || !draft.questions.some((question) => question.id === questionId))
      return null;
    const when: ConditionGroup = { match: 'all', conditions: this.#firstCondition(questionId, action) };
    let rule: LogicRule;
    if (action === 'jump') {
      const to = this.#firstTarget(questionId);
      if (to === null) return null;
      rule = { id: this.#host.ids.newId(), action, from_question_id: questionId, to, when };
    } else rule = { id: this.#host.ids.newId(), action, question_id: questionId, when };
    this.#rules((rules) => [...rules, rule]);
    return rule.id;
  }

  /** Show ↔ hide ↔ jump, keeping the rule's question and conditions (a jump gets a first target). */
  setAction(ruleId: string, action: LogicRule['action']): void {
    this.#rule(ruleId, (rule) => {
      if (rule.action === action) return rule;
      const questionId = ruleQuestionId(rule);
      if (action !== 'jump') return { id: rule.id, action, question_id: questionId, when: rule.when };
      const to = this.#firstTarget(questionId);
      return to === null ? rule : { id: rule.id, action, from_question_id: questionId, to, when: rule.when };
    });
  }

  /** Where a jump goes: a later question or an end screen. */
  setJumpTarget(ruleId: string, to: JumpTarget): void {
    this.#rule(ruleId, (rule) => (rule.action === 'jump' ? { ...rule, to } : rule));
  }

  /** 'Alle voorwaarden' (en) or 'Een van de voorwaarden' (of). */
  setMatch(ruleId: string, match: ConditionGroup['match']): void {
    this.#rule(ruleId, (rule) =>
      rule.when.match === match ? rule : { ...rule, when: { ...rule.when, match } },
    );
  }

  removeRule(ruleId: string): void {
    this.#rules((rules) => {
      const next = rules.filter((rule) => rule.id !== ruleId);
      return next.length === rules.length ? rules : next;
    });
  }

  /** Adds a condition on the nearest earlier question, the first hidden field or the language. */
  addCondition(ruleId: string, source: ConditionSource = 'question'): void {
    const draft = this.#host.draft();
    if (draft === null) return;
    this.#rule(ruleId, (rule, questions) => {
      let condition: Condition | undefined;
      if (source === 'question') {
        const nearest = conditionSources(questions, ruleQuestionId(rule), rule.action).at(-1);
        condition = nearest && conditionOnQuestion(nearest);
      } else if (source === 'hidden_field') {
        const field = logicOf(draft).hidden_fields[0];
        condition = field === undefined ? undefined : conditionOnHiddenField(field);
      } else condition = conditionOnLanguage();
      if (condition === undefined) return rule;
      return { ...rule, when: { ...rule.when, conditions: [...rule.when.conditions, condition] } };
    });
  }

  /** Replaces a condition (built with `withOperator`, `withValue`, … of the editor's logic edits). */
  updateCondition(ruleId: string, index: number, condition: Condition): void {
    this.#rule(ruleId, (rule) => {
      if (rule.when.conditions[index] === undefined || rule.when.conditions[index] === condition) return rule;
      const conditions = rule.when.conditions.map((item, at) => (at === index ? condition : item));
      return { ...rule, when: { ...rule.when, conditions } };
    });
  }

  /** Points a condition at another earlier question, starting over with what fits that question. */
  setConditionQuestion(ruleId: string, index: number, questionId: string): void {
    const question = this.#host.draft()?.questions.find((item) => item.id === questionId);
    if (question) this.updateCondition(ruleId, index, conditionOnQuestion(question));
  }

  /** Points a condition at a hidden field or the language instead. */
  setConditionSource(ruleId: string, index: number, source: ConditionSource, name?: string): void {
    const draft = this.#host.draft();
    if (draft === null) return;
    let condition: Condition | undefined;
    if (source === 'language') condition = conditionOnLanguage();
    else if (source === 'hidden_field') {
      const field = name ?? logicOf(draft).hidden_fields[0];
      condition = field === undefined ? undefined : conditionOnHiddenField(field);
    } else {
      const rule = logicOf(draft).rules.find((item) => item.id === ruleId);
      const nearest = rule && conditionSources(draft.questions, ruleQuestionId(rule), rule.action).at(-1);
      condition = nearest && conditionOnQuestion(nearest);
    }
    if (condition) this.updateCondition(ruleId, index, condition);
  }

  removeCondition(ruleId: string, index: number): void {
    this.#rule(ruleId, (rule) => {
      if (rule.when.conditions[index] === undefined) return rule;
      const conditions = rule.when.conditions.filter((_condition, at) => at !== index);
      return { ...rule, when: { ...rule.when, conditions } };
    });
  }

  /** Adds an end screen with a first text; answers its id, or null when locked. */
  addEndScreen(text = 'Bedankt voor het invullen!'): string | null {
    if (this.locked || this.#host.draft() === null) return null;
    const screen: EndScreen = { id: this.#host.ids.newId(), text };
    this.#host.updateLogic((logic) => ({ ...logic, end_screens: [...logic.end_screens, screen] }));
    return screen.id;
  }

  /** Changes an end screen's text. */
  setEndScreenText(id: string, text: string): void {
    this.#endScreen(id, (screen) => (screen.text === text ? screen : { ...screen, text }));
  }

  /**
   * Sets or clears ('') an end screen's address; answers why it cannot be used (R-SURV-13), and
   * then keeps the address that was stored.
   */
  setEndScreenRedirect(id: string, url: string): string | null {
    const error = redirectError(url);
    if (error !== null) return error;
    const address = url.trim();
    this.#endScreen(id, (screen) => {
      if ((screen.redirect_url ?? '') === address) return screen;
      const { redirect_url: _old, ...rest } = screen;
      return address === '' ? rest : { ...rest, redirect_url: address };
    });
    return null;
  }

  #endScreen(id: string, update: (screen: EndScreen) => EndScreen): void {
    this.#host.updateLogic((logic) => {
      let changed = false;
      const end_screens = logic.end_screens.map((screen) => {
        if (screen.id !== id) return screen;
        const next = update(screen);
        changed ||= next !== screen;
        return next;
      });
      return changed ? { ...logic, end_screens } : logic;
    });
  }

  /** Removes an end screen; a jump to it then names the problem. */
  removeEndScreen(id: string): void {
    if (this.locked) return;
    this.#host.updateLogic((logic) => {
      const end_screens = logic.end_screens.filter((screen) => screen.id !== id);
      return end_screens.length === logic.end_screens.length ? logic : { ...logic, end_screens };
    });
  }

  /** Adds a hidden field by name (stored lower-case); answers why it cannot be added, or null. */
  addHiddenField(input: string): string | null {
    const draft = this.#host.draft();
    if (draft === null) return null;
    if (this.locked) return LOGIC_MESSAGES.locked;
    const name = hiddenFieldNameFrom(input);
    const error = hiddenFieldNameError(name, logicOf(draft).hidden_fields);
    if (error !== null) return error;
    this.#host.updateLogic((logic) => ({ ...logic, hidden_fields: [...logic.hidden_fields, name] }));
    return null;
  }

  /** Removes a hidden field; a condition on it then names the problem. */
  removeHiddenField(name: string): void {
    if (this.locked) return;
    this.#host.updateLogic((logic) => {
      const hidden_fields = logic.hidden_fields.filter((field) => field !== name);
      return hidden_fields.length === logic.hidden_fields.length ? logic : { ...logic, hidden_fields };
    });
  }
}
