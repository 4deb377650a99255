import type { OpeningProblem, Question, QuestionType, Survey, SurveyInput } from '@loop/core';
import {
  type EditorIssues,
  editorLocks,
  type LogicView,
  logicLocked,
  logicOf,
  type RemovedQuestion,
  type SurveyEditor,
} from '@loop/core/surveys/editor';
import { QUESTION_TYPE_LABELS, QUESTION_TYPES, QUESTIONS_MAX } from '@loop/core/surveys/model';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FieldError } from '../../forms/FormAlert';
import { type CardFocus, QuestionCard } from './QuestionCard';
import { QuestionList } from './QuestionList';
import { QuestionLogic } from './QuestionLogic';

/** The control of a question card to focus next. */
export interface FocusRequest {
  readonly id: string;
  readonly control: CardFocus;
}

/** 'Vragen': the question cards in order, undo of a removal, and adding a question by type. */
export function QuestionsSection({
  editor,
  survey,
  draft,
  issues,
  problems,
  logic,
  focus,
  onFocus: setFocus,
}: {
  editor: SurveyEditor;
  survey: Survey;
  draft: SurveyInput;
  issues: EditorIssues;
  problems: readonly OpeningProblem[];
  /** The draft's rules as sentences with their problems, by question. */
  logic: LogicView;
  /** The control to focus after a change, or the question an item of the list of what to fill in points at. */
  focus: FocusRequest | null;
  onFocus: (focus: FocusRequest | null) => void;
}) {
  const [announcement, setAnnouncement] = useState('');
  const [removed, setRemoved] = useState<RemovedQuestion | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const responses = survey.status === 'draft' ? 0 : (survey.response_count ?? 0);
  const questions = draft.questions;
  const onFocused = useCallback(() => setFocus(null), [setFocus]);
  const problemOf = (id: string) => problems.find((problem) => problem.question_id === id);

  useEffect(() => {
    if (removed) undoButton.current?.focus();
  }, [removed]);

  const titleOf = (question: Question, index: number) =>
    question.title.trim() ? `Vraag ${index + 1} ('${question.title.trim()}')` : `Vraag ${index + 1}`;

  const move = (question: Question, index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    if (to < 0 || to >= questions.length) return;
    editor.moveQuestion(question.id, to);
    setFocus({ id: question.id, control: direction });
    setAnnouncement(`${titleOf(question, index)} staat nu op plaats ${to + 1} van ${questions.length}.`);
  };

  const add = (type: QuestionType) => {
    const id = editor.addQuestion(type);
    setFocus({ id, control: 'title' });
  };

  const duplicate = (question: Question) => {
    const copy = editor.duplicateQuestion(question.id);
    if (copy) setFocus({ id: copy, control: 'title' });
  };

  const remove = (question: Question) => {
    const result = editor.removeQuestion(question.id);
    if (result) setRemoved(result);
  };

  const undo = () => {
    if (!removed) return;
    editor.restoreQuestion(removed);
    setFocus({ id: removed.question.id, control: 'title' });
    setRemoved(null);
  };

  return (
    <section className="editor-section" aria-labelledby="questions-heading">
      <h2 id="questions-heading">Vragen</h2>
      {removed ? (
        <div className="undo-bar" role="status">
          <span>
            {removed.question.title.trim()
              ? `De vraag '${removed.question.title.trim()}' is verwijderd.`
              : 'De vraag is verwijderd.'}
          </span>
          <button
            ref={undoButton}
            type="button"
            className="button button-secondary button-small"
            onClick={undo}
          >
            Ongedaan maken
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Melding sluiten"
            title="Melding sluiten"
            onClick={() => setRemoved(null)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
      {questions.length === 0 ? (
        <p className="empty-state">Nog geen vragen. Kies hieronder het soort vraag dat je wilt toevoegen.</p>
      ) : (
        <QuestionList
          questions={questions}
          announcement={announcement}
          onMove={(id, to) => editor.moveQuestion(id, to)}
          renderCard={(question, index, dragHandle) => (
            <QuestionCard
              question={question}
              index={index}
              total={questions.length}
              issues={issues.questions[question.id] ?? {}}
              problem={problemOf(question.id)}
              locks={editorLocks(survey.questions, question, responses)}
              dragHandle={dragHandle}
              focus={focus?.id === question.id ? focus.control : null}
              onFocused={onFocused}
              onChange={(next) => editor.updateQuestion(question.id, () => next)}
              onTypeChange={(type) => editor.changeQuestionType(question.id, type)}
              onMove={(direction) => move(question, index, direction)}
              onDuplicate={() => duplicate(question)}
              onRemove={() => remove(question)}
              logic={
                <QuestionLogic
                  idPrefix={`question-${question.id}`}
                  question={question}
                  questions={questions}
                  logic={logicOf(draft)}
                  view={logic}
                  commands={editor.logic}
                  locked={logicLocked(survey)}
                />
              }
            />
          )}
        />
      )}
      <FieldError id="questions-error" error={issues.survey.questions} />
      <fieldset className="add-question">
        <legend className="add-question-label">Vraag toevoegen</legend>
        <div className="add-question-buttons">
          {QUESTION_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              className="button button-secondary button-small"
              data-testid={`add-question-${type}`}
              disabled={questions.length >= QUESTIONS_MAX}
              onClick={() => add(type)}
            >
              <span aria-hidden="true">+ </span>
              {QUESTION_TYPE_LABELS[type]}
              <span className="visually-hidden"> toevoegen</span>
            </button>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
