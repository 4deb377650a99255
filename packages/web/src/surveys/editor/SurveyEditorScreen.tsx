import './surveyEditor.css';
import type { OpeningProblem, Question, QuestionType, Survey, SurveyInput } from '@loop/core';
import { parseRouteId } from '@loop/core/access';
import { mayManageTemplates, PERMISSION_DENIED } from '@loop/core/organisation';
import {
  closeAtFromInput,
  closeAtToInput,
  type EditorIssues,
  editorLocks,
  type RemovedQuestion,
  type SaveState,
  type SurveyEditor,
  saveStatusText,
} from '@loop/core/surveys/editor';
import {
  estimateSeconds,
  formatEstimate,
  MIN_TIMING_RESPONDENTS,
  OPEN_SURVEY_EDIT_NOTICE,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  QUESTIONS_MAX,
} from '@loop/core/surveys/model';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { FieldError } from '../../forms/FormAlert';
import { notify } from '../../notifications/notify';
import { useCan } from '../../organisation/useCan';
import { useCurrentRole } from '../../organisation/useCurrentRole';
import { useCurrentUser } from '../../organisation/useCurrentUser';
import { LoadFailed, Loading } from '../../routing/Loading';
import { Page } from '../../shell/Page';
import { AnonymitySetting } from '../AnonymitySetting';
import { RetentionSettings } from '../RetentionSettings';
import { OpeningProblems } from './OpeningProblems';
import { type CardFocus, QuestionCard, reveal } from './QuestionCard';
import { QuestionList } from './QuestionList';
import { SaveAsTemplate } from './SaveAsTemplate';
import { StatusActions } from './StatusActions';
import { useSurveyEditor } from './useSurveyEditor';

// TipTap and ProseMirror are most of the editor's weight: the questions can be edited while they load.
const RichTextEditor = lazy(() =>
  import('./RichTextEditor').then((module) => ({ default: module.RichTextEditor })),
);

/** Holds the place of a rich-text field while its editor loads. */
function RichTextLoading({ label }: { label: string }) {
  return (
    <div className="field rich-text">
      <span className="field-label">{label}</span>
      <div className="rich-text-frame rich-text-loading">Editor laden…</div>
    </div>
  );
}

const NOT_FOUND = 'Deze survey bestaat niet (meer), of hoort bij een andere organisatie.';

/** /survey/:id/edit: the survey editor with autosave. */
export function SurveyEditorScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const surveyId = parseRouteId(id);
  if (surveyId === null)
    return (
      <Page title="Survey bewerken">
        <p className="alert alert-error" role="alert">
          {NOT_FOUND}
        </p>
        <Link href="/surveys">Naar alle surveys</Link>
      </Page>
    );
  return <EditorForSurvey key={surveyId} id={surveyId} />;
}

function EditorForSurvey({ id }: { id: number }) {
  const allowed = useCan();
  // A viewer may read the survey but not change it: the server refuses every save, so the editor
  // is not offered at all; the places a viewer can go instead are.
  if (!allowed('surveys.build'))
    return (
      <Page title="Survey bewerken">
        <p className="alert alert-info" role="status">
          {PERMISSION_DENIED['surveys.build']}
        </p>
        <nav aria-label="Deze survey" className="editor-links">
          <Link href={`/survey/${id}/preview`}>Voorbeeld</Link>
          <Link href={`/survey/${id}`}>Resultaten</Link>
          <Link href="/surveys">Alle surveys</Link>
        </nav>
      </Page>
    );
  return <EditorWithData id={id} />;
}

function EditorWithData({ id }: { id: number }) {
  const { editor, state } = useSurveyEditor(id);
  const { survey, draft } = state;

  return (
    <Page title="Survey bewerken">
      {state.status === 'loading' ? (
        <Loading spinner />
      ) : state.status === 'failed' || survey === null || draft === null ? (
        <LoadFailed
          message={state.loadError ?? 'De survey kon niet worden geladen.'}
          onRetry={() => void editor.load(id)}
        />
      ) : (
        <EditorBody
          editor={editor}
          survey={survey}
          draft={draft}
          save={state.save}
          issues={state.issues}
          problems={state.problems}
          problemsListed={state.problemsListed}
        />
      )}
    </Page>
  );
}

function EditorBody({
  editor,
  survey,
  draft,
  save,
  issues,
  problems,
  problemsListed,
}: {
  editor: SurveyEditor;
  survey: Survey;
  draft: SurveyInput;
  save: SaveState;
  issues: EditorIssues;
  problems: readonly OpeningProblem[];
  problemsListed: boolean;
}) {
  const { user } = useCurrentUser();
  const role = useCurrentRole();
  const allowed = useCan();
  const responses = survey.response_count ?? 0;
  const hasAnswers = responses > 0 && survey.status !== 'draft';
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);

  /** An item of the list of what to fill in: to its question (or the survey's title), focused. */
  const showProblem = useCallback((problem: OpeningProblem) => {
    if (problem.question_id === null) reveal(titleInput.current);
    else setFocus({ id: problem.question_id, control: 'problem' });
  }, []);

  return (
    <div className="survey-editor">
      <EditorBar
        editor={editor}
        survey={survey}
        draft={draft}
        save={save}
        problems={problemsListed ? problems : null}
        onShowProblem={showProblem}
      />
      {hasAnswers ? (
        <p className="alert alert-info" data-testid="open-survey-notice">
          {OPEN_SURVEY_EDIT_NOTICE}
        </p>
      ) : survey.status === 'open' ? (
        <p className="alert alert-info">
          Deze survey is open: wat je hier wijzigt, zien deelnemers meteen na het opslaan.
        </p>
      ) : null}
      <SurveyFields editor={editor} draft={draft} issues={issues} titleInput={titleInput} />
      <QuestionsSection
        editor={editor}
        survey={survey}
        draft={draft}
        issues={issues}
        problems={problems}
        focus={focus}
        onFocus={setFocus}
      />
      <section className="editor-section" aria-labelledby="retention-heading">
        <h2 id="retention-heading">Bewaartermijn</h2>
        <RetentionSettings surveyId={survey.id} retention={survey} canManage={allowed('surveys.manage')} />
      </section>
      <section className="editor-section" aria-labelledby="anonymity-heading">
        <h2 id="anonymity-heading">Anonimiteit</h2>
        <AnonymitySetting
          surveyId={survey.id}
          anonymous={survey.anonymous}
          canManage={allowed('surveys.manage')}
        />
      </section>
      {mayManageTemplates(role, user?.can_manage_templates === true) ? (
        <SaveAsTemplate editor={editor} draft={draft} />
      ) : null}
    </div>
  );
}

/** Save status, time estimate, status actions and links; stays in view while editing. */
function EditorBar({
  editor,
  survey,
  draft,
  save,
  problems,
  onShowProblem,
}: {
  editor: SurveyEditor;
  survey: Survey;
  draft: SurveyInput;
  save: SaveState;
  /** What to fill in, once opening was refused for it; null while it is not listed. */
  problems: readonly OpeningProblem[] | null;
  onShowProblem: (problem: OpeningProblem) => void;
}) {
  const observed = Object.values(survey.question_timings ?? {}).some(
    (timing) => timing.respondents >= MIN_TIMING_RESPONDENTS,
  );
  const [reloading, setReloading] = useState(false);

  const loadLatest = async () => {
    setReloading(true);
    const result = await editor.loadLatest();
    setReloading(false);
    if (result.ok) notify.info('De nieuwste versie is geladen.');
    else notify.error(result.message ?? 'De nieuwste versie kon niet worden geladen.');
  };

  return (
    <div className="editor-bar">
      <div className="editor-bar-row">
        <p className="save-status" role="status" data-testid="save-status" data-state={save.kind}>
          {saveStatusText(save)}
        </p>
        {save.kind === 'stale' ? (
          <button
            type="button"
            className="button button-small"
            aria-busy={reloading || undefined}
            disabled={reloading}
            onClick={() => void loadLatest()}
          >
            Nieuwste versie laden
          </button>
        ) : null}
        {save.kind === 'failed' ? (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void editor.flush()}
          >
            Opnieuw proberen
          </button>
        ) : null}
        <p className="estimate" data-testid="time-estimate">
          <span className="estimate-label">Geschatte invultijd: </span>
          <strong>{formatEstimate(estimateSeconds(draft.questions, survey.question_timings))}</strong>
          {observed ? <span className="estimate-note"> (gemeten bij deelnemers)</span> : null}
        </p>
      </div>
      <div className="editor-bar-row">
        <StatusActions editor={editor} survey={survey} />
        <nav aria-label="Deze survey" className="editor-links">
          <Link href={`/survey/${survey.id}/preview`}>Voorbeeld</Link>
          <Link href={`/survey/${survey.id}/email-preview`}>E-mailvoorbeeld</Link>
          <Link href={`/survey/${survey.id}`}>Resultaten</Link>
          <Link href="/surveys">Alle surveys</Link>
        </nav>
      </div>
      {problems ? <OpeningProblems problems={problems} onShow={onShowProblem} /> : null}
    </div>
  );
}

function SurveyFields({
  editor,
  draft,
  issues,
  titleInput,
}: {
  editor: SurveyEditor;
  draft: SurveyInput;
  issues: EditorIssues;
  titleInput: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  const e = issues.survey;
  /** The hint and the error of a field, by the field's id part and its key in the survey's issues. */
  const describe = (part: string, key: string, hint = false) =>
    [hint ? `${id}-${part}-hint` : null, e[key] ? `${id}-${part}-error` : null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <section className="editor-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Algemeen</h2>
      <div className="field">
        <label htmlFor={`${id}-title`}>Titel</label>
        <input
          ref={titleInput}
          id={`${id}-title`}
          type="text"
          value={draft.title}
          aria-invalid={e.title ? true : undefined}
          aria-describedby={describe('title', 'title')}
          onChange={(event) => editor.edit({ title: event.target.value })}
        />
        <FieldError id={`${id}-title-error`} error={e.title} />
      </div>
      <Suspense fallback={<RichTextLoading label="Beschrijving" />}>
        <RichTextEditor
          label="Beschrijving"
          hint="Waar de survey over gaat; staat boven de survey."
          value={draft.description_html}
          onChange={(html) => editor.edit({ description_html: html })}
          error={e.description_html}
        />
      </Suspense>
      <Suspense fallback={<RichTextLoading label="Introductie" />}>
        <RichTextEditor
          label="Introductie"
          hint="Het welkomstwoord voor deelnemers, ook in de uitnodigingsmail."
          value={draft.introduction_html}
          onChange={(html) => editor.edit({ introduction_html: html })}
          error={e.introduction_html}
        />
      </Suspense>
      <div className="field">
        <label htmlFor={`${id}-thanks`}>Bedanktekst</label>
        <p id={`${id}-thanks-hint`} className="field-hint">
          Wat deelnemers zien nadat ze hun antwoorden hebben verstuurd.
        </p>
        <textarea
          id={`${id}-thanks`}
          rows={3}
          value={draft.thank_you_text}
          aria-invalid={e.thank_you_text ? true : undefined}
          aria-describedby={describe('thanks', 'thank_you_text', true)}
          onChange={(event) => editor.edit({ thank_you_text: event.target.value })}
        />
        <FieldError id={`${id}-thanks-error`} error={e.thank_you_text} />
      </div>
      <div className="field field-narrow">
        <label htmlFor={`${id}-close`}>Sluitdatum (optioneel)</label>
        <p id={`${id}-close-hint`} className="field-hint">
          Vanaf dit moment neemt de survey geen antwoorden meer aan. Leeg: open tot je hem sluit.
        </p>
        <input
          id={`${id}-close`}
          type="datetime-local"
          lang="nl-NL"
          value={closeAtToInput(draft.close_at)}
          aria-invalid={e.close_at ? true : undefined}
          aria-describedby={describe('close', 'close_at', true)}
          onChange={(event) => editor.edit({ close_at: closeAtFromInput(event.target.value) })}
        />
        <FieldError id={`${id}-close-error`} error={e.close_at} />
      </div>
    </section>
  );
}

interface FocusRequest {
  readonly id: string;
  readonly control: CardFocus;
}

function QuestionsSection({
  editor,
  survey,
  draft,
  issues,
  problems,
  focus,
  onFocus: setFocus,
}: {
  editor: SurveyEditor;
  survey: Survey;
  draft: SurveyInput;
  issues: EditorIssues;
  problems: readonly OpeningProblem[];
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
