import type { ResultsCondition, Survey } from '@loop/core';
import {
  conditionOf,
  type DateFilter,
  describeCondition,
  type FilterTarget,
  filterTargets,
  parseResultsFilter,
  RESULTS_FILTER_MAX_CONDITIONS,
  serialiseResultsFilter,
} from '@loop/core/surveys/results';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useQuery } from '../../shared/useQuery';

/** The conditions in the filter's address form; none when it cannot be read. */
export function conditionsOf(filter: DateFilter): readonly ResultsCondition[] {
  const parsed = parseResultsFilter(filter.conditions);
  return parsed.ok ? parsed.value : [];
}

/**
 * The results filter (R-RES-8): the conditions as chips, each with its Dutch description and a
 * button that removes it, and 'Filter toevoegen', which opens a small form: what to filter on (a
 * question, a Likert statement, a hidden field, the language, and for a survey that is not
 * anonymous a contact's attribute or segment), then its values. Everything lives in the address,
 * so a filtered view can be reloaded and shared; every block, the question pages, the exports, the
 * PDF and the cross-tab read it from there.
 */
export function ResultsFilterBar({
  survey,
  filter,
  onChange,
}: {
  survey: Survey;
  filter: DateFilter;
  onChange: (next: DateFilter) => void;
}) {
  const conditions = conditionsOf(filter);
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const [segmentNames, setSegmentNames] = useState<ReadonlyMap<number, string>>(new Map());
  const namesSegments = conditions.some((condition) => condition.source === 'segment');

  const write = (next: readonly ResultsCondition[]) =>
    onChange({ ...filter, conditions: serialiseResultsFilter(next) });
  const close = () => {
    setAdding(false);
    // Back to the button that opened the form, for keyboard users.
    setTimeout(() => addButton.current?.focus(), 0);
  };

  return (
    <section className="panel results-filter" aria-labelledby={headingId}>
      <h2 id={headingId}>Filters</h2>
      {conditions.length === 0 ? (
        <p className="results-filter-none">Alle reacties tellen mee.</p>
      ) : (
        <ul className="results-filter-chips" aria-label="Actieve filters">
          {conditions.map((condition, index) => {
            const text = describeCondition(condition, {
              questions: survey.questions,
              segmentNames,
            });
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; the same one twice is harmless.
              <li key={index} className="results-filter-chip">
                <span>{text}</span>
                <button
                  type="button"
                  className="button-link"
                  aria-label={`Filter verwijderen: ${text}`}
                  onClick={() => {
                    write(conditions.filter((_, at) => at !== index));
                    // The chip and its button are gone: keyboard focus goes to 'Filter toevoegen'.
                    setTimeout(() => addButton.current?.focus(), 0);
                  }}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="results-filter-actions">
        {adding ? null : (
          <button
            ref={addButton}
            type="button"
            className="button button-secondary"
            disabled={conditions.length >= RESULTS_FILTER_MAX_CONDITIONS}
            onClick={() => setAdding(true)}
          >
            Filter toevoegen
          </button>
        )}
        {conditions.length > 0 && !adding ? (
          <button type="button" className="button button-secondary" onClick={() => write([])}>
            Alle filters wissen
          </button>
        ) : null}
      </div>
      {namesSegments && !adding ? <SegmentNames onNames={setSegmentNames} /> : null}
      {adding ? (
        <AddFilterForm
          survey={survey}
          onSegmentNames={setSegmentNames}
          onAdd={(condition) => {
            write([...conditions, condition]);
            close();
          }}
          onCancel={close}
        />
      ) : null}
    </section>
  );
}

function AddFilterForm({
  survey,
  onAdd,
  onCancel,
  onSegmentNames,
}: {
  survey: Survey;
  onAdd: (condition: ResultsCondition) => void;
  onCancel: () => void;
  onSegmentNames: (names: Map<number, string>) => void;
}) {
  const id = useId();
  const targets = useMemo(() => filterTargets(survey), [survey]);
  const [key, setKey] = useState('');
  const target = targets.find((each) => each.key === key) ?? null;
  const [values, setValues] = useState<readonly string[]>([]);
  const [min, setMin] = useState<string | undefined>(undefined);
  const [max, setMax] = useState<string | undefined>(undefined);
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [segmentId, setSegmentId] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);

  function pick(next: string) {
    setKey(next);
    setValues([]);
    setMin(undefined);
    setMax(undefined);
    setText('');
    setName('');
    setSegmentId(undefined);
    setProblem(null);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (target === null) {
      setProblem('Kies waarop je wilt filteren.');
      return;
    }
    const condition = conditionOf(target, { values, min, max, text, name, segmentId });
    if (condition === null) {
      setProblem(
        target.kind === 'score'
          ? 'Kies een bereik van laag naar hoog.'
          : 'Kies of vul minstens één waarde in.',
      );
      return;
    }
    onAdd(condition);
  }

  const problemId = `${id}-problem`;
  return (
    <form className="results-filter-form" onSubmit={submit} aria-label="Filter toevoegen" noValidate>
      <div className="field">
        <label htmlFor={`${id}-target`}>Filteren op</label>
        <select id={`${id}-target`} value={key} onChange={(event) => pick(event.target.value)}>
          <option value="">Kies een vraag of gegeven</option>
          {targets.map((each) => (
            <option key={each.key} value={each.key}>
              {each.label}
            </option>
          ))}
        </select>
      </div>
      {target === null ? null : (
        <TargetValues
          id={id}
          target={target}
          values={values}
          onValues={setValues}
          range={{ min, max, setMin, setMax }}
          text={text}
          onText={setText}
          name={name}
          onName={setName}
          segmentId={segmentId}
          onSegment={setSegmentId}
          onSegmentNames={onSegmentNames}
        />
      )}
      {problem ? (
        <p id={problemId} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="results-filter-actions">
        <button type="submit" className="button" aria-describedby={problem ? problemId : undefined}>
          Toepassen
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Annuleren
        </button>
      </div>
    </form>
  );
}

function TargetValues({
  id,
  target,
  values,
  onValues,
  range,
  text,
  onText,
  name,
  onName,
  segmentId,
  onSegment,
  onSegmentNames,
}: {
  id: string;
  target: FilterTarget;
  values: readonly string[];
  onValues: (next: readonly string[]) => void;
  range: {
    min: string | undefined;
    max: string | undefined;
    setMin: (value: string) => void;
    setMax: (value: string) => void;
  };
  text: string;
  onText: (value: string) => void;
  name: string;
  onName: (value: string) => void;
  segmentId: number | undefined;
  onSegment: (value: number | undefined) => void;
  onSegmentNames: (names: Map<number, string>) => void;
}) {
  switch (target.kind) {
    case 'choice':
    case 'language':
      return (
        <fieldset className="results-filter-values">
          <legend>{target.kind === 'language' ? 'Talen' : 'Antwoorden'}</legend>
          {target.choices.map((choice) => (
            <label key={choice.value} className="checkbox">
              <input
                type="checkbox"
                checked={values.includes(choice.value)}
                onChange={(event) =>
                  onValues(
                    event.target.checked
                      ? [...values, choice.value]
                      : values.filter((value) => value !== choice.value),
                  )
                }
              />{' '}
              {choice.label}
            </label>
          ))}
        </fieldset>
      );
    case 'score': {
      const first = target.choices[0]?.value ?? '';
      const last = target.choices[target.choices.length - 1]?.value ?? '';
      return (
        <fieldset className="results-filter-values">
          <legend>Bereik</legend>
          <label htmlFor={`${id}-min`}>Van</label>
          <select
            id={`${id}-min`}
            value={range.min ?? first}
            onChange={(event) => range.setMin(event.target.value)}
          >
            {target.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label === choice.value ? choice.value : `${choice.value} (${choice.label})`}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-max`}>Tot en met</label>
          <select
            id={`${id}-max`}
            value={range.max ?? last}
            onChange={(event) => range.setMax(event.target.value)}
          >
            {target.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label === choice.value ? choice.value : `${choice.value} (${choice.label})`}
              </option>
            ))}
          </select>
        </fieldset>
      );
    }
    case 'hidden_field':
      return (
        <div className="field">
          <label htmlFor={`${id}-text`}>Waarden van {target.name}</label>
          <input
            id={`${id}-text`}
            value={text}
            onChange={(event) => onText(event.target.value)}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="field-hint">
            Meerdere waarden scheid je met een komma.
          </p>
        </div>
      );
    case 'contact_attribute':
      return (
        <>
          <div className="field">
            <label htmlFor={`${id}-name`}>Kenmerk</label>
            <input id={`${id}-name`} value={name} onChange={(event) => onName(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-text`}>Waarden</label>
            <input
              id={`${id}-text`}
              value={text}
              onChange={(event) => onText(event.target.value)}
              aria-describedby={`${id}-hint`}
            />
            <p id={`${id}-hint`} className="field-hint">
              Bijvoorbeeld Verkoop; meerdere waarden scheid je met een komma.
            </p>
          </div>
        </>
      );
    case 'segment':
      return <SegmentSelect id={id} value={segmentId} onChange={onSegment} onNames={onSegmentNames} />;
  }
}

/** The organisation's segments (the contacts code loads with the first use). */
function useSegments() {
  const contacts = useAsyncInjection(TOKENS.ContactsUseCases);
  return useQuery('results-filter-segments', () => contacts.segments());
}

/** Loads the segments' names for the chips of segment conditions (an address with one, reloaded or shared). */
function SegmentNames({ onNames }: { onNames: (names: Map<number, string>) => void }) {
  const segments = useSegments();
  useEffect(() => {
    if (segments.value) onNames(new Map(segments.value.map((segment) => [segment.id, segment.name])));
  }, [segments.value, onNames]);
  return null;
}

/** The organisation's segments, loaded only when 'Segment' is picked (the contacts code loads then). */
function SegmentSelect({
  id,
  value,
  onChange,
  onNames,
}: {
  id: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  onNames: (names: Map<number, string>) => void;
}) {
  const segments = useSegments();
  useEffect(() => {
    if (segments.value) onNames(new Map(segments.value.map((segment) => [segment.id, segment.name])));
  }, [segments.value, onNames]);
  if (segments.error) return <p className="field-error">Segmenten konden niet worden geladen.</p>;
  return (
    <div className="field">
      <label htmlFor={`${id}-segment`}>Segment</label>
      <select
        id={`${id}-segment`}
        value={value === undefined ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      >
        <option value="">{segments.value ? 'Kies een segment' : 'Segmenten laden...'}</option>
        {(segments.value ?? []).map((segment) => (
          <option key={segment.id} value={segment.id}>
            {segment.name}
          </option>
        ))}
      </select>
    </div>
  );
}
