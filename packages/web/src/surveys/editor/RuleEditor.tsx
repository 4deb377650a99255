import type { Question } from '@loop/core';
import {
  conditionSources,
  jumpTargets,
  type RuleView,
  ruleQuestionId,
  type SurveyLogicCommands,
} from '@loop/core/surveys/editor';
import type { JumpTarget, LogicRule, SurveyLogic } from '@loop/core/surveys/logic';
import { useEffect, useRef } from 'react';
import { ConditionEditor, questionLabel } from './ConditionEditor';
import { MatchSelect } from './MatchSelect';

const ACTION_LABELS: Readonly<Record<LogicRule['action'], string>> = {
  show: 'Toon deze vraag',
  hide: 'Verberg deze vraag',
  jump: 'Spring naar',
};

const targetKey = (to: JumpTarget): string =>
  'end_screen_id' in to ? `e:${to.end_screen_id}` : `q:${to.question_id}`;

/** 'Eindscherm 2 (Bedankt)' as the jump select names an end screen. */
const endScreenLabel = (text: string, index: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const short = flat.length > 40 ? `${flat.slice(0, 39)}…` : flat;
  return short === '' ? `Eindscherm ${index + 1}` : `Eindscherm ${index + 1} (${short})`;
};

/**
 * One rule under its question: its Dutch sentence and problems always, and, while open, the
 * controls to change what it does (show, hide, jump and where to), how its conditions join and the
 * conditions themselves.
 */
export function RuleEditor({
  idPrefix,
  number,
  view,
  questions,
  logic,
  commands,
  locked,
  open,
  focusFirst,
  onToggle,
  onFocused,
  onRemove,
}: {
  idPrefix: string;
  number: number;
  view: RuleView;
  questions: readonly Question[];
  logic: SurveyLogic;
  commands: SurveyLogicCommands;
  locked: boolean;
  open: boolean;
  /** Focus the rule's first control once it shows (a rule just added). */
  focusFirst: boolean;
  onToggle: () => void;
  onFocused: () => void;
  onRemove: () => void;
}) {
  const { rule, sentence, problems } = view;
  const p = `${idPrefix}-rule-${rule.id}`;
  const questionId = ruleQuestionId(rule);
  const firstControl = useRef<HTMLSelectElement>(null);
  const addCondition = useRef<HTMLButtonElement>(null);
  const targets = jumpTargets(questions, questionId, logic.end_screens);
  const canJump = targets.questions.length + targets.endScreens.length > 0;
  const sources = conditionSources(questions, questionId, rule.action);

  useEffect(() => {
    if (!focusFirst || !open) return;
    firstControl.current?.focus();
    onFocused();
  }, [focusFirst, open, onFocused]);

  const current = rule.action === 'jump' ? targetKey(rule.to) : '';
  const knownTargets = [
    ...targets.questions.map((item) => `q:${item.id}`),
    ...targets.endScreens.map((screen) => `e:${screen.id}`),
  ];
  const unknownTarget = () => {
    if (rule.action !== 'jump') return '';
    if ('end_screen_id' in rule.to) return 'Een verwijderd eindscherm';
    const { question_id } = rule.to;
    const target = questions.find((item) => item.id === question_id);
    return target ? `${questionLabel(target, questions)}: komt niet later` : 'Een verwijderde vraag';
  };

  return (
    <li className={problems.length > 0 ? 'logic-rule has-problems' : 'logic-rule'} data-testid="logic-rule">
      <p id={`${p}-sentence`} className="logic-sentence">
        <span className="visually-hidden">Regel {number}: </span>
        {sentence}
      </p>
      {problems.length > 0 ? (
        <ul id={`${p}-problems`} className="logic-problems" data-testid="logic-problems">
          {problems.map((problem) => (
            <li key={`${problem.code}:${problem.message}`} className="field-error">
              {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="logic-rule-actions">
        <button
          type="button"
          className="button button-secondary button-small"
          aria-expanded={open}
          aria-controls={`${p}-form`}
          aria-describedby={problems.length > 0 ? `${p}-sentence ${p}-problems` : `${p}-sentence`}
          data-logic-problem={problems.length > 0 ? true : undefined}
          onClick={onToggle}
        >
          {open ? 'Klaar' : 'Bewerken'}
          <span className="visually-hidden"> (regel {number})</span>
        </button>
        <button
          type="button"
          className="button button-danger button-small"
          disabled={locked}
          aria-describedby={`${p}-sentence`}
          onClick={onRemove}
        >
          Verwijderen<span className="visually-hidden"> (regel {number})</span>
        </button>
      </div>
      {open ? (
        <div id={`${p}-form`} className="logic-form">
          <div className="logic-fields">
            <div className="field">
              <label htmlFor={`${p}-action`}>Wat doet de regel</label>
              <select
                ref={firstControl}
                id={`${p}-action`}
                value={rule.action}
                disabled={locked}
                aria-invalid={problems.length > 0 ? true : undefined}
                aria-describedby={problems.length > 0 ? `${p}-problems` : undefined}
                onChange={(event) => commands.setAction(rule.id, event.target.value as LogicRule['action'])}
              >
                {(['show', 'hide', 'jump'] as const).map((action) => (
                  <option key={action} value={action} disabled={action === 'jump' && !canJump}>
                    {ACTION_LABELS[action]}
                  </option>
                ))}
              </select>
            </div>
            {rule.action === 'jump' ? (
              <div className="field">
                <label htmlFor={`${p}-target`}>Ga naar</label>
                <select
                  id={`${p}-target`}
                  value={current}
                  disabled={locked}
                  onChange={(event) => {
                    const key = event.target.value;
                    commands.setJumpTarget(
                      rule.id,
                      key.startsWith('e:') ? { end_screen_id: key.slice(2) } : { question_id: key.slice(2) },
                    );
                  }}
                >
                  {knownTargets.includes(current) ? null : <option value={current}>{unknownTarget()}</option>}
                  {targets.questions.length > 0 ? (
                    <optgroup label="Latere vragen">
                      {targets.questions.map((item) => (
                        <option key={item.id} value={`q:${item.id}`}>
                          {questionLabel(item, questions)}
                        </option>
                      ))}
                    </optgroup>
                  ) : null}
                  {targets.endScreens.length > 0 ? (
                    <optgroup label="Eindschermen">
                      {targets.endScreens.map((screen, index) => (
                        <option key={screen.id} value={`e:${screen.id}`}>
                          {endScreenLabel(screen.text, index)}
                        </option>
                      ))}
                    </optgroup>
                  ) : null}
                </select>
              </div>
            ) : null}
            {rule.when.conditions.length > 1 ? (
              <MatchSelect
                id={`${p}-match`}
                match={rule.when.match}
                disabled={locked}
                onChange={(match) => commands.setMatch(rule.id, match)}
              />
            ) : null}
          </div>
          {rule.when.conditions.map((condition, index) => (
            <ConditionEditor
              // Conditions have no id of their own; their place is what the commands name.
              // biome-ignore lint/suspicious/noArrayIndexKey: a condition is addressed by its index
              key={index}
              idPrefix={p}
              number={index + 1}
              ruleId={rule.id}
              index={index}
              condition={condition}
              questions={questions}
              sources={sources}
              hiddenFields={logic.hidden_fields}
              disabled={locked}
              commands={commands}
              onRemoved={() => addCondition.current?.focus()}
            />
          ))}
          <div className="logic-rule-actions">
            <button
              ref={addCondition}
              type="button"
              className="button button-secondary button-small"
              disabled={locked}
              onClick={() =>
                commands.addCondition(
                  rule.id,
                  sources.length > 0
                    ? 'question'
                    : logic.hidden_fields.length > 0
                      ? 'hidden_field'
                      : 'language',
                )
              }
            >
              Voorwaarde toevoegen
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
