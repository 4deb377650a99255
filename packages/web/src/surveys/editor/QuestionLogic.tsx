import type { Question } from '@loop/core';
import {
  jumpTargets,
  type LogicView,
  type logicOf,
  type SurveyLogicCommands,
} from '@loop/core/surveys/editor';
import { LOGIC_MESSAGES, type LogicRule } from '@loop/core/surveys/logic';
import { useCallback, useRef, useState } from 'react';
import { RuleEditor } from './RuleEditor';

const ADD_LABELS: Readonly<Record<LogicRule['action'], string>> = {
  show: 'Tonen als…',
  hide: 'Verbergen als…',
  jump: 'Springen naar…',
};

/**
 * 'Logica' on a question card: the rules that show or hide this question and the jumps from it, each
 * as a Dutch sentence with its problems beside it, and buttons to add one. A rule opens for editing
 * when added (its first control focused) or with 'Bewerken'. Once the survey has answers the rules
 * are fixed: they are still read here, with the reason.
 */
export function QuestionLogic({
  idPrefix,
  question,
  questions,
  logic,
  view,
  commands,
  locked,
}: {
  idPrefix: string;
  question: Question;
  questions: readonly Question[];
  logic: ReturnType<typeof logicOf>;
  view: LogicView;
  commands: SurveyLogicCommands;
  locked: boolean;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [focusRule, setFocusRule] = useState<string | null>(null);
  const addShow = useRef<HTMLButtonElement>(null);
  const onFocused = useCallback(() => setFocusRule(null), []);
  const rules = view.byQuestion[question.id] ?? [];
  const other = view.questionProblems[question.id] ?? [];
  const targets = jumpTargets(questions, question.id, logic.end_screens);
  const canJump = targets.questions.length + targets.endScreens.length > 0;
  const p = `${idPrefix}-logic`;
  if (locked && rules.length === 0 && other.length === 0) return null;

  const add = (action: LogicRule['action']) => {
    const id = commands.addRule(question.id, action);
    if (id === null) return;
    setOpen((current) => new Set([...current, id]));
    setFocusRule(id);
  };

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section className="question-logic" aria-labelledby={`${p}-heading`} data-testid="question-logic">
      <h4 id={`${p}-heading`} className="question-logic-title">
        Logica
      </h4>
      {locked ? <p className="field-hint">{LOGIC_MESSAGES.locked}</p> : null}
      {rules.length > 0 ? (
        <ul className="logic-rules">
          {rules.map((ruleView, index) => (
            <RuleEditor
              key={ruleView.rule.id}
              idPrefix={p}
              number={index + 1}
              view={ruleView}
              questions={questions}
              logic={logic}
              commands={commands}
              locked={locked}
              open={open.has(ruleView.rule.id)}
              focusFirst={focusRule === ruleView.rule.id}
              onToggle={() => toggle(ruleView.rule.id)}
              onFocused={onFocused}
              onRemove={() => {
                commands.removeRule(ruleView.rule.id);
                addShow.current?.focus();
              }}
            />
          ))}
        </ul>
      ) : (
        <p className="field-hint">Nog geen regels bij deze vraag.</p>
      )}
      {other.map((problem) => (
        <p key={problem.message} className="field-error">
          {problem.message}
        </p>
      ))}
      {locked ? null : (
        <div className="logic-add">
          {(['show', 'hide', 'jump'] as const).map((action) => (
            <button
              key={action}
              ref={action === 'show' ? addShow : undefined}
              type="button"
              className="button button-secondary button-small"
              disabled={action === 'jump' && !canJump}
              aria-describedby={action === 'jump' && !canJump ? `${p}-nojump` : undefined}
              onClick={() => add(action)}
            >
              <span aria-hidden="true">+ </span>
              {ADD_LABELS[action]}
              <span className="visually-hidden"> (regel bij vraag {questions.indexOf(question) + 1})</span>
            </button>
          ))}
          {canJump ? null : (
            <p id={`${p}-nojump`} className="field-hint">
              Na de laatste vraag kan een sprong alleen naar een eindscherm: voeg er eerst een toe onder
              'Eindschermen'.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
