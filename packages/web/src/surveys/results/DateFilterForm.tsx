import {
  type DateFilter,
  dateFilterError,
  EMPTY_DATE_FILTER,
  isDateFilterActive,
} from '@loop/core/surveys/results';
import { useEffect, useId, useState } from 'react';

/**
 * 'Vanaf' / 'Tot en met' with 'Wis'. A change applies at once when the range is valid; a range
 * that runs backwards stays in the fields with a Dutch message and changes nothing.
 */
export function DateFilterForm({
  filter,
  onChange,
  label = 'Periode filteren',
}: {
  filter: DateFilter;
  onChange: (next: DateFilter) => void;
  label?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState<DateFilter>(filter);
  // The address is the truth: Back, a link or 'Wis' elsewhere sets the fields again.
  useEffect(() => setDraft(filter), [filter]);
  const problem = dateFilterError(draft);

  function change(patch: Partial<DateFilter>) {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (!dateFilterError(next)) onChange(next);
  }

  const errorId = `${id}-error`;
  return (
    <search className="date-filter" aria-label={label}>
      <div className="field">
        <label htmlFor={`${id}-from`}>Vanaf</label>
        <input
          id={`${id}-from`}
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          aria-invalid={problem?.field === 'from' ? true : undefined}
          aria-describedby={problem?.field === 'from' ? errorId : undefined}
          onChange={(event) => change({ from: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>Tot en met</label>
        <input
          id={`${id}-to`}
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          aria-invalid={problem?.field === 'to' ? true : undefined}
          aria-describedby={problem?.field === 'to' ? errorId : undefined}
          onChange={(event) => change({ to: event.target.value })}
        />
      </div>
      <button
        type="button"
        className="button button-secondary"
        disabled={!isDateFilterActive(draft) && !isDateFilterActive(filter)}
        onClick={() => {
          setDraft(EMPTY_DATE_FILTER);
          onChange(EMPTY_DATE_FILTER);
        }}
      >
        Wis
      </button>
      {problem ? (
        <p id={errorId} className="field-error date-filter-error" role="alert">
          {problem.message}
        </p>
      ) : null}
    </search>
  );
}
