import { DELIVERY_STATUSES, type DeliveryStatus, pageCount } from '@loop/core';
import { DELIVERY_STATUS_LABELS, invitationRow, sendingState, statusSummary } from '@loop/core/invitations';
import { useEffect, useId, useState } from 'react';
import { useAsyncInjection, useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { LoadFailed, Loading } from '../routing/Loading';
import { useQuery } from '../shared/useQuery';
import { Pager } from '../shell/Pager';
import { TableScroll } from '../shell/TableScroll';
import { ReminderSettingsForm } from './ReminderSettingsForm';

const PAGE_SIZE = 50;
const COLUMNS = ['Naam', 'E-mail', 'Status', 'Wanneer', 'Herinneringen'] as const;

/**
 * Per contact: where their invitation stands, with the mail server's reason when it failed. While
 * invitations are being sent the list asks again every few seconds, so 'Gepland' turns 'Verstuurd'
 * once each mail is written or handed to the mail server, without a reload.
 */
export function InvitationStatusSection({ surveyId }: { surveyId: number }) {
  const id = useId();
  const invitations = useAsyncInjection(TOKENS.SurveyInvitationUseCases);
  const timer = useInjection(TOKENS.Timer);
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [page, setPage] = useState(1);
  const list = useQuery(`invitations:${surveyId}:${status}:${page}`, () =>
    invitations.list(surveyId, { ...(status === '' ? {} : { status }), page, page_size: PAGE_SIZE }),
  );
  const value = list.value;
  const summary = value ? statusSummary(value) : [];
  const sending = value ? sendingState(value) : null;
  const { reload } = list;
  useEffect(() => {
    // Each answer schedules the next ask; a new answer or leaving the screen cancels the old one.
    const wait = value === null ? null : (sendingState(value)?.refreshInMs ?? null);
    return wait === null ? undefined : timer.after(wait, reload);
  }, [value, reload, timer]);

  return (
    <>
      <section className="invite-status" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Status per contact</h2>
        {list.error ? <LoadFailed message={list.error} onRetry={list.reload} /> : null}
        {value === null ? (
          list.error ? null : (
            <Loading text="Uitnodigingen laden…" />
          )
        ) : value.total === 0 && status === '' ? (
          <p>Voor deze survey zijn nog geen uitnodigingen verstuurd.</p>
        ) : (
          <>
            <p className="muted" role="status">
              {sending?.text ?? ''}
            </p>
            <ul className="invite-counts" aria-label="Aantallen per status">
              {summary.map((line) => (
                <li key={line.status}>
                  <span className={`status-badge status-${line.status}`}>{line.label}</span> {line.count}
                </li>
              ))}
            </ul>
            <div className="field field-narrow">
              <label htmlFor={`${id}-filter`}>Toon</label>
              <select
                id={`${id}-filter`}
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value as DeliveryStatus | '');
                  setPage(1);
                }}
              >
                <option value="">Alle statussen</option>
                {DELIVERY_STATUSES.map((option) => (
                  <option key={option} value={option}>
                    {DELIVERY_STATUS_LABELS[option]}
                  </option>
                ))}
              </select>
            </div>
            <TableScroll label="Uitnodigingen" columns={COLUMNS} cards>
              {value.items.map(invitationRow).map((row) => (
                <tr key={row.id}>
                  <td>{row.name}</td>
                  <td>{row.email}</td>
                  <td>
                    <span className={`status-badge status-${row.status}`}>{row.statusLabel}</span>
                    {row.failure ? <div className="muted">{row.failure}</div> : null}
                  </td>
                  <td>{row.moment}</td>
                  <td>{row.reminders}</td>
                </tr>
              ))}
            </TableScroll>
            <Pager
              label="Pagina's van de uitnodigingen"
              page={page}
              pages={pageCount(value.total, PAGE_SIZE)}
              busy={list.loading}
              onPage={setPage}
            />
          </>
        )}
      </section>
      {value ? (
        <ReminderSettingsForm surveyId={surveyId} settings={value.reminders} onSaved={list.reload} />
      ) : null}
    </>
  );
}
