import type { Question } from '@loop/core';
import {
  dateCondition,
  numericCondition,
  operatorLabelFor,
  operatorsFor,
  type SurveyLogicCommands,
  valueOptions,
  withOperator,
  withOption,
  withStatement,
} from '@loop/core/surveys/editor';
import type { Condition, ConditionOperator } from '@loop/core/surveys/logic';
import { ValueControl } from './ConditionValue';

/** What a condition's controls change: a rule's conditions (`editor.logic`) or a quota's (`editor.quotas`). */
export type ConditionCommands = Pick<
  SurveyLogicCommands,
  'updateCondition' | 'setConditionSource' | 'setConditionQuestion' | 'removeCondition'
>;

/** 'Vraag 2 (Afdeling)' as the selects name a question. */
export const questionLabel = (question: Question, questions: readonly Question[]): string => {
  const number = questions.findIndex((item) => item.id === question.id) + 1;
  const title = question.title.trim();
  return title === '' ? `Vraag ${number}` : `Vraag ${number} (${title})`;
};

/** The 'Over' select's value of a condition: a question, a hidden field or the language. */
const sourceKey = (condition: Condition): string =>
  condition.source === 'question'
    ? `q:${condition.question_id}`
    : condition.source === 'hidden_field'
      ? `h:${condition.name}`
      : 'lang';

/**
 * One condition of a rule: what it is about (an earlier question, a hidden field, the language), a
 * Likert question's statement, a ranking's option whose place counts (R-SURV-29), the comparison that fits (`operatorsFor`) and its value(s). Plain
 * selects and inputs with labels; every change goes straight into the draft.
 */
export function ConditionEditor({
  idPrefix,
  number,
  ruleId,
  index,
  condition,
  questions,
  sources,
  hiddenFields,
  disabled,
  commands,
  onRemoved,
  sourcesLabel = 'Eerdere vragen',
}: {
  idPrefix: string;
  number: number;
  ruleId: string;
  index: number;
  condition: Condition;
  /** Every question of the draft, in order. */
  questions: readonly Question[];
  /** The questions this condition may name (earlier ones). */
  sources: readonly Question[];
  hiddenFields: readonly string[];
  disabled: boolean;
  /** The rule's commands, or a quota's (the same, with the quota's id as `ruleId`). */
  commands: ConditionCommands;
  onRemoved: () => void;
  /** The heading of `sources` in the 'Over' select (a quota's: every question). */
  sourcesLabel?: string;
}) {
  const p = `${idPrefix}-c${index}`;
  const update = (next: Condition) => commands.updateCondition(ruleId, index, next);
  const question =
    condition.source === 'question' ? questions.find((item) => item.id === condition.question_id) : undefined;
  const known = [
    ...sources.map((item) => `q:${item.id}`),
    ...hiddenFields.map((name) => `h:${name}`),
    'lang',
  ];
  const current = sourceKey(condition);
  const operators = operatorsFor(condition, questions);

  const chooseSource = (key: string) => {
    if (key === 'lang') commands.setConditionSource(ruleId, index, 'language');
    else if (key.startsWith('h:')) commands.setConditionSource(ruleId, index, 'hidden_field', key.slice(2));
    else commands.setConditionQuestion(ruleId, index, key.slice(2));
  };

  return (
    <fieldset className="logic-condition" data-testid="logic-condition">
      <legend>Voorwaarde {number}</legend>
      <div className="logic-fields">
        <div className="field">
          <label htmlFor={`${p}-source`}>Over</label>
          <select
            id={`${p}-source`}
            value={current}
            disabled={disabled}
            onChange={(event) => chooseSource(event.target.value)}
          >
            {known.includes(current) ? null : (
              <option value={current}>
                {condition.source === 'question'
                  ? question
                    ? `${questionLabel(question, questions)}: komt niet eerder`
                    : 'Een verwijderde vraag'
                  : condition.source === 'hidden_field'
                    ? `Verborgen veld ${condition.name} (bestaat niet meer)`
                    : 'Taal'}
              </option>
            )}
            {sources.length > 0 ? (
              <optgroup label={sourcesLabel}>
                {sources.map((item) => (
                  <option key={item.id} value={`q:${item.id}`}>
                    {questionLabel(item, questions)}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {hiddenFields.length > 0 ? (
              <optgroup label="Verborgen velden">
                {hiddenFields.map((name) => (
                  <option key={name} value={`h:${name}`}>
                    Verborgen veld {name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            <option value="lang">Taal van de deelnemer</option>
          </select>
        </div>
        {question?.type === 'likert' && condition.source === 'question' ? (
          <div className="field">
            <label htmlFor={`${p}-statement`}>Stelling</label>
            <select
              id={`${p}-statement`}
              value={condition.statement_id ?? ''}
              disabled={disabled}
              onChange={(event) =>
                update(withStatement(condition, event.target.value || undefined, questions))
              }
            >
              <option value="">De vraag als geheel</option>
              {question.settings.statements.map((statement, at) => (
                <option key={statement.id} value={statement.id}>
                  {statement.text.trim() || `Stelling ${at + 1}`}
                </option>
              ))}
              {condition.statement_id !== undefined &&
              !question.settings.statements.some((item) => item.id === condition.statement_id) ? (
                <option value={condition.statement_id}>Een verwijderde stelling</option>
              ) : null}
            </select>
          </div>
        ) : null}
        {question?.type === 'ranking' && condition.source === 'question' ? (
          <div className="field">
            <label htmlFor={`${p}-option`}>Optie</label>
            <select
              id={`${p}-option`}
              value={condition.option_id ?? ''}
              disabled={disabled}
              onChange={(event) => update(withOption(condition, event.target.value || undefined, questions))}
            >
              <option value="">Wat op plaats 1 staat</option>
              {question.settings.options.map((option, at) => (
                <option key={option.id} value={option.id}>
                  Plaats van {option.label.trim() || `Optie ${at + 1}`}
                </option>
              ))}
              {condition.option_id !== undefined &&
              !question.settings.options.some((item) => item.id === condition.option_id) ? (
                <option value={condition.option_id}>Een verwijderde optie</option>
              ) : null}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${p}-operator`}>Vergelijking</label>
          <select
            id={`${p}-operator`}
            value={condition.operator}
            disabled={disabled}
            onChange={(event) =>
              update(withOperator(condition, event.target.value as ConditionOperator, questions))
            }
          >
            {(operators.includes(condition.operator) ? operators : [condition.operator, ...operators]).map(
              (operator) => (
                <option key={operator} value={operator}>
                  {operatorLabelFor(operator, condition, questions)}
                </option>
              ),
            )}
          </select>
        </div>
        <ValueControl
          idPrefix={p}
          condition={condition}
          options={valueOptions(condition, questions)}
          numeric={numericCondition(condition, questions)}
          date={dateCondition(condition, questions)}
          disabled={disabled}
          onChange={update}
        />
      </div>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={disabled}
        onClick={() => {
          commands.removeCondition(ruleId, index);
          onRemoved();
        }}
      >
        Voorwaarde {number} verwijderen
      </button>
    </fieldset>
  );
}
