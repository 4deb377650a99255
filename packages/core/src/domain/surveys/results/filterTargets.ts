import {
  CONTACT_LANGUAGE_NAMES,
  CONTACT_LANGUAGES,
  type ResultsCondition,
  type Survey,
} from '../../contract';
import { OTHER_ITEM_ID } from '../model';
import { dimensionKey } from './crosstab';
import { encodeFilterPart } from './resultsConditions';

/**
 * What the results page offers to filter on and to cross-tab (issue 26): the survey's choice, NPS
 * and rating questions and Likert statements, its hidden fields, the language, and (not for an
 * anonymous survey) a contact's attribute and segment.
 */

export interface FilterChoice {
  readonly value: string;
  readonly label: string;
}

export type FilterTarget =
  | {
      readonly kind: 'choice';
      readonly key: string;
      readonly label: string;
      readonly questionId: string;
      readonly choices: readonly FilterChoice[];
    }
  | {
      readonly kind: 'score';
      readonly key: string;
      readonly label: string;
      readonly questionId: string;
      readonly statementId?: string;
      /** A ranking's option whose place counts (R-SURV-31). */
      readonly optionId?: string;
      /** The scores, points or places in order, with their labels (Likert: the point's label). */
      readonly choices: readonly FilterChoice[];
    }
  | { readonly kind: 'hidden_field'; readonly key: string; readonly label: string; readonly name: string }
  | {
      readonly kind: 'language';
      readonly key: string;
      readonly label: string;
      readonly choices: readonly FilterChoice[];
    }
  | { readonly kind: 'contact_attribute'; readonly key: string; readonly label: string }
  | { readonly kind: 'segment'; readonly key: string; readonly label: string };

const scores = (from: number, to: number, label: (n: number) => string = String): FilterChoice[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ value: String(from + i), label: label(from + i) }));

/** Every target in the survey's order, then hidden fields, language and the contact's. */
export function filterTargets(survey: Pick<Survey, 'questions' | 'logic' | 'anonymous'>): FilterTarget[] {
  const targets: FilterTarget[] = [];
  for (const question of survey.questions) {
    const key = dimensionKey({ source: 'question', question_id: question.id });
    switch (question.type) {
      case 'single_choice':
      case 'multiple_choice':
        targets.push({
          kind: 'choice',
          key,
          label: question.title,
          questionId: question.id,
          choices: [
            ...question.settings.options.map((option) => ({ value: option.id, label: option.label })),
            ...(question.settings.allow_other ? [{ value: OTHER_ITEM_ID, label: 'Anders, namelijk' }] : []),
          ],
        });
        break;
      case 'nps':
        targets.push({
          kind: 'score',
          key,
          label: question.title,
          questionId: question.id,
          choices: scores(0, 10),
        });
        break;
      case 'rating':
        targets.push({
          kind: 'score',
          key,
          label: question.title,
          questionId: question.id,
          choices: scores(1, question.settings.scale),
        });
        break;
      case 'likert':
        for (const statement of question.settings.statements)
          targets.push({
            kind: 'score',
            key: dimensionKey({ source: 'question', question_id: question.id, statement_id: statement.id }),
            label: `${question.title}: ${statement.text}`,
            questionId: question.id,
            statementId: statement.id,
            choices: scores(1, question.settings.points, (n) => question.settings.labels[n - 1] ?? String(n)),
          });
        break;
      case 'ranking':
        // One target per option: its place (R-SURV-31).
        for (const option of question.settings.options)
          targets.push({
            kind: 'score',
            key: `${key}.${encodeFilterPart(option.id)}`,
            label: `${question.title}: plaats van ${option.label}`,
            questionId: question.id,
            optionId: option.id,
            choices: scores(1, question.settings.options.length, (n) => `Plaats ${n}`),
          });
        break;
      default:
        break;
    }
  }
  for (const name of survey.logic.hidden_fields)
    targets.push({
      kind: 'hidden_field',
      key: dimensionKey({ source: 'hidden_field', name }),
      label: `Verborgen veld: ${name}`,
      name,
    });
  targets.push({
    kind: 'language',
    key: 'lang',
    label: 'Taal',
    choices: CONTACT_LANGUAGES.map((code) => ({ value: code, label: CONTACT_LANGUAGE_NAMES[code] })),
  });
  if (!survey.anonymous) {
    targets.push({ kind: 'contact_attribute', key: 'contact_attribute', label: 'Contactkenmerk' });
    targets.push({ kind: 'segment', key: 'segment', label: 'Segment' });
  }
  return targets;
}

/** What a cross-tab can count by: the targets of questions, hidden fields and the language. */
export const crosstabTargets = (survey: Pick<Survey, 'questions' | 'logic' | 'anonymous'>): FilterTarget[] =>
  filterTargets(survey).filter(
    (target) =>
      target.kind !== 'contact_attribute' &&
      target.kind !== 'segment' &&
      // A ranking option's place filters, but does not cross-tab.
      !(target.kind === 'score' && target.optionId !== undefined),
  );

/** Values typed in one box, separated by commas: trimmed, empties and repeats left out. */
export const typedValues = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((value) => value.trim())
      .filter((value) => value !== ''),
  ),
];

/** What the user picked for a target, as a condition; null when it holds no value yet. */
export function conditionOf(
  target: FilterTarget,
  picked: {
    readonly values?: readonly string[];
    readonly min?: string;
    readonly max?: string;
    readonly text?: string;
    readonly name?: string;
    readonly segmentId?: number;
  },
): ResultsCondition | null {
  const values = picked.values ?? [];
  switch (target.kind) {
    case 'choice':
      return values.length === 0
        ? null
        : { source: 'question', question_id: target.questionId, operator: 'one_of', values };
    case 'score': {
      const min = Number(picked.min ?? target.choices[0]?.value);
      const max = Number(picked.max ?? target.choices[target.choices.length - 1]?.value);
      if (!Number.isInteger(min) || !Number.isInteger(max) || min > max) return null;
      return {
        source: 'question',
        question_id: target.questionId,
        ...(target.statementId === undefined ? {} : { statement_id: target.statementId }),
        ...(target.optionId === undefined ? {} : { option_id: target.optionId }),
        operator: 'between',
        min,
        max,
      };
    }
    case 'hidden_field': {
      const typed = typedValues(picked.text ?? '');
      return typed.length === 0
        ? null
        : { source: 'hidden_field', name: target.name, operator: 'one_of', values: typed };
    }
    case 'language':
      return values.length === 0 ? null : { source: 'language', operator: 'one_of', values };
    case 'contact_attribute': {
      const name = (picked.name ?? '').trim();
      const typed = typedValues(picked.text ?? '');
      return name === '' || typed.length === 0 ? null : { source: 'contact_attribute', name, values: typed };
    }
    case 'segment':
      return picked.segmentId === undefined ? null : { source: 'segment', segment_id: picked.segmentId };
  }
}
