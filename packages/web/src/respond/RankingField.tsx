import { type PointerEvent, useRef, useState } from 'react';
import { type FieldProps, QuestionFieldset } from './QuestionFrame';
import { useRespondWords } from './respondWords';

/**
 * Ranking (R-SURV-24): the options as a numbered list, put in order with 'Omhoog' and 'Omlaag'
 * (keyboard) or by dragging an option with the pointer (mouse, touch, pen). The list starts in the
 * question's order and is no answer until the respondent moves something or keeps the order as it
 * stands; each move is announced with the option's new place.
 */
export function RankingField({ question, value, onChange, ids, error, titleRef }: FieldProps<'ranking'>) {
  const words = useRespondWords();
  const { options } = question.settings;
  const labels = new Map(options.map((option) => [option.id, option.label]));
  const answered = (value?.option_ids.length ?? 0) > 0;
  const order = answered ? (value?.option_ids ?? []) : options.map((option) => option.id);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const total = order.length;

  const moveTo = (id: string, target: number, focus?: 'up' | 'down') => {
    const next = order.filter((each) => each !== id);
    const place = Math.max(0, Math.min(total - 1, target));
    next.splice(place, 0, id);
    onChange({ option_ids: next });
    setAnnouncement(`${labels.get(id) ?? ''}: ${words.rankPosition(place + 1, total)}`);
    if (focus) {
      // At the top or bottom the button that moved it is disabled: the other one takes the focus.
      const side = place === 0 ? 'down' : place === total - 1 ? 'up' : focus;
      requestAnimationFrame(() => document.getElementById(`${ids.base}-${id}-${side}`)?.focus());
    }
  };

  /** The place under the pointer: the first item whose middle lies below it. */
  const placeAt = (clientY: number): number => {
    const items = [...(list.current?.children ?? [])];
    const index = items.findIndex((item) => {
      const box = item.getBoundingClientRect();
      return clientY < box.top + box.height / 2;
    });
    return index < 0 ? total - 1 : index;
  };
  const onPointerUp = (event: PointerEvent<HTMLOListElement>) => {
    if (dragging === null) return;
    const id = dragging;
    setDragging(null);
    const target = placeAt(event.clientY);
    if (target !== order.indexOf(id)) moveTo(id, target);
  };

  return (
    <QuestionFieldset question={question} ids={ids} error={error} titleRef={titleRef}>
      <ol
        ref={list}
        className={dragging ? 'rq-ranking is-dragging' : 'rq-ranking'}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDragging(null)}
      >
        {order.map((id, index) => (
          <li
            key={id}
            className={dragging === id ? 'rq-rank is-dragged' : 'rq-rank'}
            onPointerDown={(event) => {
              if ((event.target as HTMLElement).closest('button')) return;
              event.preventDefault();
              setDragging(id);
            }}
          >
            <span className="rq-rank-place" aria-hidden="true">
              {index + 1}
            </span>
            <span className="rq-rank-label">{labels.get(id) ?? id}</span>
            <button
              id={`${ids.base}-${id}-up`}
              type="button"
              className="rq-rank-move"
              disabled={index === 0}
              aria-label={`${words.moveUp}: ${labels.get(id) ?? id}`}
              onClick={() => moveTo(id, index - 1, 'up')}
            >
              <span aria-hidden="true">▲</span>
            </button>
            <button
              id={`${ids.base}-${id}-down`}
              type="button"
              className="rq-rank-move"
              disabled={index === total - 1}
              aria-label={`${words.moveDown}: ${labels.get(id) ?? id}`}
              onClick={() => moveTo(id, index + 1, 'down')}
            >
              <span aria-hidden="true">▼</span>
            </button>
          </li>
        ))}
      </ol>
      {answered ? null : (
        <button
          type="button"
          className="respondent-button-secondary"
          onClick={() => onChange({ option_ids: order })}
        >
          {words.keepOrder}
        </button>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </QuestionFieldset>
  );
}
