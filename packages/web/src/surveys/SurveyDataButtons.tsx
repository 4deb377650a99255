import { deleteSurveyText, SURVEY_DATA_MESSAGES } from '@loop/core/surveys/data';
import { type RefObject, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { ConfirmDialog } from '../shell/ConfirmDialog';

export interface SurveyDataButtonsProps {
  readonly survey: { readonly id: number; readonly title: string; readonly response_count?: number };
  /** The role may copy surveys (`surveys.build`). */
  readonly canDuplicate: boolean;
  /** The role may delete surveys (`surveys.manage`). */
  readonly canDelete: boolean;
  /** After the survey is gone: reload the list, or leave its page. */
  readonly onDeleted: () => void;
  /** Where focus goes after deleting, since the button goes with its row. */
  readonly returnFocus?: RefObject<HTMLElement | null>;
  /** Name the survey in the buttons' accessible names (a row of a list of surveys). */
  readonly inList?: boolean;
}

/**
 * 'Dupliceren' (opens the copy in the editor) and 'Verwijderen' (after a confirmation naming how
 * many responses go with it) of one survey; buttons the role may not use are left out.
 */
export function SurveyDataButtons({
  survey,
  canDuplicate,
  canDelete,
  onDeleted,
  returnFocus,
  inList = false,
}: SurveyDataButtonsProps) {
  const notices = useNotices();
  const data = useAsyncInjection(TOKENS.SurveyDataUseCases);
  const [, navigate] = useLocation();
  const [copying, setCopying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);

  // After the dialog has given focus back to the button, whose row is about to go.
  useEffect(() => {
    if (deleted) returnFocus?.current?.focus();
  }, [deleted, returnFocus]);
  const title = survey.title || 'Naamloze survey';
  const named = inList ? <span className="visually-hidden">: {title}</span> : null;

  const duplicate = async () => {
    setCopying(true);
    const copy = await data.duplicateSurvey(survey.id);
    setCopying(false);
    if (!copy.ok) {
      notices.error(copy.detail);
      return;
    }
    notices.success(SURVEY_DATA_MESSAGES.surveyDuplicated);
    navigate(`/survey/${copy.value.id}/edit`);
  };

  const remove = async () => {
    setDeleting(true);
    setError(null);
    const result = await data.deleteSurvey(survey.id);
    setDeleting(false);
    if (!result.ok) {
      setError(result.detail);
      return;
    }
    setConfirming(false);
    setDeleted(true);
    notices.success(SURVEY_DATA_MESSAGES.surveyDeleted(title));
    onDeleted();
  };

  return (
    <>
      {canDuplicate ? (
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={copying}
          aria-busy={copying || undefined}
          onClick={() => void duplicate()}
        >
          Dupliceren{named}
        </button>
      ) : null}
      {canDelete ? (
        <button
          type="button"
          className="button button-danger button-small"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          Verwijderen{named}
        </button>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`'${title}' verwijderen?`}
          confirmLabel="Survey verwijderen"
          busy={deleting}
          error={error}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        >
          <p>{deleteSurveyText(survey.response_count ?? 0)}</p>
          <p>Ook de links, de persoonlijke links en de tijden per vraag worden verwijderd.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
