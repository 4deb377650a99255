import type { LogItem } from '@loop/core';
import {
  formatLogTime,
  LOG_LEVELS,
  type LogFilter,
  logCategoryLabel,
  logCellText,
  logCountText,
  logLevelLabel,
  logStatusTone,
  parseLogLevel,
} from '@loop/core/logs';
import { observeElementRect, type Rect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { LoadFailed, Loading } from '../routing/Loading';
import { Page } from '../shell/Page';
import { useLogBrowser } from './useLogBrowser';

export const LOGS_FAILED_MESSAGE = 'De logregels konden niet worden opgehaald.';

/** Height of one table row in px; `.log-table` in app.css gives every row exactly this height. */
export const LOG_ROW_HEIGHT = 40;

const COLUMNS = [
  { key: 'time', label: 'Tijd' },
  { key: 'level', label: 'Niveau' },
  { key: 'category', label: 'Categorie' },
  { key: 'organisation', label: 'Organisatie' },
  { key: 'action', label: 'Actie' },
  { key: 'route', label: 'Route' },
  { key: 'status', label: 'Status' },
  { key: 'message', label: 'Bericht' },
] as const;

/** The size assumed until the scroll area is measured, and kept where nothing can be measured. */
const FALLBACK_RECT: Rect = { width: 1200, height: 600 };

const rowHeight = () => LOG_ROW_HEIGHT;

/**
 * The scroll area's size, except that a size of 0 (jsdom has no layout; a hidden area has none)
 * keeps the fallback, so there are always rows to show.
 */
const observeRect: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT));

/** /admin/logs ('Applicatie Logging', R-LOG-1): the application log, filtered on the client. */
export function LogsScreen() {
  const { browser, state } = useLogBrowser();
  const loading = state.status === 'loading';
  return (
    <Page title="Applicatie Logging" width="full">
      <p>
        <Link href="/dashboard">Terug naar dashboard</Link>
      </p>
      <p className="log-note">Deze log bevat alleen metadata en gebeurtenissen, geen persoonsgegevens.</p>
      <LogFilters filter={state.filter} onChange={(patch) => browser.setFilter(patch)} />
      <div className="log-toolbar">
        <button type="button" className="button button-secondary" onClick={() => browser.clearFilters()}>
          Wis filters
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void browser.reload()}
          disabled={loading}
        >
          Vernieuwen
        </button>
        <p id="log-count" className="result-count log-count" aria-live="polite" data-testid="log-count">
          {loading ? '' : logCountText(state.rows.length, state.total)}
        </p>
      </div>
      {state.status === 'failed' ? (
        <LoadFailed
          message={LOGS_FAILED_MESSAGE}
          retryLabel="Opnieuw laden"
          onRetry={() => void browser.reload()}
        />
      ) : null}
      {loading ? <Loading spinner /> : <LogTable rows={state.rows} />}
    </Page>
  );
}

function LogFilters({
  filter,
  onChange,
}: {
  filter: LogFilter;
  onChange: (patch: Partial<LogFilter>) => void;
}) {
  return (
    // Filters apply while typing, so there is no form to submit.
    <search className="log-filters" aria-label="Logregels filteren">
      <div className="field log-filter-text">
        <label htmlFor="log-search">Zoeken</label>
        <input
          id="log-search"
          type="search"
          placeholder="Zoek in bericht, route en actie"
          autoComplete="off"
          value={filter.text}
          onChange={(event) => onChange({ text: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="log-level">Niveau</label>
        <select
          id="log-level"
          value={filter.level}
          onChange={(event) => onChange({ level: parseLogLevel(event.target.value) })}
        >
          <option value="">Alle niveaus</option>
          {LOG_LEVELS.map((level) => (
            <option key={level} value={level}>
              {logLevelLabel(level)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="log-org">Organisatie-id</label>
        <input
          id="log-org"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={filter.orgId}
          onChange={(event) => onChange({ orgId: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="log-from">Vanaf</label>
        <input
          id="log-from"
          type="date"
          value={filter.from}
          max={filter.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="log-to">Tot en met</label>
        <input
          id="log-to"
          type="date"
          value={filter.to}
          min={filter.from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </div>
    </search>
  );
}

/**
 * A real table that renders only the rows in view (up to 100,000 rows): spacer rows above and below
 * stand in for the rest, so the scroll bar and `aria-rowcount` still tell the whole length.
 */
function LogTable({ rows }: { rows: readonly LogItem[] }) {
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: rowHeight,
    overscan: 10,
    initialRect: FALLBACK_RECT,
    observeElementRect: observeRect,
    // React 19 warns about flushSync during rendering; a frame's delay while scrolling is fine.
    useFlushSync: false,
  });

  // Another result (a filter changed, a reload) starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `rows` says when the result changed
  useEffect(() => {
    const area = scrollRef.current;
    if (area && area.scrollTop !== 0) area.scrollTop = 0;
  }, [rows]);

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start : 0;
  const after = last ? virtualizer.getTotalSize() - last.end : 0;

  return (
    <section
      ref={scrollRef}
      className="log-scroll"
      aria-label="Tabel met logregels"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls and must be reachable by keyboard
      tabIndex={0}
      data-testid="log-scroll"
    >
      <table className="log-table" aria-rowcount={rows.length === 0 ? undefined : rows.length + 1}>
        <colgroup>
          {COLUMNS.map((column) => (
            <col key={column.key} className={`log-col-${column.key}`} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className="log-empty" data-testid="log-empty">
                Geen resultaten gevonden
              </td>
            </tr>
          ) : (
            <>
              {before > 0 ? <Spacer height={before} /> : null}
              {items.map((item) => {
                const row = rows[item.index];
                return row ? <LogRow key={row.id} row={row} index={item.index} /> : null;
              })}
              {after > 0 ? <Spacer height={after} /> : null}
            </>
          )}
        </tbody>
      </table>
    </section>
  );
}

function Spacer({ height }: { height: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row with nothing to focus; screen readers skip it
    <tr className="log-spacer" aria-hidden="true">
      <td colSpan={COLUMNS.length} style={{ height }} />
    </tr>
  );
}

function LogRow({ row, index }: { row: LogItem; index: number }) {
  const tone = logStatusTone(row.http_status);
  return (
    <tr className="log-row" data-row={index} aria-rowindex={index + 2}>
      <td>{formatLogTime(row.ts)}</td>
      <td>{logLevelLabel(row.level)}</td>
      <td>{logCategoryLabel(row.category)}</td>
      <td>{logCellText(row.org_id)}</td>
      <td title={row.action || undefined}>{logCellText(row.action)}</td>
      <td title={row.route || undefined}>{logCellText(row.route)}</td>
      <td className={tone ? `log-status log-status-${tone}` : 'log-status'}>
        {logCellText(row.http_status)}
      </td>
      <td title={row.message || undefined}>{logCellText(row.message)}</td>
    </tr>
  );
}
