import '../../shell/sortable.css';
import type { FieldErrors } from '@loop/core/auth';
import { canMoveItem, insertionIndex } from '@loop/core/surveys/editor';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { FieldError } from '../../forms/FormAlert';

export interface EditableItem {
  readonly id: string;
  readonly text: string;
}

/**
 * An editable list of options or statements: a labelled input per item, add, remove and move up or
 * down. Items with answers cannot be removed; with `orderLocked` existing items keep their order
 * and new ones stay below them (the rules of a survey with answers).
 */
export function ItemListEditor({
  idPrefix,
  items,
  onChange,
  itemLabel,
  addLabel,
  max,
  errors,
  errorKey,
  lockedIds,
  lockedHelp,
  orderLocked = false,
  orderHelp,
}: {
  idPrefix: string;
  items: readonly EditableItem[];
  onChange: (items: EditableItem[]) => void;
  /** The label of the n-th item (1-based), e.g. 'Stelling 2'. */
  itemLabel: (n: number) => string;
  addLabel: string;
  max: number;
  errors: FieldErrors;
  /** The field key of the list in `errors`, e.g. 'settings.statements'. */
  errorKey: string;
  lockedIds: ReadonlySet<string>;
  lockedHelp: string;
  orderLocked?: boolean;
  orderHelp?: string;
}) {
  const ids = useInjection(TOKENS.IdSource);
  const [focus, setFocus] = useState<{ id: string; control: 'input' | 'up' | 'down' } | 'add' | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focus === null) return;
    if (focus === 'add') addButton.current?.focus();
    else
      list.current
        ?.querySelector<HTMLElement>(`[data-item="${focus.id}"][data-control="${focus.control}"]`)
        ?.focus();
    setFocus(null);
  }, [focus]);

  const canMove = (from: number, to: number) => canMoveItem(items, lockedIds, orderLocked, from, to);

  const move = (from: number, to: number, control: 'up' | 'down') => {
    if (!canMove(from, to)) return;
    const next = [...items];
    const [item] = next.splice(from, 1);
    if (!item) return;
    next.splice(to, 0, item);
    onChange(next);
    const stillPossible = control === 'up' ? to > 0 : to < items.length - 1;
    setFocus({ id: item.id, control: stillPossible ? control : control === 'up' ? 'down' : 'up' });
  };

  const add = (at = items.length) => {
    if (items.length >= max) return;
    const item = { id: ids.newId(), text: '' };
    const next = [...items];
    next.splice(at, 0, item);
    onChange(next);
    setFocus({ id: item.id, control: 'input' });
  };

  const remove = (index: number) => {
    const next = items.filter((_, i) => i !== index);
    onChange(next);
    const neighbour = next[Math.min(index, next.length - 1)];
    setFocus(neighbour ? { id: neighbour.id, control: 'input' } : 'add');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    // Enter adds the next item, as in a list in a word processor; new items stay below locked ones.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    add(insertionIndex(items, lockedIds, orderLocked, index));
  };

  const anyLocked = items.some((item) => lockedIds.has(item.id));
  const listError = errors[errorKey];

  return (
    <div className="item-list">
      <ol ref={list} className="item-rows">
        {items.map((item, index) => {
          const inputId = `${idPrefix}-${item.id}`;
          const error = errors[`${errorKey}.${index}`];
          const label = itemLabel(index + 1);
          const locked = lockedIds.has(item.id);
          return (
            <li key={item.id} className="item-row">
              <label htmlFor={inputId} className="item-label">
                {label}
              </label>
              <div className="item-controls">
                <input
                  id={inputId}
                  type="text"
                  value={item.text}
                  data-item={item.id}
                  data-control="input"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  onChange={(event) =>
                    onChange(
                      items.map((it) => (it.id === item.id ? { ...it, text: event.target.value } : it)),
                    )
                  }
                  onKeyDown={(event) => onKeyDown(event, index)}
                />
                <button
                  type="button"
                  className="icon-button"
                  data-item={item.id}
                  data-control="up"
                  aria-label={`${label} omhoog`}
                  title={`${label} omhoog`}
                  disabled={!canMove(index, index - 1)}
                  onClick={() => move(index, index - 1, 'up')}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="icon-button"
                  data-item={item.id}
                  data-control="down"
                  aria-label={`${label} omlaag`}
                  title={`${label} omlaag`}
                  disabled={!canMove(index, index + 1)}
                  onClick={() => move(index, index + 1, 'down')}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button
                  type="button"
                  className="icon-button icon-button-danger"
                  aria-label={`${label} verwijderen`}
                  title={locked ? lockedHelp : `${label} verwijderen`}
                  disabled={locked}
                  onClick={() => remove(index)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
              <FieldError id={`${inputId}-error`} error={error} />
            </li>
          );
        })}
      </ol>
      <FieldError id={`${idPrefix}-list-error`} error={listError} />
      {anyLocked ? <p className="field-hint">{lockedHelp}</p> : null}
      {orderLocked && anyLocked && orderHelp ? <p className="field-hint">{orderHelp}</p> : null}
      <button
        ref={addButton}
        type="button"
        className="button button-secondary button-small"
        disabled={items.length >= max}
        onClick={() => add()}
      >
        {addLabel}
      </button>
    </div>
  );
}
