import type { Question } from '@loop/core';
import type { ReactNode } from 'react';
import { SortableList, type SortableWords } from '../../shell/SortableList';

/** How the editor's questions are named while dragged: 'Vraag 2 (‘Titel’)'. */
function questionWords(questions: readonly Question[]): SortableWords {
  return {
    noun: 'de vraag',
    name: (index) => {
      const title = questions[index]?.title.trim();
      return title ? `Vraag ${index + 1} ('${title}')` : `Vraag ${index + 1}`;
    },
    handleLabel: (index) => `Vraag ${index + 1} verslepen`,
    roleDescription: 'versleepbare vraag',
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
  return (
    <SortableList
      items={questions}
      onMove={onMove}
      label="Vragen"
      words={questionWords(questions)}
      announcement={announcement}
      renderItem={renderCard}
      listClassName="question-list"
      itemClassName="question-item"
    />
  );
}
