import '../surveys/results/results.css';
import { dateFilterSearch, STATEMENTS_EMPTY_TEXT, type StatementRow } from '@loop/core/surveys/results';
import { Link } from 'wouter';
import { LoadFailed, Loading } from '../routing/Loading';
import { Page } from '../shell/Page';
import { TableScroll } from '../shell/TableScroll';
import { ColumnChart } from '../surveys/results/ColumnChart';
import { DateFilterForm } from '../surveys/results/DateFilterForm';
import { StatusBadge } from '../surveys/results/StatusBadge';
import { TrendChart } from '../surveys/results/TrendChart';
import { useAnalytics, useDateFilter } from '../surveys/results/useResults';

/** /analytics (plan feature `analytics`): responses, NPS and Likert trends across all surveys. */
export function AnalyticsScreen() {
  const [filter, setFilter] = useDateFilter();
  const analytics = useAnalytics(filter);
  const view = analytics.value;
  const query = dateFilterSearch(filter);

  return (
    <Page title="Analyse" lead="Alle surveys van je organisatie samen." width="wide">
      <p>
        <Link href="/dashboard">Terug naar dashboard</Link>
      </p>
      <DateFilterForm filter={filter} onChange={setFilter} label="Analyse filteren op datum" />
      {analytics.error ? <LoadFailed message={analytics.error} onRetry={analytics.reload} /> : null}
      {view === null ? (
        analytics.error ? null : (
          <Loading spinner />
        )
      ) : (
        <>
          <section className="panel" aria-labelledby="totals-heading">
            <h2 id="totals-heading">Totalen</h2>
            <dl className="stats">
              {view.totals.map((total) => (
                <div key={total.key} className="stat">
                  <dt>{total.label}</dt>
                  <dd data-testid={`analytics-${total.key}`}>{total.value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section className="panel" aria-labelledby="responses-heading">
            <h2 id="responses-heading">Reacties in de tijd</h2>
            <ColumnChart
              chart={view.overTime}
              caption={`Ingevulde reacties op alle surveys, ${view.bucketLabel.toLowerCase()}`}
              valueLabel="Reacties"
              unit={['reactie', 'reacties']}
            />
          </section>

          <section className="panel" aria-labelledby="nps-trend-heading">
            <h2 id="nps-trend-heading">NPS-trend</h2>
            <TrendChart
              chart={view.npsTrend}
              caption={`NPS over alle NPS-vragen (-100 tot +100), ${view.bucketLabel.toLowerCase()}`}
              scoreLabel="NPS"
            />
          </section>

          <section className="panel" aria-labelledby="likert-trend-heading">
            <h2 id="likert-trend-heading">Likert-trend</h2>
            <TrendChart
              chart={view.likertTrend}
              caption={`Gemiddelde score van alle stellingen op een schaal van 0 tot 100, ${view.bucketLabel.toLowerCase()}`}
              scoreLabel="Score"
            />
            <p className="chart-note">
              0 is iedereen het helemaal oneens, 100 iedereen het helemaal eens; zo zijn schalen van 5 en 7
              punten te vergelijken.
            </p>
          </section>

          <section className="panel" aria-labelledby="rates-heading">
            <h2 id="rates-heading">Reactiepercentage per survey</h2>
            {view.surveys.length === 0 ? (
              <p className="chart-empty">Nog geen open surveys of reacties.</p>
            ) : (
              <TableScroll
                label="Tabel met reactiepercentage per survey"
                columns={[
                  'Survey',
                  'Status',
                  'Reacties',
                  'Persoonlijke links',
                  'Reactiepercentage',
                  'Laatste reactie',
                ]}
              >
                {view.surveys.map((survey) => (
                  <tr key={survey.surveyId}>
                    <td>
                      <Link href={`/survey/${survey.surveyId}${query}`}>{survey.title}</Link>
                    </td>
                    <td>
                      <StatusBadge status={survey.status} />
                    </td>
                    <td className="number">{survey.completedText}</td>
                    <td className="number">{survey.invitedText}</td>
                    <td>
                      <span className="rate-cell">
                        <span className="rate-track" aria-hidden="true">
                          <span className="rate-fill" style={{ width: `${survey.rateWidth}%` }} />
                        </span>
                        {survey.rateText}
                      </span>
                    </td>
                    <td>{survey.lastResponseText}</td>
                  </tr>
                ))}
              </TableScroll>
            )}
          </section>

          <div className="statement-panels">
            <StatementTable id="best" title="Best scorende stellingen" rows={view.best} query={query} />
            <StatementTable id="worst" title="Laagst scorende stellingen" rows={view.worst} query={query} />
          </div>
        </>
      )}
    </Page>
  );
}

function StatementTable({
  id,
  title,
  rows,
  query,
}: {
  id: string;
  title: string;
  rows: readonly StatementRow[];
  query: string;
}) {
  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {rows.length === 0 ? (
        <p className="chart-empty">{STATEMENTS_EMPTY_TEXT}</p>
      ) : (
        <TableScroll label={title} columns={['Stelling', 'Score (0–100)', 'Gemiddelde', 'Antwoorden']}>
          {rows.map((row) => (
            <tr key={row.key}>
              <td>
                <Link href={`/survey/${row.surveyId}/question/${encodeURIComponent(row.questionId)}${query}`}>
                  {row.text}
                </Link>
                <span className="statement-survey">{row.surveyTitle}</span>
              </td>
              <td className="number">
                <strong>{row.scoreText}</strong>
              </td>
              <td>{row.meanText}</td>
              <td>{row.answeredText}</td>
            </tr>
          ))}
        </TableScroll>
      )}
    </section>
  );
}
