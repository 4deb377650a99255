import type { Question } from '../../contract';
import { formatCount } from '../../format';
import { QUESTION_TYPE_LABELS } from '../model';
import { answersText } from './resultsFormat';
import type { BarRowView, ViewBase } from './resultsViewTypes';

/** What every question's view starts with, and one bar of a bar list. */

export function base(question: Question, answered: number): ViewBase {
  return {
    questionId: question.id,
    title: question.title,
    type: question.type,
    typeLabel: QUESTION_TYPE_LABELS[question.type],
    answered,
    answeredText: answersText(answered),
    // Said by questionResultView, once the view's answered count is known.
    seen: null,
  };
}

export const barRow = (
  key: string,
  label: string,
  count: number,
  percent: number,
  rounded: number,
): BarRowView => ({
  key,
  label,
  count,
  width: Math.min(100, Math.max(0, percent)),
  percentText: `${rounded}%`,
  valueText: `${formatCount(count)} (${rounded}%)`,
});
