import './surveyEditor.css';
import type { OpeningProblem, Survey, SurveyInput } from '@loop/core';
import { parseRouteId } from '@loop/core/access';
import { mayManageTemplates, PERMISSION_DENIED } from '@loop/core/organisation';
import {
  type EditorIssues,
  type LogicView,
  logicLocked,
  logicOf,
  openingList,
  problemLanguage,
  type SaveState,
  type SurveyEditor,
  type TranslationImport,
  type TranslationsView,
} from '@loop/core/surveys/editor';
import { OPEN_SURVEY_EDIT_NOTICE } from '@loop/core/surveys/model';
import { useCallback, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useCan } from '../../organisation/useCan';
import { useCurrentRole } from '../../organisation/useCurrentRole';
import { useCurrentUser } from '../../organisation/useCurrentUser';
import { LoadFailed, Loading } from '../../routing/Loading';
import { Page } from '../../shell/Page';
import { AnonymitySetting } from '../AnonymitySetting';
import { AlertSection } from '../alerts/AlertSection';
import { RetentionSettings } from '../RetentionSettings';
import { EditorBar } from './EditorBar';
import { reveal } from './QuestionCard';
import { type FocusRequest, QuestionsSection } from './QuestionsSection';
import { QuotaSection } from './QuotaSection';
import { SaveAsTemplate } from './SaveAsTemplate';
import { SurveyFields } from './SurveyFields';
import { type LanguageRequest, SurveyLanguagesSection } from './SurveyLanguagesSection';
import { SurveyLogicSection } from './SurveyLogicSection';
import { useSurveyEditor } from './useSurveyEditor';

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
          {/* An alert e-mail's link leads here (#meldingen): a viewer chooses them on the results page. */}
          <Link href={`/survey/${id}#meldingen`}>Mijn meldingen</Link>
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
          opening={openingList(state)}
          logic={state.logic}
          translations={state.translations}
          translationImport={state.translationImport}
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
  opening,
  logic,
  translations,
  translationImport,
}: {
  editor: SurveyEditor;
  survey: Survey;
  draft: SurveyInput;
  save: SaveState;
  issues: EditorIssues;
  problems: readonly OpeningProblem[];
  problemsListed: boolean;
  /** What to fix before opening: the content's gaps and the logic's problems. */
  opening: readonly OpeningProblem[];
  logic: LogicView;
  translations: TranslationsView;
  translationImport: TranslationImport | null;
}) {
  const { user } = useCurrentUser();
  const role = useCurrentRole();
  const allowed = useCan();
  const responses = survey.response_count ?? 0;
  const hasAnswers = responses > 0 && survey.status !== 'draft';
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [languageRequest, setLanguageRequest] = useState<LanguageRequest | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);

  /** An item of the list of what to fill in: to its question (or the survey's title), focused. */
  const showProblem = useCallback((problem: OpeningProblem) => {
    const language = problemLanguage(problem);
    if (language !== null)
      // An incomplete language: its translation table, at the first text still missing.
      setLanguageRequest((current) => ({ language, seq: (current?.seq ?? 0) + 1 }));
    else if (problem.question_id === null)
      // A problem of the logic outside any question (an end screen's address): its section.
      reveal(
        problem.fields[0]?.startsWith('logic')
          ? document.getElementById('logic-heading')
          : titleInput.current,
      );
    else setFocus({ id: problem.question_id, control: 'problem' });
  }, []);

  return (
    <div className="survey-editor">
      <EditorBar
        editor={editor}
        survey={survey}
        draft={draft}
        save={save}
        problems={problemsListed ? opening : null}
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
        logic={logic}
        focus={focus}
        onFocus={setFocus}
      />
      <SurveyLogicSection draft={draft} view={logic} commands={editor.logic} locked={logicLocked(survey)} />
      <QuotaSection draft={draft} commands={editor.quotas} />
      <SurveyLanguagesSection
        draft={draft}
        view={translations}
        pending={translationImport}
        issues={issues}
        commands={editor.translations}
        request={languageRequest}
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
      <AlertSection
        surveyId={survey.id}
        questions={draft.questions}
        hiddenFields={logicOf(draft).hidden_fields}
        canBuild={allowed('surveys.build')}
      />
      {mayManageTemplates(role, user?.can_manage_templates === true) ? (
        <SaveAsTemplate editor={editor} draft={draft} />
      ) : null}
    </div>
  );
}
