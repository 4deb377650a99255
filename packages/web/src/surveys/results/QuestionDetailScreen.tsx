import './results.css';
import type { Question, Survey } from '@loop/core';
import { dateFilterSearch, findQuestion, questionDetailView } from '@loop/core/surveys/results';
import { useId, useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { LoadFailed, Loading } from '../../routing/Loading';
import { Page } from '../../shell/Page';
import { Pager } from '../../shell/Pager';
import { ColumnChart } from './ColumnChart';
import { DateFilterForm } from './DateFilterForm';
import { OpenAnswerSummary } from './OpenAnswerSummary';
import { QuestionChart, SeenLine } from './QuestionResultBlock';
import { ResultsFilterBar } from './ResultsFilterBar';
import { UNKNOWN_SURVEY_MESSAGE } from './SurveyResultsScreen';
import { TrendChart } from './TrendChart';
import {
  parseSurveyId,
  SEARCH_DEBOUNCE_MS,
  useDateFilter,
  useDebouncedValue,
  useQuestionDetail,
  useSurveyForResults,
} from './useResults';

export const UNKNOWN_QUESTION_MESSAGE = 'Deze vraag bestaat niet (meer) in deze survey.';

/** /survey/:surveyId/question/:questionId: one question in depth. */
export function QuestionDetailScreen() {
  const params = useParams<{ surveyId: string; questionId: string }>();
  const surveyId = parseSurveyId(params.surveyId);
  const questionId = params.questionId ? safeDecode(params.questionId) : '';
  if (surveyId === null) {
    return (
      <Page title="Vraag niet gevonden">
        <p>
          <Link href="/surveys">Naar alle surveys</Link>
        </p>
        <p>{UNKNOWN_SURVEY_MESSAGE}</p>
      </Page>
    );
  }
  return (
    <QuestionDetailLoader key={`${surveyId}:${questionId}`} surveyId={surveyId} questionId={questionId} />
  );
}

/** Loads the survey for the question's texts, labels and options once; the answers page separately. */
function QuestionDetailLoader({ surveyId, questionId }: { surveyId: number; questionId: string }) {
  const survey = useSurveyForResults(surveyId);
  const [filter] = useDateFilter();
  const back = `/survey/${surveyId}${dateFilterSearch(filter)}`;
  if (survey.value === null) {
    return (
      <Page title="Vraag">
        <p>
          <Link href={back}>Terug naar de resultaten</Link>
        </p>
        {survey.error ? <LoadFailed message={survey.error} onRetry={survey.reload} /> : <Loading spinner />}
      </Page>
    );
  }
  const question = findQuestion(survey.value, questionId);
  if (!question) {
    return (
      <Page title="Vraag niet gevonden">
        <p>
          <Link href={back}>Terug naar de resultaten</Link>
        </p>
        <p>{UNKNOWN_QUESTION_MESSAGE}</p>
      </Page>
    );
  }
  return <QuestionDetail survey={survey.value} question={question} back={back} />;
}

/** A path segment as the id it encodes; a malformed escape stays as it is (and matches no question). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function QuestionDetail({ survey, question, back }: { survey: Survey; question: Question; back: string }) {
  const id = useId();
  const [filter, setFilter] = useDateFilter();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // A page belongs to one search and period: another one starts at page 1 in the same render.
  const pageKey = `${q}|${filter.from}|${filter.to}|${filter.conditions ?? ''}`;
  const [paging, setPaging] = useState({ key: pageKey, page: 1 });
  const page = paging.key === pageKey ? paging.page : 1;
  const detail = useQuestionDetail(survey.id, question.id, filter, { q, page });
  const view = useMemo(
    () => (detail.value ? questionDetailView(question, detail.value, survey.logic) : null),
    [question, detail.value, survey.logic],
  );

  return (
    <Page title={question.title} width="wide">
      <p>
        <Link href={back}>Terug naar de resultaten van {survey.title}</Link>
      </p>
      <DateFilterForm filter={filter} onChange={setFilter} label="Antwoorden filteren op datum" />
      <ResultsFilterBar survey={survey} filter={filter} onChange={setFilter} />
      {detail.error ? <LoadFailed message={detail.error} onRetry={detail.reload} /> : null}
      {view === null ? (
        detail.error ? null : (
          <Loading spinner />
        )
      ) : (
        <>
          <section
            className="panel question-result"
            data-question-id={question.id}
            aria-labelledby={`${id}-dist`}
          >
            <h2 id={`${id}-dist`}>Verdeling</h2>
            <p className="question-meta">
              {view.result.typeLabel} ·{' '}
              <span data-testid="question-answered">{view.result.answeredText}</span>
            </p>
            <SeenLine view={view.result} />
            {view.result.answered === 0 && view.result.kind !== 'texts' ? (
              <p className="chart-empty">Nog geen antwoorden in deze periode.</p>
            ) : view.result.kind === 'texts' ? (
              <>
                <p>Alle antwoorden staan hieronder.</p>
                <OpenAnswerSummary
                  surveyId={survey.id}
                  questionId={question.id}
                  filter={filter}
                  headingLevel={3}
                  upgradeHint
                />
              </>
            ) : (
              <QuestionChart view={view.result} />
            )}
          </section>

          <section className="panel" aria-labelledby={`${id}-trend`}>
            <h2 id={`${id}-trend`}>Verloop in de tijd</h2>
            {view.trend.kind === 'score' ? (
              <TrendChart
                chart={view.trend.chart}
                caption={`${view.trend.caption}, ${view.bucketLabel.toLowerCase()}`}
                scoreLabel={question.type === 'nps' ? 'NPS' : 'Gemiddelde'}
              />
            ) : (
              <ColumnChart
                chart={view.trend.chart}
                caption={`${view.trend.caption}, ${view.bucketLabel.toLowerCase()}`}
                valueLabel="Antwoorden"
                unit={['antwoord', 'antwoorden']}
              />
            )}
          </section>

          <section className="panel" aria-labelledby={`${id}-answers`}>
            <h2 id={`${id}-answers`}>Alle antwoorden</h2>
            <search className="answers-search" aria-label="Antwoorden doorzoeken">
              <div className="field">
                <label htmlFor={`${id}-q`}>Zoek in de antwoorden</label>
                <input
                  id={`${id}-q`}
                  type="search"
                  autoComplete="off"
                  maxLength={200}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </div>
            </search>
            <p className="result-count" aria-live="polite" data-testid="answers-count">
              {detail.loading ? '' : view.answers.totalText}
            </p>
            {view.answers.rows.length === 0 ? (
              <p className="chart-empty">{q.trim() ? 'Geen antwoorden gevonden.' : 'Nog geen antwoorden.'}</p>
            ) : (
              <ol className="answer-rows" aria-label="Antwoorden, nieuwste eerst">
                {view.answers.rows.map((row) => (
                  <li key={row.key} className="answer-row" data-response-id={row.responseId}>
                    <p className="answer-row-text">{row.text}</p>
                    <p className="answer-meta">{row.dateText}</p>
                  </li>
                ))}
              </ol>
            )}
            {view.answers.pages > 1 ? (
              <Pager
                label="Pagina's met antwoorden"
                page={view.answers.page}
                pages={view.answers.pages}
                busy={detail.loading}
                onPage={(next) => setPaging({ key: pageKey, page: next })}
              />
            ) : null}
          </section>
        </>
      )}
    </Page>
  );
}
