import './results/results.css';
import { isListFiltered, type ListFilter, listFilterKey, listSearchText, listStatusOf } from '@loop/core';
import { type RefObject, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './results/useResults';

/** A paged list's search and status filter, and the page it shows of what the filter finds. */
export interface ListFilterState<S extends string> {
  /** The search field's text as typed. */
  readonly search: string;
  readonly setSearch: (search: string) => void;
  readonly setStatus: (status: S | '') => void;
  /** What to ask for: the search once typing has rested, and the status. */
  readonly filter: ListFilter<S>;
  /** Names the filter, for the list's query key. */
  readonly key: string;
  readonly filtered: boolean;
  readonly page: number;
  readonly setPage: (page: number) => void;
  /** Empties the search and shows all statuses. */
  readonly clear: () => void;
}

export function useListFilter<S extends string>(): ListFilterState<S> {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<S | ''>('');
  const q = useDebouncedValue(listSearchText(search), SEARCH_DEBOUNCE_MS);
  const filter: ListFilter<S> = { q, status };
  const key = listFilterKey(filter);
  // A page belongs to one search and status: another one starts at page 1 in the same render.
  const [paging, setPaging] = useState({ key, page: 1 });
  return {
    search,
    setSearch,
    setStatus,
    filter,
    key,
    filtered: isListFiltered(filter),
    page: paging.key === key ? paging.page : 1,
    setPage: (page) => setPaging({ key, page }),
    clear: () => {
      setSearch('');
      setStatus('');
    },
  };
}

/**
 * The search field and status select above a paged list; with `clearable`, 'Wis filters' while
 * anything is typed or chosen.
 */
export function ListFilters<S extends string>({
  state,
  id,
  label,
  searchLabel,
  placeholder,
  maxLength,
  statuses,
  statusLabels,
  searchRef,
  clearable = false,
}: {
  state: ListFilterState<S>;
  /** Prefix of the fields' ids: `${id}-search`, `${id}-status`. */
  id: string;
  /** The accessible name of the search landmark. */
  label: string;
  searchLabel: string;
  placeholder?: string;
  maxLength: number;
  statuses: readonly S[];
  statusLabels: Readonly<Record<S, string>>;
  searchRef?: RefObject<HTMLInputElement | null>;
  clearable?: boolean;
}) {
  return (
    <search className="list-filters" aria-label={label}>
      <div className="field">
        <label htmlFor={`${id}-search`}>{searchLabel}</label>
        <input
          ref={searchRef}
          id={`${id}-search`}
          type="search"
          placeholder={placeholder}
          autoComplete="off"
          maxLength={maxLength}
          value={state.search}
          onChange={(event) => state.setSearch(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          value={state.filter.status}
          onChange={(event) => state.setStatus(listStatusOf(statuses, event.target.value))}
        >
          <option value="">Alle statussen</option>
          {statuses.map((value) => (
            <option key={value} value={value}>
              {statusLabels[value]}
            </option>
          ))}
        </select>
      </div>
      {clearable && (state.filtered || state.search !== '') ? (
        <button type="button" className="button button-secondary" onClick={state.clear}>
          Wis filters
        </button>
      ) : null}
    </search>
  );
}
