import type { RespondentBranding, Survey } from '@loop/core';
import { respondentBrandingOf } from '@loop/core/surveys/editor';
import {
  createPreviewSession,
  leftOutText,
  PREVIEW_TOKEN,
  previewQuestions,
  previewView,
} from '@loop/core/surveys/respond';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useAsyncInjection, useInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useBranding } from '../../branding/useBranding';
import { useCurrentUser } from '../../organisation/useCurrentUser';
import { RespondentPage } from '../../respond/RespondentPage';
import { browserFacts } from '../../respond/respondBrowser';
import { useQuery } from '../../shared/useQuery';
import { usePageTitle } from '../../shell/usePageTitle';
import './preview.css';

/**
 * One run through the preview; a new key ('Opnieuw beginnen') starts a new, empty one. The session
 * is made here rather than bound in the container, so it loads with this screen's chunk only. It
 * follows the survey's logic like the answering page, with the hidden field values and `?lang=` of
 * this screen's address (`/survey/1/preview?bron=mail`), so an owner can try a path (R-RESP-8).
 */
function PreviewRun({ survey, branding }: { survey: Survey; branding: RespondentBranding }) {
  const clock = useInjection(TOKENS.Clock);
  const timer = useInjection(TOKENS.Timer);
  const [session] = useState(() =>
    createPreviewSession(previewView(survey, branding), { clock, timer, browser: browserFacts }),
  );
  return <RespondentPage session={session} token={PREVIEW_TOKEN} embedded clock={clock} />;
}

/**
 * `/survey/:id/preview`: the answering page exactly as a respondent sees it, with the organisation's
 * branding, on a session that checks answers like the server but stores nothing.
 */
export function PreviewScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const preview = useAsyncInjection(TOKENS.SurveyPreview);
  const remote = useQuery(`preview:${id}`, () => preview.survey(Number(id)));
  const { state: brandingState } = useBranding();
  const { organisation } = useCurrentUser();
  const [round, setRound] = useState(0);
  const survey = remote.value;
  usePageTitle(survey ? `Voorbeeld: ${survey.title || 'Naamloze survey'}` : 'Voorbeeld');
  const leftOut = survey ? leftOutText(previewQuestions(survey).leftOut) : null;

  const organisationName = organisation?.name ?? '';
  const branding = useMemo(
    () => respondentBrandingOf(brandingState.branding, organisationName),
    [brandingState.branding, organisationName],
  );

  return (
    <div className="survey-preview">
      <div className="preview-bar">
        <p className="preview-bar-text">Voorbeeld: antwoorden worden niet opgeslagen.</p>
        {leftOut ? (
          <p className="preview-bar-text" data-testid="preview-left-out">
            {leftOut}
          </p>
        ) : null}
        <div className="preview-bar-actions">
          <button type="button" className="button button-secondary" onClick={() => setRound((n) => n + 1)}>
            Opnieuw beginnen
          </button>
          <Link href={`/survey/${id}/email-preview`} className="button button-secondary">
            E-mailvoorbeeld
          </Link>
          <Link href={`/survey/${id}/edit`} className="button">
            Terug naar de editor
          </Link>
        </div>
      </div>
      {remote.error ? (
        <div className="page page-narrow">
          <h1>Voorbeeld niet beschikbaar</h1>
          <p className="alert alert-error" role="alert">
            {remote.error}
          </p>
          <button type="button" className="button" onClick={remote.reload}>
            Opnieuw proberen
          </button>
        </div>
      ) : survey ? (
        <PreviewRun
          key={`${round}:${survey.id}:${survey.version}:${brandingState.branding?.version ?? ''}:${organisationName}`}
          survey={survey}
          branding={branding}
        />
      ) : (
        <p className="preview-loading" role="status">
          Voorbeeld laden…
        </p>
      )}
    </div>
  );
}
