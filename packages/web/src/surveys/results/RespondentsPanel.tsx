import {
  pageCount,
  type ResponseExportFormat,
  type ResponseListItem,
  type ResponseProgress,
} from '@loop/core';
import { formatCount } from '@loop/core/format';
import {
  eraseResponseText,
  eraseResponseTitle,
  RESPONSE_KIND_LABELS,
  RESPONSE_PROGRESS_LABELS,
  RESPONSE_PROGRESSES,
  responseName,
  SURVEY_DATA_MESSAGES,
} from '@loop/core/surveys/data';
import { formatResultDateTime } from '@loop/core/surveys/results';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useNotices } from '../../app/useServices';
import { LoadFailed, Loading } from '../../routing/Loading';
import { useInvalidate, useQuery } from '../../shared/useQuery';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { Pager } from '../../shell/Pager';
import { TableScroll } from '../../shell/TableScroll';
import { ListFilters, useListFilter } from '../ListFilters';

/** Responses per page of the list of respondents. */
export const RESPONSES_PAGE_SIZE = 20;

const COLUMNS = ['Respondent', 'Soort link', 'Status', 'Laatste activiteit', 'Acties'];

const lastActivity = (item: ResponseListItem) =>
  formatResultDateTime(item.completed_at ?? item.saved_at ?? item.started_at);

const statusText = (item: ResponseListItem) =>
  `${RESPONSE_PROGRESS_LABELS[item.status]}${item.anonymised ? ' (geanonimiseerd)' : ''}`;

/**
 * 'Antwoorden per respondent' on a survey's results page: the responses one by one, found by the
 * label of their personal link (often the name the sender typed) or, where the role sees contacts and
 * the survey is not anonymous, by the invited contact's name or address; one response's answers; its
 * export as JSON or CSV and erasing it, for roles with `surveys.manage`.
 */
export function RespondentsPanel({
  surveyId,
  canManage,
  findsContacts,
  onErased,
}: {
  surveyId: number;
  canManage: boolean;
  /** The search also finds who was invited (the server's rule: a role that sees contacts, a survey not anonymous). */
  findsContacts: boolean;
  /** After a response is erased: the page's counts change. */
  onErased: () => void;
}) {
  const data = useAsyncInjection(TOKENS.SurveyDataUseCases);
  const filters = useListFilter<ResponseProgress>();
  const { page, filtered } = filters;
  const invalidate = useInvalidate();
  const list = useQuery(`respondents:${surveyId}:${page}:${filters.key}`, () =>
    data.listResponses(surveyId, { page, pageSize: RESPONSES_PAGE_SIZE, ...filters.filter }),
  );
  const [open, setOpen] = useState<ResponseListItem | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const total = list.value?.total ?? 0;
  const pages = pageCount(total, RESPONSES_PAGE_SIZE);

  const close = () => {
    setOpen(null);
    opener.current?.focus();
  };

  const erased = () => {
    setOpen(null);
    invalidate(`respondents:${surveyId}:`);
    onErased();
  };

  return (
    <section className="panel respondents" aria-labelledby="respondents-heading">
      <h2 id="respondents-heading" ref={heading} tabIndex={-1}>
        Antwoorden per respondent
      </h2>
      <p>
        {findsContacts
          ? 'Zoek een respondent op de naam of het e-mailadres van het uitgenodigde contact, of op het label van de persoonlijke link.'
          : 'Zoek een respondent op het label van de persoonlijke link, bijvoorbeeld de naam die je bij het maken van de link invulde.'}{' '}
        Bekijk de antwoorden, download ze bij een verzoek om inzage of wis ze op verzoek van de respondent.
      </p>
      <ListFilters
        state={filters}
        id="respondents"
        label="Respondenten zoeken en filteren"
        searchLabel={findsContacts ? 'Zoek op naam, e-mailadres of label' : 'Zoek op label'}
        placeholder={findsContacts ? 'Bijv. Jansen of jan@voorbeeld.nl' : undefined}
        maxLength={100}
        statuses={RESPONSE_PROGRESSES}
        statusLabels={RESPONSE_PROGRESS_LABELS}
      />
      <p className="result-count" aria-live="polite" data-testid="respondents-count">
        {list.value === null || list.loading
          ? ''
          : total === 1
            ? '1 reactie'
            : `${formatCount(total)} reacties`}
      </p>
      {list.error ? <LoadFailed message={list.error} onRetry={list.reload} /> : null}
      {list.value === null ? (
        list.error ? null : (
          <Loading />
        )
      ) : list.value.items.length === 0 ? (
        <p className="empty-state">
          {filtered
            ? findsContacts
              ? 'Geen reacties gevonden met deze naam, dit e-mailadres, dit label of deze status.'
              : 'Geen reacties gevonden met dit label of deze status.'
            : 'Nog geen reacties.'}
        </p>
      ) : (
        <>
          <TableScroll label="Tabel met reacties" columns={COLUMNS} cards>
            {list.value.items.map((item) => (
              <tr key={item.id} data-response-id={item.id}>
                <td>
                  {responseName(item)}
                  {item.contact_email ? <span className="respondent-email">{item.contact_email}</span> : null}
                </td>
                <td>{RESPONSE_KIND_LABELS[item.kind]}</td>
                <td>{statusText(item)}</td>
                <td>{lastActivity(item)}</td>
                <td>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-expanded={open?.id === item.id}
                    aria-controls={open?.id === item.id ? 'response-detail' : undefined}
                    onClick={(event) => {
                      opener.current = event.currentTarget;
                      setOpen(open?.id === item.id ? null : item);
                    }}
                  >
                    Bekijken<span className="visually-hidden">: {responseName(item)}</span>
                  </button>
                </td>
              </tr>
            ))}
          </TableScroll>
          {pages > 1 ? (
            <Pager
              label="Pagina's met reacties"
              page={page}
              pages={pages}
              busy={list.loading}
              onPage={filters.setPage}
            />
          ) : null}
        </>
      )}
      {open ? (
        <ResponseView
          key={open.id}
          surveyId={surveyId}
          item={open}
          canManage={canManage}
          onClose={close}
          onErased={erased}
          afterErase={heading}
        />
      ) : null}
    </section>
  );
}

const EXPORTS: ReadonlyArray<{ format: ResponseExportFormat; label: string }> = [
  { format: 'json', label: 'Exporteren (JSON)' },
  { format: 'csv', label: 'Exporteren (CSV)' },
];

/** One response: its answers, and export and erase for those who may. */
function ResponseView({
  surveyId,
  item,
  canManage,
  onClose,
  onErased,
  afterErase,
}: {
  surveyId: number;
  item: ResponseListItem;
  canManage: boolean;
  onClose: () => void;
  onErased: () => void;
  afterErase: RefObject<HTMLHeadingElement | null>;
}) {
  const data = useAsyncInjection(TOKENS.SurveyDataUseCases);
  const detail = useQuery(`respondent:${surveyId}:${item.id}`, () => data.loadResponse(surveyId, item.id));
  const heading = useRef<HTMLHeadingElement>(null);
  const [exporting, setExporting] = useState<ResponseExportFormat | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const notices = useNotices();

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const download = async (format: ResponseExportFormat) => {
    setExporting(format);
    const result = await data.exportResponse(surveyId, item.id, format);
    setExporting(null);
    if (result.ok) notices.success(SURVEY_DATA_MESSAGES.exported(result.value));
    else notices.error(result.detail);
  };

  const erase = async () => {
    setErasing(true);
    setError(null);
    const result = await data.eraseResponse(surveyId, item.id);
    setErasing(false);
    if (!result.ok) {
      setError(result.detail);
      return;
    }
    setConfirming(false);
    notices.success(SURVEY_DATA_MESSAGES.responseErased(item));
    onErased();
  };

  const response = detail.value;
  return (
    <section id="response-detail" className="response-detail" aria-labelledby="response-detail-heading">
      <h3 id="response-detail-heading" ref={heading} tabIndex={-1}>
        {responseName(item)}
      </h3>
      <dl className="response-facts">
        {item.contact_email ? (
          <div>
            <dt>E-mailadres</dt>
            <dd>{item.contact_email}</dd>
          </div>
        ) : null}
        <div>
          <dt>Soort link</dt>
          <dd>{RESPONSE_KIND_LABELS[item.kind]}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{statusText(item)}</dd>
        </div>
        <div>
          <dt>Begonnen</dt>
          <dd>{formatResultDateTime(item.started_at)}</dd>
        </div>
        <div>
          <dt>Ingestuurd</dt>
          <dd>{formatResultDateTime(item.completed_at)}</dd>
        </div>
      </dl>
      {item.anonymised ? <p className="alert alert-info">{SURVEY_DATA_MESSAGES.anonymised}</p> : null}
      {detail.error ? <LoadFailed message={detail.error} onRetry={detail.reload} /> : null}
      {response === null ? (
        detail.error ? null : (
          <Loading />
        )
      ) : (
        <dl className="response-answers" data-testid="response-answers">
          {response.answers.map((answer) => (
            <div key={answer.question_id}>
              <dt>{answer.question}</dt>
              <dd className={answer.answer === null ? 'response-unanswered' : undefined}>
                {answer.answer ?? SURVEY_DATA_MESSAGES.notAnswered}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="actions">
        {canManage ? (
          <>
            {EXPORTS.map(({ format, label }) => (
              <button
                key={format}
                type="button"
                className="button button-secondary"
                data-response-export={format}
                disabled={exporting !== null}
                aria-busy={exporting === format || undefined}
                onClick={() => void download(format)}
              >
                {label}
              </button>
            ))}
            <button
              type="button"
              className="button button-danger"
              onClick={() => {
                setError(null);
                setConfirming(true);
              }}
            >
              Wissen
            </button>
          </>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onClose}>
          Sluiten
        </button>
      </div>
      {canManage ? null : <p className="field-hint">{SURVEY_DATA_MESSAGES.manageOnly}</p>}
      {confirming ? (
        <ConfirmDialog
          title={eraseResponseTitle(item)}
          confirmLabel="Antwoorden wissen"
          busy={erasing}
          error={error}
          onConfirm={() => void erase()}
          onCancel={() => setConfirming(false)}
          returnFocus={afterErase}
        >
          <p>{eraseResponseText(item)}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
