import type { OpeningProblem, Survey, SurveyInput } from '@loop/core';
import { type SaveState, type SurveyEditor, saveStatusText } from '@loop/core/surveys/editor';
import { estimateSeconds, formatEstimate, MIN_TIMING_RESPONDENTS } from '@loop/core/surveys/model';
import { useState } from 'react';
import { Link } from 'wouter';
import { useNotices } from '../../app/useServices';
import { OpeningProblems } from './OpeningProblems';
import { StatusActions } from './StatusActions';

/** Save status, time estimate, status actions and links; stays in view while editing. */
export function EditorBar({
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
  const notices = useNotices();

  const loadLatest = async () => {
    setReloading(true);
    const result = await editor.loadLatest();
    setReloading(false);
    if (result.ok) notices.info('De nieuwste versie is geladen.');
    else notices.error(result.message ?? 'De nieuwste versie kon niet worden geladen.');
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
