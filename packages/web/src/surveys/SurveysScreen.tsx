import './results/results.css';
import { pageCount, type SurveyStatus } from '@loop/core';
import { formatCount, formatRate } from '@loop/core/format';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { effectiveStatus, formatEstimate } from '@loop/core/surveys/model';
import { formatResultDate, SURVEY_STATUS_LABELS } from '@loop/core/surveys/results';
import { useRef } from 'react';
import { Link } from 'wouter';
import { useClock } from '../app/useServices';
import { useCan } from '../organisation/useCan';
import { LoadFailed, Loading } from '../routing/Loading';
import { Page } from '../shell/Page';
import { Pager } from '../shell/Pager';
import { TableScroll } from '../shell/TableScroll';
import { ListFilters, useListFilter } from './ListFilters';
import { StatusBadge } from './results/StatusBadge';
import { SURVEYS_PAGE_SIZE, useSurveyList } from './results/useResults';
import { SurveyDataButtons } from './SurveyDataButtons';

const STATUSES: readonly SurveyStatus[] = ['draft', 'open', 'closed'];

const COLUMNS = ['Titel', 'Status', 'Reacties', 'Reactiepercentage', 'Laatste reactie', 'Duur', 'Acties'];

/** /surveys: every survey of the organisation with its responses, searchable and filtered by status. */
export function SurveysScreen() {
  const filters = useListFilter<SurveyStatus>();
  const { page, filtered } = filters;
  const list = useSurveyList({ page, ...filters.filter });
  const allowed = useCan();
  // After a deletion the row and its buttons are gone: focus goes back to the search field.
  const searchField = useRef<HTMLInputElement>(null);
  const now = new Date(useClock().now());

  const total = list.value?.total ?? 0;
  const pages = pageCount(total, SURVEYS_PAGE_SIZE);

  return (
    <Page title="Surveys" width="full">
      <div className="surveys-toolbar">
        <p>
          <Link href="/dashboard">Terug naar dashboard</Link>
        </p>
        {allowed('surveys.build') ? (
          <Link href="/new-survey" className="button">
            Nieuwe survey
          </Link>
        ) : (
          <p className="field-hint">{PERMISSION_DENIED['surveys.build']}</p>
        )}
      </div>
      <ListFilters
        state={filters}
        id="surveys"
        label="Surveys zoeken en filteren"
        searchLabel="Zoeken"
        placeholder="Zoek op titel"
        maxLength={200}
        statuses={STATUSES}
        statusLabels={SURVEY_STATUS_LABELS}
        searchRef={searchField}
        clearable
      />
      <p className="result-count" aria-live="polite" data-testid="surveys-count">
        {list.value === null || list.loading
          ? ''
          : total === 1
            ? '1 survey'
            : `${formatCount(total)} surveys`}
      </p>
      {list.error ? <LoadFailed message={list.error} onRetry={list.reload} /> : null}
      {list.value === null ? (
        list.error ? null : (
          <Loading spinner />
        )
      ) : list.value.items.length === 0 ? (
        filtered ? (
          <p className="empty-state">Geen surveys gevonden met deze zoekterm of status.</p>
        ) : (
          <div className="empty-state">
            <h2>Nog geen surveys</h2>
            <p>
              Begin met een leeg formulier of een sjabloon, zoals medewerkerstevredenheid of een NPS-meting.
            </p>
            {allowed('surveys.build') ? (
              <p>
                <Link href="/new-survey" className="button">
                  Maak je eerste survey
                </Link>
              </p>
            ) : null}
          </div>
        )
      ) : (
        <>
          <TableScroll label="Tabel met surveys" columns={COLUMNS} cards>
            {list.value.items.map((survey) => (
              <tr key={survey.id} data-survey-id={survey.id}>
                <td>
                  <Link href={`/survey/${survey.id}`} className="survey-title-link">
                    {survey.title || 'Naamloze survey'}
                  </Link>
                </td>
                <td>
                  <StatusBadge status={effectiveStatus(survey.status, survey.close_at, now)} />
                </td>
                <td className="number">{formatCount(survey.response_count)}</td>
                <td className="number">{formatRate(survey.response_rate)}</td>
                <td>{formatResultDate(survey.last_response_at)}</td>
                <td>{formatEstimate(survey.estimated_seconds)}</td>
                <td>
                  <div className="row-actions">
                    {allowed('surveys.build') ? (
                      <Link
                        href={`/survey/${survey.id}/edit`}
                        aria-label={`${survey.title || 'Naamloze survey'} bewerken`}
                      >
                        Bewerken
                      </Link>
                    ) : null}
                    <SurveyDataButtons
                      survey={survey}
                      inList
                      canDuplicate={allowed('surveys.build')}
                      canDelete={allowed('surveys.manage')}
                      onDeleted={() =>
                        // The last row of a later page: show the page before it.
                        list.value?.items.length === 1 && page > 1 ? filters.setPage(page - 1) : list.reload()
                      }
                      returnFocus={searchField}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </TableScroll>
          {pages > 1 ? (
            <Pager
              label="Pagina's met surveys"
              page={page}
              pages={pages}
              busy={list.loading}
              onPage={filters.setPage}
            />
          ) : null}
        </>
      )}
    </Page>
  );
}
