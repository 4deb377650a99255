import type { Quota, SurveyInput } from '../../../domain/contract';
import {
  type Condition,
  type ConditionGroup,
  QUOTAS_MAX,
  type QuotaProblem,
  quotaProblems,
} from '../../../domain/surveys/logic';
import { conditionOnHiddenField, conditionOnLanguage, conditionOnQuestion } from './logicEdits';
import { logicOf } from './surveyEditorLogic';
import type { ConditionSource } from './surveyLogicCommands';

/** What the quota commands need of the editor: its draft and its field edits. */
export interface QuotaHost {
  getSnapshot(): { readonly draft: SurveyInput | null };
  edit(patch: Pick<SurveyInput, 'max_responses' | 'quotas'>): void;
}

/** A quota as the editor shows it: with its problems (R-SURV-22, in checkLogic's words). */
export interface QuotaView {
  readonly quota: Quota;
  readonly problems: readonly QuotaProblem[];
}

/** The quotas of a draft with their problems, for the 'Quota' section. */
export function quotaViews(draft: SurveyInput): QuotaView[] {
  const quotas = draft.quotas ?? [];
  const problems = quotaProblems(draft.questions, logicOf(draft), quotas);
  return quotas.map((quota) => ({
    quota,
    problems: problems.filter((problem) => problem.quota_id === quota.id),
  }));
}

/**
 * The editor's commands on the cap ('Maximum aantal antwoorden') and the quotas (issue 26,
 * R-SURV-21, R-SURV-22), `editor.quotas`. Every change goes into the draft and so into the next
 * autosave. A quota's conditions take the commands the logic's condition editor calls, with the
 * quota's id where a rule's would be, so the same controls edit both. Caps and quotas may change
 * while the survey is open: a higher cap makes room again, a lower one means full.
 */
export class SurveyQuotaCommands {
  readonly #host: QuotaHost;
  readonly #newId: () => string;

  constructor(host: QuotaHost, newId: () => string) {
    this.#host = host;
    this.#newId = newId;
  }

  #draft(): SurveyInput | null {
    return this.#host.getSnapshot().draft;
  }

  #quotas(update: (quotas: readonly Quota[], draft: SurveyInput) => readonly Quota[]): void {
    const draft = this.#draft();
    if (draft === null) return;
    const quotas = draft.quotas ?? [];
    const next = update(quotas, draft);
    if (next !== quotas) this.#host.edit({ quotas: next });
  }

  #quota(id: string, update: (quota: Quota, draft: SurveyInput) => Quota): void {
    this.#quotas((quotas, draft) => {
      let changed = false;
      const next = quotas.map((quota) => {
        if (quota.id !== id) return quota;
        const updated = update(quota, draft);
        changed ||= updated !== quota;
        return updated;
      });
      return changed ? next : quotas;
    });
  }

  #group(id: string, update: (group: ConditionGroup, draft: SurveyInput) => ConditionGroup): void {
    this.#quota(id, (quota, draft) => {
      const when = update(quota.when, draft);
      return when === quota.when ? quota : { ...quota, when };
    });
  }

  /** The cap; null: none. */
  setMaxResponses(max: number | null): void {
    if (this.#draft() !== null) this.#host.edit({ max_responses: max });
  }

  /**
   * Adds a quota ('Quotum 2', at most 50) with a first condition on the first choice question (else
   * the first question, else the language); answers its id, or null at QUOTAS_MAX.
   */
  addQuota(): string | null {
    const draft = this.#draft();
    if (draft === null || (draft.quotas ?? []).length >= QUOTAS_MAX) return null;
    const first = draft.questions.find((question) => question.type === 'single_choice') ?? draft.questions[0];
    const quota: Quota = {
      id: this.#newId(),
      name: `Quotum ${(draft.quotas ?? []).length + 1}`,
      when: { match: 'all', conditions: [first ? conditionOnQuestion(first) : conditionOnLanguage()] },
      max: 50,
      end_screen_text: '',
    };
    this.#quotas((quotas) => [...quotas, quota]);
    return quota.id;
  }

  removeQuota(id: string): void {
    this.#quotas((quotas) => {
      const next = quotas.filter((quota) => quota.id !== id);
      return next.length === quotas.length ? quotas : next;
    });
  }

  setName(id: string, name: string): void {
    this.#quota(id, (quota) => (quota.name === name ? quota : { ...quota, name }));
  }

  setMax(id: string, max: number): void {
    this.#quota(id, (quota) => (quota.max === max ? quota : { ...quota, max }));
  }

  setEndScreenText(id: string, text: string): void {
    this.#quota(id, (quota) =>
      quota.end_screen_text === text ? quota : { ...quota, end_screen_text: text },
    );
  }

  setMatch(id: string, match: ConditionGroup['match']): void {
    this.#group(id, (group) => (group.match === match ? group : { ...group, match }));
  }

  /** Adds a condition on the last question, the first hidden field or the language. */
  addCondition(id: string, source: ConditionSource = 'question'): void {
    this.#group(id, (group, draft) => {
      const condition = this.#newCondition(draft, source);
      return condition === undefined ? group : { ...group, conditions: [...group.conditions, condition] };
    });
  }

  #newCondition(draft: SurveyInput, source: ConditionSource, name?: string): Condition | undefined {
    if (source === 'language') return conditionOnLanguage();
    if (source === 'hidden_field') {
      const field = name ?? logicOf(draft).hidden_fields[0];
      return field === undefined ? undefined : conditionOnHiddenField(field);
    }
    const last = draft.questions.at(-1);
    return last && conditionOnQuestion(last);
  }

  /** Replaces a condition (built with `withOperator`, `withValue`, … of the editor's logic edits). */
  updateCondition(id: string, index: number, condition: Condition): void {
    this.#group(id, (group) => {
      if (group.conditions[index] === undefined || group.conditions[index] === condition) return group;
      return { ...group, conditions: group.conditions.map((item, at) => (at === index ? condition : item)) };
    });
  }

  /** Points a condition at another question, starting over with what fits that question. */
  setConditionQuestion(id: string, index: number, questionId: string): void {
    const question = this.#draft()?.questions.find((item) => item.id === questionId);
    if (question) this.updateCondition(id, index, conditionOnQuestion(question));
  }

  /** Points a condition at a hidden field or the language instead. */
  setConditionSource(id: string, index: number, source: ConditionSource, name?: string): void {
    const draft = this.#draft();
    const condition = draft === null ? undefined : this.#newCondition(draft, source, name);
    if (condition) this.updateCondition(id, index, condition);
  }

  removeCondition(id: string, index: number): void {
    this.#group(id, (group) => {
      if (group.conditions[index] === undefined) return group;
      return { ...group, conditions: group.conditions.filter((_condition, at) => at !== index) };
    });
  }
}
