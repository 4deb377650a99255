import { FINANCE_SORTS, type FinanceRecord, type FinanceSort, pageCount } from '@loop/core';
import {
  BTW_RATE_CHOICES,
  emptyFinanceForm,
  type FinanceRecordFilter,
  financeFormOf,
  recordRow,
} from '@loop/core/finance';
import { isoDay } from '@loop/core/format';
import { EMPTY_DATE_FILTER } from '@loop/core/surveys/results';
import { useId, useRef, useState } from 'react';
import { useAsyncInjection, useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { LoadFailed, Loading } from '../routing/Loading';
import { useInvalidate, useQuery } from '../shared/useQuery';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { Pager } from '../shell/Pager';
import { TableScroll } from '../shell/TableScroll';
import { DateFilterForm } from '../surveys/results/DateFilterForm';
import { FinanceExportButtons } from './FinanceExportButtons';
import { RecordForm } from './RecordForm';

const PAGE_SIZE = 25;

const SORT_LABELS: Readonly<Record<FinanceSort, string>> = {
  '-date': 'Datum, nieuwste eerst',
  date: 'Datum, oudste eerst',
  '-amount': 'Bedrag, hoogste eerst',
  amount: 'Bedrag, laagste eerst',
  counterparty: 'Tegenpartij, A–Z',
  '-counterparty': 'Tegenpartij, Z–A',
  category: 'Categorie, A–Z',
  '-category': 'Categorie, Z–A',
};

const EXPORT_LABELS = { csv: 'Boekingen exporteren (CSV)', xlsx: 'Boekingen exporteren (XLSX)' } as const;

/** '__all__' in the category filter is every category; '' is 'Zonder categorie'. */
const ALL = '__all__';

/**
 * The records: search, filters, sort and pages; add, change and delete for who may manage
 * finance (`canManage`); exports of the filtered list.
 */
export function FinanceRecordsSection({
  canManage,
  adding,
  onAdding,
}: {
  canManage: boolean;
  adding: boolean;
  onAdding: (open: boolean) => void;
}) {
  const finance = useAsyncInjection(TOKENS.FinanceGateway);
  const clock = useInjection(TOKENS.Clock);
  const invalidate = useInvalidate();
  const notices = useNotices();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [q, setQ] = useState('');
  const [direction, setDirection] = useState('');
  const [category, setCategory] = useState(ALL);
  const [source, setSource] = useState('');
  const [btwRate, setBtwRate] = useState('');
  const [dates, setDates] = useState(EMPTY_DATE_FILTER);
  const [sort, setSort] = useState<FinanceSort>('-date');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<FinanceRecord | null>(null);
  const [deleting, setDeleting] = useState<FinanceRecord | null>(null);
  const [confirm, setConfirm] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });

  const filter: FinanceRecordFilter = {
    q,
    direction,
    source,
    btw_rate: btwRate,
    from: dates.from,
    to: dates.to,
    ...(category === ALL ? {} : { category }),
  };
  const key = `finance:records:${JSON.stringify({ filter, sort, page })}`;
  const records = useQuery(key, () => finance.records({ ...filter, sort, page, page_size: PAGE_SIZE }));
  const categories = useQuery('finance:categories', () => finance.categories());
  const used = categories.value?.used.map((use) => use.name) ?? [];
  const suggestions = [...used, ...(categories.value?.suggestions ?? [])];
  const changed = () => invalidate('finance:');
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  async function save(input: Parameters<typeof finance.create>[0], record: FinanceRecord | null) {
    const result = record === null ? await finance.create(input) : await finance.update(record.id, input);
    if (!result.ok) return { detail: result.detail, ...(result.fields ? { fields: result.fields } : {}) };
    notices.success(record === null ? 'De boeking is toegevoegd.' : 'De boeking is gewijzigd.');
    if (record === null) onAdding(false);
    else setEditing(null);
    changed();
    headingRef.current?.focus();
    return null;
  }

  async function remove() {
    if (deleting === null) return;
    setConfirm({ busy: true, error: null });
    const result = await finance.remove(deleting.id);
    if (!result.ok) {
      setConfirm({ busy: false, error: result.detail });
      return;
    }
    setConfirm({ busy: false, error: null });
    setDeleting(null);
    notices.success('De boeking is verwijderd.');
    changed();
  }

  const value = records.value;
  const pages = value === null ? 1 : pageCount(value.total, PAGE_SIZE);
  const columns = ['Datum', 'Omschrijving', 'Tegenpartij', 'Categorie', 'Btw', 'Soort', 'Bedrag'];

  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        Boekingen
      </h2>
      <div className="row-actions">
        {canManage ? (
          <button type="button" className="button" onClick={() => onAdding(true)} disabled={adding}>
            Boeking toevoegen
          </button>
        ) : null}
      </div>
      <FinanceExportButtons
        labels={EXPORT_LABELS}
        download={(format) => finance.exportRecords(filter, format)}
      />
      {adding && canManage ? (
        <RecordForm
          title="Nieuwe boeking"
          initial={emptyFinanceForm(isoDay(clock.now()))}
          categories={suggestions}
          submitLabel="Boeking opslaan"
          onSubmit={(input) => save(input, null)}
          onCancel={() => onAdding(false)}
        />
      ) : null}
      {editing !== null && canManage ? (
        <RecordForm
          key={editing.id}
          title={`Boeking van ${recordRow(editing).date} wijzigen`}
          initial={financeFormOf(editing)}
          categories={suggestions}
          submitLabel="Wijzigingen opslaan"
          onSubmit={(input) => save(input, editing)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <search className="finance-filters" aria-label="Boekingen zoeken en filteren">
        <div className="field">
          <label htmlFor={`${id}-q`}>Zoeken</label>
          <input
            id={`${id}-q`}
            type="search"
            value={q}
            placeholder="Omschrijving, tegenpartij of bedrag"
            onChange={(event) => refilter(setQ)(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-direction`}>Soort</label>
          <select
            id={`${id}-direction`}
            value={direction}
            onChange={(event) => refilter(setDirection)(event.target.value)}
          >
            <option value="">Alles</option>
            <option value="income">Inkomsten</option>
            <option value="cost">Kosten</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-category`}>Categorie</label>
          <select
            id={`${id}-category`}
            value={category}
            onChange={(event) => refilter(setCategory)(event.target.value)}
          >
            <option value={ALL}>Alle categorieën</option>
            <option value="">Zonder categorie</option>
            {used.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-btw`}>Btw-tarief</label>
          <select
            id={`${id}-btw`}
            value={btwRate}
            onChange={(event) => refilter(setBtwRate)(event.target.value)}
          >
            <option value="">Alle tarieven</option>
            {BTW_RATE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value === '' ? 'none' : choice.value}>
                {choice.value === '' ? 'Zonder tarief' : choice.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-source`}>Bron</label>
          <select
            id={`${id}-source`}
            value={source}
            onChange={(event) => refilter(setSource)(event.target.value)}
          >
            <option value="">Alle bronnen</option>
            <option value="manual">Zelf ingevoerd</option>
            <option value="import">Geïmporteerd</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-sort`}>Sorteren</label>
          <select
            id={`${id}-sort`}
            value={sort}
            onChange={(event) => refilter(setSort)(event.target.value as FinanceSort)}
          >
            {FINANCE_SORTS.map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
      </search>
      <DateFilterForm filter={dates} onChange={refilter(setDates)} label="Boekingen per periode" />
      {value === null ? (
        records.error ? (
          <LoadFailed message={records.error} onRetry={records.reload} />
        ) : (
          <Loading />
        )
      ) : value.total === 0 ? (
        <p className="chart-empty">Geen boekingen gevonden met deze filters.</p>
      ) : (
        <>
          <p role="status" className="field-hint">
            {value.total === 1 ? '1 boeking' : `${value.total} boekingen`}
          </p>
          <TableScroll label="Boekingen" columns={canManage ? [...columns, 'Acties'] : columns} cards>
            {value.items.map((record) => {
              const row = recordRow(record);
              return (
                <tr key={record.id} data-record-id={record.id}>
                  <td>{row.date}</td>
                  <td>{record.description}</td>
                  <td>{record.counterparty}</td>
                  <td>{row.category}</td>
                  <td>{row.btw}</td>
                  <td>{row.directionLabel}</td>
                  <td className="finance-amount">{row.amount}</td>
                  {canManage ? (
                    <td className="finance-actions">
                      <div className="row-actions">
                        <button
                          type="button"
                          className="button button-secondary"
                          aria-label={`Wijzigen (${row.date}, ${row.amount})`}
                          onClick={() => setEditing(record)}
                        >
                          Wijzigen
                        </button>
                        <button
                          type="button"
                          className="button button-danger"
                          aria-label={`Verwijderen (${row.date}, ${row.amount})`}
                          onClick={() => {
                            setConfirm({ busy: false, error: null });
                            setDeleting(record);
                          }}
                        >
                          Verwijderen
                        </button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </TableScroll>
          {pages > 1 ? (
            <Pager
              label="Pagina's van de boekingen"
              page={page}
              pages={pages}
              busy={records.loading}
              onPage={setPage}
            />
          ) : null}
        </>
      )}
      {deleting !== null ? (
        <ConfirmDialog
          title="Boeking verwijderen"
          confirmLabel="Verwijderen"
          busy={confirm.busy}
          error={confirm.error}
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(null)}
          returnFocus={headingRef}
        >
          <p>
            De boeking van {recordRow(deleting).date} ({recordRow(deleting).amount}
            {deleting.description ? `, ${deleting.description}` : ''}) verdwijnt, ook uit het overzicht.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
