import './kpis.css';
import type { SurveySummary } from '@loop/core';
import { formatCount, formatDayTime } from '@loop/core/format';
import { effectiveStatus } from '@loop/core/surveys/model';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useClock } from '../app/useServices';
import { useCan } from '../organisation/useCan';
import { LoadFailed, Loading } from '../routing/Loading';
import { KpiCards } from './KpiBoard';
import { useDashboardSurveys, useKpiBoard } from './useKpis';

// The dialogs load when first opened: the form, the value entry and the board choice (with dnd-kit).
const KpiFormDialog = lazy(() => import('./KpiFormDialog').then((m) => ({ default: m.KpiFormDialog })));
const KpiValueDialog = lazy(() => import('./KpiValueDialog').then((m) => ({ default: m.KpiValueDialog })));
const BoardChoiceDialog = lazy(() =>
  import('./BoardChoiceDialog').then((m) => ({ default: m.BoardChoiceDialog })),
);

type OpenDialog = 'kpi' | 'value' | 'board' | null;

/**
 * The organisation's board on /dashboard: quick actions, the KPI cards (one request), the open
 * surveys with their responses, and for a new organisation (no KPIs, no surveys) a start.
 */
export function DashboardBoard() {
  const allowed = useCan();
  const board = useKpiBoard();
  const open = useDashboardSurveys('open');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Where focus goes when a dialog closes after the button that opened it is gone (empty state).
  const heading = useRef<HTMLHeadingElement>(null);
  const manage = allowed('kpis.manage');
  const close = () => setDialog(null);

  const cards = board.value?.cards ?? [];
  const noKpis = board.value !== null && cards.length === 0 && !board.value.personal;
  const noOpenSurveys = open.value !== null && open.value.total === 0;

  return (
    <>
      <section className="dashboard-actions" aria-labelledby="actions-heading">
        <h2 id="actions-heading" ref={heading} tabIndex={-1}>
          Snel aan de slag
        </h2>
        <div className="actions">
          {allowed('surveys.build') ? (
            <Link href="/new-survey" className="button">
              Nieuwe survey
            </Link>
          ) : null}
          {manage ? (
            <button type="button" className="button" onClick={() => setDialog('kpi')}>
              KPI toevoegen
            </button>
          ) : null}
          {manage ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={board.value === null}
              onClick={() => setDialog('value')}
            >
              Waarde invoeren
            </button>
          ) : null}
        </div>
      </section>

      {noKpis && noOpenSurveys ? (
        <StartOrBoard onAddKpi={manage ? () => setDialog('kpi') : null} canBuild={allowed('surveys.build')} />
      ) : null}

      <section className="kpi-board" aria-labelledby="kpi-heading">
        <div className="section-heading">
          <h2 id="kpi-heading">KPI's</h2>
          {board.value !== null && !noKpis ? (
            <button type="button" className="button button-secondary" onClick={() => setDialog('board')}>
              Bord aanpassen
            </button>
          ) : null}
        </div>
        {board.error ? <LoadFailed message={board.error} onRetry={board.reload} /> : null}
        {board.value === null ? (
          board.error ? null : (
            <Loading text="KPI's laden…" />
          )
        ) : cards.length > 0 ? (
          <KpiCards cards={cards} />
        ) : noKpis ? (
          <p className="empty-state">
            Nog geen KPI's. Met een KPI volg je per week, maand, kwartaal of jaar een getal tegen een doel:
            een NPS uit een survey, je omzet of iets dat je zelf invoert.
          </p>
        ) : (
          <p className="empty-state">Je bord is leeg. Kies met 'Bord aanpassen' welke KPI's je wilt zien.</p>
        )}
      </section>

      <section className="open-surveys" aria-labelledby="open-surveys-heading">
        <h2 id="open-surveys-heading">Open surveys</h2>
        {open.error ? <LoadFailed message={open.error} onRetry={open.reload} /> : null}
        {open.value === null ? (
          open.error ? null : (
            <Loading text="Surveys laden…" />
          )
        ) : (
          <OpenSurveys surveys={open.value.items} total={open.value.total} />
        )}
      </section>

      <Suspense fallback={null}>
        {dialog === 'kpi' ? <KpiFormDialog onClose={close} returnFocus={heading} /> : null}
        {dialog === 'value' && board.value ? (
          <KpiValueDialog today={board.value.today} onClose={close} />
        ) : null}
        {dialog === 'board' ? <BoardChoiceDialog canManage={manage} onClose={close} /> : null}
      </Suspense>
    </>
  );
}

/** The open surveys with their responses and latest response, each linking to its results. */
function OpenSurveys({ surveys, total }: { surveys: readonly SurveySummary[]; total: number }) {
  const clock = useClock();
  const now = new Date(clock.now());
  const shown = surveys.filter((s) => effectiveStatus(s.status, s.close_at, now) === 'open');
  if (shown.length === 0)
    return (
      <p>
        Er staan geen surveys open. <Link href="/surveys">Naar alle surveys</Link>
      </p>
    );
  return (
    <>
      <ul className="open-survey-list">
        {shown.map((survey) => (
          <li key={survey.id} className="open-survey">
            <Link href={`/survey/${survey.id}`} className="open-survey-title">
              {survey.title || 'Naamloze survey'}
            </Link>
            <span>
              {survey.response_count === 1 ? '1 reactie' : `${formatCount(survey.response_count)} reacties`}
            </span>
            <span>
              {survey.last_response_at === null
                ? 'Nog geen reacties'
                : `Laatste reactie: ${formatDayTime(survey.last_response_at)}`}
            </span>
          </li>
        ))}
      </ul>
      <p>
        <Link href="/surveys">
          {total > shown.length ? `Alle surveys (${formatCount(total)} open)` : 'Alle surveys'}
        </Link>
      </p>
    </>
  );
}

/**
 * No KPIs and no open surveys: when the organisation has no survey at all either, a short start
 * with the first survey and the first KPI.
 */
function StartOrBoard({ onAddKpi, canBuild }: { onAddKpi: (() => void) | null; canBuild: boolean }) {
  const all = useDashboardSurveys('');
  if (all.value === null || all.value.total > 0) return null;
  return (
    <section className="empty-state dashboard-start" aria-labelledby="start-heading">
      <h2 id="start-heading">Welkom bij Loop</h2>
      <p>
        Stel met een survey vragen aan klanten of collega's, en volg met KPI's wat ertoe doet: je NPS, je
        omzet of een getal dat je zelf bijhoudt. Alles komt samen op dit dashboard.
      </p>
      <div className="actions">
        {canBuild ? (
          <Link href="/new-survey" className="button">
            Maak je eerste survey
          </Link>
        ) : null}
        {onAddKpi ? (
          <button type="button" className="button button-secondary" onClick={onAddKpi}>
            Voeg je eerste KPI toe
          </button>
        ) : null}
      </div>
    </section>
  );
}
