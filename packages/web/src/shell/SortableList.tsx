import './sortable.css';
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';

/** What a sortable list calls its entries, in Dutch: 'de vraag' / 'Vraag 2 (‘Titel’)'. */
export interface SortableWords {
  /** The entry as the object of a sentence: 'de vraag', 'de KPI'. */
  readonly noun: string;
  /** An entry by place and name, for announcements: 'Vraag 2 (‘Titel’)', 'KPI ‘Omzet’'. */
  readonly name: (index: number) => string;
  /** The handle's label: 'Vraag 2 verslepen'. */
  readonly handleLabel: (index: number) => string;
  /** What assistive technology calls an entry: 'versleepbare vraag'. */
  readonly roleDescription: string;
}

/** The Dutch announcements while an entry is dragged (by mouse, touch or keyboard); dnd-kit's own are English. */
export function dragAnnouncements(ids: readonly UniqueIdentifier[], words: SortableWords): Announcements {
  const total = ids.length;
  const indexOf = (id: UniqueIdentifier) => ids.indexOf(id);
  const name = (id: UniqueIdentifier) => words.name(indexOf(id));
  return {
    onDragStart: ({ active }) => `${name(active.id)} is opgepakt.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} komt op plaats ${indexOf(over.id) + 1} van ${total}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} staat nu op plaats ${indexOf(over.id) + 1} van ${total}.`
        : `${name(active.id)} is neergezet.`,
    onDragCancel: ({ active }) =>
      `Verslepen geannuleerd. ${name(active.id)} staat weer op plaats ${indexOf(active.id) + 1}.`,
  };
}

const instructions = (noun: string) => ({
  draggable: `Druk op spatie of Enter om ${noun} op te pakken. Verplaats hem met de pijltjestoetsen omhoog en omlaag en druk nogmaals op spatie of Enter om hem neer te zetten, of op Escape om te annuleren.`,
});

/**
 * A list whose entries are dragged by a handle with the mouse or a finger, or picked up with the
 * keyboard (spatie/Enter, arrows, spatie/Enter), with Dutch announcements; `renderItem` places the
 * handle and whatever else an entry shows (its own 'Omhoog'/'Omlaag' buttons do the same in one step).
 */
export function SortableList<T extends { readonly id: string }>({
  items,
  onMove,
  label,
  words,
  announcement,
  renderItem,
  listClassName,
  itemClassName,
}: {
  items: readonly T[];
  onMove: (id: string, toIndex: number) => void;
  label: string;
  words: SortableWords;
  /** A move made with the buttons, for screen readers. */
  announcement: string;
  renderItem: (item: T, index: number, dragHandle: ReactNode) => ReactNode;
  listClassName: string;
  itemClassName: string;
}) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to = ids.indexOf(String(over.id));
    if (to >= 0) onMove(String(active.id), to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: dragAnnouncements(ids, words),
        screenReaderInstructions: instructions(words.noun),
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={listClassName} aria-label={label}>
          {items.map((item, index) => (
            <SortableEntry
              key={item.id}
              id={item.id}
              index={index}
              words={words}
              className={itemClassName}
              render={(handle) => renderItem(item, index, handle)}
            />
          ))}
        </ol>
      </SortableContext>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </DndContext>
  );
}

function SortableEntry({
  id,
  index,
  words,
  className,
  render,
}: {
  id: string;
  index: number;
  words: SortableWords;
  className: string;
  render: (dragHandle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, attributes: { roleDescription: words.roleDescription } });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="drag-handle"
      {...attributes}
      {...listeners}
      aria-label={words.handleLabel(index)}
      title="Verslepen"
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? `${className} is-dragging` : className}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {render(handle)}
    </li>
  );
}
