import type { Survey, SurveyStatus } from '@loop/core';
import type { SurveyEditor } from '@loop/core/surveys/editor';
import { effectiveStatus, offeredStatusChanges, type StatusAction } from '@loop/core/surveys/model';
import { SURVEY_STATUS_LABELS } from '@loop/core/surveys/results';
import { useRef, useState } from 'react';
import { useClock, useNotices } from '../../app/useServices';
import { FormAlert } from '../../forms/FormAlert';
import { ShareDialog } from '../share/ShareDialog';

/**
 * The survey's status and the buttons that change it, with the server's reason when it refuses.
 * Opening it ends on the share step (docs/decisions/surveys.md, 'The share step').
 */
export function StatusActions({ editor, survey }: { editor: SurveyEditor; survey: Survey }) {
  const notices = useNotices();
  const clock = useClock();
  const [busy, setBusy] = useState<SurveyStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  // The button that opened the share step is gone once the survey is open: focus returns here.
  const statusLine = useRef<HTMLParagraphElement>(null);
  const shown = effectiveStatus(survey.status, survey.close_at, new Date(clock.now()));
  const closedByDate = survey.status === 'open' && shown === 'closed';

  const change = async (action: StatusAction) => {
    setBusy(action.to);
    setError(null);
    const result = await editor.changeStatus(action.to);
    setBusy(null);
    if (result.ok) {
      notices.success(action.done);
      if (action.to === 'open') setSharing(true);
    }
    // Opening waits for what the draft lacks: the editor bar lists it (`problemsListed`).
    else if (!result.problems) setError(result.message ?? 'De status kon niet worden gewijzigd.');
  };

  return (
    <div className="status-actions">
      <p className="status-line" ref={statusLine} tabIndex={-1}>
        Status:{' '}
        <span className={`status-badge status-${shown}`} data-testid="survey-status">
          {SURVEY_STATUS_LABELS[shown]}
        </span>
        {closedByDate ? <span className="field-hint"> (de sluitdatum is verstreken)</span> : null}
      </p>
      <div className="actions">
        {offeredStatusChanges(shown, survey.response_count ?? 0).map((action) => (
          <button
            key={action.to}
            type="button"
            className={action.secondary ? 'button button-secondary button-small' : 'button button-small'}
            disabled={busy !== null}
            aria-busy={busy === action.to || undefined}
            onClick={() => void change(action)}
          >
            {action.label}
          </button>
        ))}
      </div>
      <FormAlert message={error} />
      {sharing ? (
        <ShareDialog surveyId={survey.id} onClose={() => setSharing(false)} returnFocus={statusLine} />
      ) : null}
    </div>
  );
}
