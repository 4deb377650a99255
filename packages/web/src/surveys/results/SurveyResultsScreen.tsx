import './results.css';
import { effectiveStatus, formatEstimate } from '@loop/core/surveys/model';
import { dateFilterSearch } from '@loop/core/surveys/results';
import { Link, useLocation, useParams } from 'wouter';
import { useClock } from '../../app/useServices';
import { useCan } from '../../organisation/useCan';
import { LoadFailed, Loading } from '../../routing/Loading';
import { Page } from '../../shell/Page';
import { AnonymitySetting } from '../AnonymitySetting';
import { AlertSection } from '../alerts/AlertSection';
import { RetentionSettings } from '../RetentionSettings';
import { SurveyDataButtons } from '../SurveyDataButtons';
import { ColumnChart } from './ColumnChart';
import { CrosstabPanel } from './CrosstabPanel';
import { DateFilterForm } from './DateFilterForm';
import { ExportButtons } from './ExportButtons';
import { FillSummary } from './FillSummary';
import { OpenAnswerSummary } from './OpenAnswerSummary';
import { QuestionResultBlock } from './QuestionResultBlock';
import { RespondentsPanel } from './RespondentsPanel';
import { ResultsFilterBar } from './ResultsFilterBar';
import { ResultsLinksPanel } from './ResultsLinksPanel';
import { ResultsPdfButton } from './ResultsPdfButton';
import { RoundComparisonPanel } from './RoundComparisonPanel';
import { SharingPanel } from './SharingPanel';
import { StatusBadge } from './StatusBadge';
import { parseSurveyId, useDateFilter, useSurveyResults } from './useResults';

export const UNKNOWN_SURVEY_MESSAGE = 'Deze survey bestaat niet of hoort bij een andere organisatie.';

/** /survey/:id: a survey's actions, 'Delen' with its links, and its results. */
export function SurveyResultsScreen() {
  const params = useParams<{ id: string }>();
  const surveyId = parseSurveyId(params.id);
  if (surveyId === null) {
    return (
      <Page title="Survey niet gevonden">
        <p>{UNKNOWN_SURVEY_MESSAGE}</p>
        <p>
          <Link href="/surveys">Naar alle surveys</Link>
        </p>
      </Page>
    );
  }
  return <SurveyResults key={surveyId} surveyId={surveyId} />;
}

function SurveyResults({ surveyId }: { surveyId: number }) {
  const [filter, setFilter] = useDateFilter();
  const page = useSurveyResults(surveyId, filter);
  const query = dateFilterSearch(filter);
  const allowed = useCan();
  const [, navigate] = useLocation();
  const clock = useClock();

  if (!page.value) {
    return (
      <Page title="Resultaten">
        <p>
          <Link href="/surveys">Terug naar surveys</Link>
        </p>
        {page.error ? <LoadFailed message={page.error} onRetry={page.reload} /> : <Loading spinner />}
      </Page>
    );
  }
  const { survey, view } = page.value;
  const status = effectiveStatus(survey.status, survey.close_at, new Date(clock.now()));

  return (
    <Page title={survey.title || 'Naamloze survey'} width="wide">
      <p>
        <Link href="/surveys">Terug naar surveys</Link>
      </p>
      <div className="results-header">
        <p className="results-status">
          <StatusBadge status={status} />
          <span className="results-estimate">{formatEstimate(survey.estimated_seconds)}</span>
        </p>
        <nav className="results-actions" aria-label="Acties voor deze survey">
          {allowed('surveys.build') ? (
            <Link href={`/survey/${surveyId}/edit`} className="button button-secondary">
              Bewerken
            </Link>
          ) : null}
          <Link href={`/survey/${surveyId}/preview`} className="button button-secondary">
            Voorbeeld
          </Link>
          <Link href={`/survey/${surveyId}/email-preview`} className="button button-secondary">
            E-mailvoorbeeld
          </Link>
          {allowed('contacts.manage') ? (
            <Link href={`/survey/${surveyId}/uitnodigen`} className="button button-secondary">
              Uitnodigen
            </Link>
          ) : null}
        </nav>
        <div className="results-actions">
          <SurveyDataButtons
            survey={survey}
            canDuplicate={allowed('surveys.build')}
            canDelete={allowed('surveys.manage')}
            onDeleted={() => navigate('/surveys', { replace: true })}
          />
        </div>
        {allowed('results.export') ? <ExportButtons surveyId={surveyId} filter={filter} /> : null}
        {allowed('results.export') ? <ResultsPdfButton page={page.value} filter={filter} /> : null}
      </div>

      <SharingPanel surveyId={surveyId} status={status} />

      <DateFilterForm filter={filter} onChange={setFilter} label="Resultaten filteren op datum" />
      <ResultsFilterBar survey={survey} filter={filter} onChange={setFilter} />
      {page.error ? <LoadFailed message={page.error} onRetry={page.reload} /> : null}
      {page.loading ? <Loading text="Resultaten worden bijgewerkt..." /> : null}

      <section className="panel" aria-labelledby="summary-heading">
        <h2 id="summary-heading">Samenvatting</h2>
        <dl className="stats">
          <div className="stat">
            <dt>Ingevulde reacties</dt>
            <dd data-testid="results-completed">{view.summary.completedText}</dd>
          </div>
          <div className="stat">
            <dt>Responspercentage</dt>
            <dd>{view.summary.responseRateText}</dd>
          </div>
          <div className="stat">
            <dt>Voltooid</dt>
            <dd>{view.summary.completionRateText}</dd>
          </div>
          <div className="stat">
            <dt>Nog bezig</dt>
            <dd>{view.summary.inProgressText}</dd>
          </div>
          <div className="stat">
            <dt>Laatste reactie</dt>
            <dd>{view.summary.lastResponseText}</dd>
          </div>
        </dl>
        <p className="chart-note">
          Responspercentage: ingevulde persoonlijke links van de {view.summary.invitedText} gemaakte.
          Voltooid: ingevulde van alle begonnen reacties.
        </p>
        <FillSummary lines={page.value.fill ?? []} />
      </section>

      <section className="panel" aria-labelledby="over-time-heading">
        <h2 id="over-time-heading">Reacties in de tijd</h2>
        <ColumnChart
          chart={view.overTime}
          caption={`Ingevulde reacties, ${view.bucketLabel.toLowerCase()}`}
          valueLabel="Reacties"
          unit={['reactie', 'reacties']}
        />
      </section>

      <section className="panel" aria-labelledby="questions-heading">
        <h2 id="questions-heading">Resultaten per vraag</h2>
        {view.questions.length === 0 ? (
          <p>Deze survey heeft nog geen vragen.</p>
        ) : (
          view.questions.map((question, index) => (
            <QuestionResultBlock
              key={question.questionId}
              view={question}
              number={index + 1}
              detailHref={`/survey/${surveyId}/question/${encodeURIComponent(question.questionId)}${query}`}
            >
              {question.kind === 'texts' ? (
                <OpenAnswerSummary
                  surveyId={surveyId}
                  questionId={question.questionId}
                  filter={filter}
                  headingLevel={4}
                />
              ) : null}
            </QuestionResultBlock>
          ))
        )}
      </section>

      <RoundComparisonPanel survey={survey} />

      <CrosstabPanel survey={survey} filter={filter} canExport={allowed('results.export')} />

      <ResultsLinksPanel
        survey={survey}
        completed={view.summary.completed}
        canShare={allowed('results.export')}
      />

      {allowed('surveys.build') ? null : (
        // Who cannot open the editor (Lezer) chooses their own e-mail alerts here (R-ALERT-1).
        <AlertSection
          surveyId={surveyId}
          questions={survey.questions}
          hiddenFields={survey.logic.hidden_fields}
          canBuild={false}
        />
      )}

      <RespondentsPanel
        surveyId={surveyId}
        canManage={allowed('surveys.manage')}
        findsContacts={allowed('contacts.manage') && !survey.anonymous}
        onErased={page.reload}
      />

      <section className="panel" aria-labelledby="retention-heading">
        <h2 id="retention-heading">Bewaartermijn</h2>
        <RetentionSettings
          key={`${survey.retention_until}|${survey.retention_months}`}
          surveyId={surveyId}
          retention={survey}
          canManage={allowed('surveys.manage')}
        />
      </section>

      <section className="panel" aria-labelledby="anonymity-heading">
        <h2 id="anonymity-heading">Anonimiteit</h2>
        <AnonymitySetting
          key={String(survey.anonymous)}
          surveyId={surveyId}
          anonymous={survey.anonymous}
          canManage={allowed('surveys.manage')}
        />
      </section>
    </Page>
  );
}
