import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
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
import type { Question } from '@loop/core';
import type { ReactNode } from 'react';

/** What a screen-reader user hears on the drag handle (dnd-kit's own text is English). */
export const DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'Druk op spatie of Enter om de vraag op te pakken. Verplaats hem met de pijltjestoetsen omhoog en omlaag en druk nogmaals op spatie of Enter om hem neer te zetten, of op Escape om te annuleren.',
};

/** The Dutch announcements while a question is dragged (by mouse, touch or keyboard). */
export function dragAnnouncements(questions: readonly Question[]): Announcements {
  const total = questions.length;
  const indexOf = (id: UniqueIdentifier) => questions.findIndex((question) => question.id === id);
  const name = (id: UniqueIdentifier) => {
    const index = indexOf(id);
    const title = questions[index]?.title.trim();
    return title ? `Vraag ${index + 1} (‘${title}’)` : `Vraag ${index + 1}`;
  };
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

/**
 * The questions as a sortable list: drag a question by its handle with the mouse or a finger, or
 * pick it up with the keyboard (spatie/Enter, arrows, spatie/Enter); the cards' 'Omhoog' and
 * 'Omlaag' buttons do the same in one step.
 */
export function QuestionList({
  questions,
  onMove,
  announcement,
  renderCard,
}: {
  questions: readonly Question[];
  onMove: (id: string, toIndex: number) => void;
  /** A move made with the buttons, for screen readers. */
  announcement: string;
  renderCard: (question: Question, index: number, dragHandle: ReactNode) => ReactNode;
}) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to = questions.findIndex((question) => question.id === over.id);
    if (to >= 0) onMove(String(active.id), to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: dragAnnouncements(questions),
        screenReaderInstructions: DRAG_INSTRUCTIONS,
      }}
    >
      <SortableContext
        items={questions.map((question) => question.id)}
        strategy={verticalListSortingStrategy}
      >
        <ol className="question-list" aria-label="Vragen">
          {questions.map((question, index) => (
            <SortableQuestion key={question.id} question={question} index={index} renderCard={renderCard} />
          ))}
        </ol>
      </SortableContext>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </DndContext>
  );
}

function SortableQuestion({
  question,
  index,
  renderCard,
}: {
  question: Question;
  index: number;
  renderCard: (question: Question, index: number, dragHandle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: question.id, attributes: { roleDescription: 'versleepbare vraag' } });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="drag-handle"
      {...attributes}
      {...listeners}
      aria-label={`Vraag ${index + 1} verslepen`}
      title="Verslepen"
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'question-item is-dragging' : 'question-item'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {renderCard(question, index, handle)}
    </li>
  );
}
