import { PERMISSION_DENIED } from '@loop/core/organisation';
import { Link, useParams } from 'wouter';
import { useCan } from '../organisation/useCan';
import { LoadFailed, Loading } from '../routing/Loading';
import { useInvalidate } from '../shared/useQuery';
import { Page } from '../shell/Page';
import { parseSurveyId, useSurveyForResults } from '../surveys/results/useResults';
import { InvitationStatusSection } from './InvitationStatusSection';
import { InviteForm } from './InviteForm';
import { PulseRoundsSection } from './PulseRoundsSection';
import '../surveys/preview/preview.css';
import './invitations.css';

/**
 * /survey/:id/uitnodigen: send the survey to contacts (each their own personal link), follow each
 * invitation's status, and set the reminders. Only an open survey takes invitations.
 */
export function InvitationsScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const surveyId = parseSurveyId(id);
  const survey = useSurveyForResults(surveyId ?? 0);
  const can = useCan();
  const invalidate = useInvalidate();

  if (!can('contacts.manage')) {
    return (
      <Page title="Uitnodigen">
        <p className="alert alert-info">{PERMISSION_DENIED['contacts.manage']}</p>
      </Page>
    );
  }
  if (surveyId === null || survey.value === null) {
    return (
      <Page title="Uitnodigen">
        {survey.error || surveyId === null ? (
          <LoadFailed message={survey.error ?? 'Deze survey bestaat niet.'} onRetry={survey.reload} />
        ) : (
          <Loading />
        )}
      </Page>
    );
  }
  const current = survey.value;
  return (
    <Page
      title={`Uitnodigen: ${current.title}`}
      lead="Stuur de survey naar je contacten. Iedereen krijgt een eigen persoonlijke link en een afmeldlink."
    >
      <p className="preview-links">
        <Link href={`/survey/${surveyId}`}>Terug naar de resultaten</Link>
        <Link href={`/survey/${surveyId}/email-preview`}>E-mailvoorbeeld</Link>
        <Link href="/contacten">Contacten</Link>
      </p>
      {current.status === 'open' ? (
        <InviteForm surveyId={surveyId} onSent={() => invalidate(`invitations:${surveyId}:`)} />
      ) : (
        <p className="alert alert-info">
          {current.status === 'draft'
            ? 'Publiceer de survey eerst; daarna kun je contacten uitnodigen.'
            : 'Deze survey is gesloten en neemt geen nieuwe uitnodigingen aan.'}
        </p>
      )}
      <PulseRoundsSection surveyId={surveyId} open={current.status === 'open'} />
      <InvitationStatusSection surveyId={surveyId} />
    </Page>
  );
}
