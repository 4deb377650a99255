import type { MultipleChoiceAnswer } from '@loop/core';
import type { RespondentWords } from '@loop/core/surveys/respond';
import { useState } from 'react';
import { OtherChoice } from './OtherChoice';
import { type FieldProps, QuestionFieldset } from './QuestionFrame';
import { useRespondWords } from './respondWords';

/** 'Kies er minstens 2.' and the like, from the question's limits, in the page's language. */
export function choiceHint(words: RespondentWords, min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined && min > 1)
    return min === max ? words.chooseExactly(min) : words.chooseBetween(min, max);
  if (min !== undefined && min > 1) return words.chooseAtLeast(min);
  if (max !== undefined) return words.chooseAtMost(max);
  return words.chooseAny;
}

/** Multiple choice: checkboxes, and 'Anders, namelijk' with a text field that ticks it when typed in. */
export function MultipleChoiceField({
  question,
  value,
  onChange,
  ids,
  error,
  titleRef,
}: FieldProps<'multiple_choice'>) {
  const { options, allow_other, min_choices, max_choices } = question.settings;
  const chosen = value?.option_ids ?? [];
  const otherTicked = value?.other !== undefined;
  const [otherText, setOtherText] = useState(value?.other ?? '');
  const hint = choiceHint(useRespondWords(), min_choices, max_choices);
  const hintId = `${ids.base}-hint`;

  const answer = (optionIds: readonly string[], other: string | undefined): MultipleChoiceAnswer =>
    other === undefined ? { option_ids: optionIds } : { option_ids: optionIds, other };
  const toggle = (optionId: string) => {
    const next = chosen.includes(optionId)
      ? chosen.filter((id) => id !== optionId)
      : options.map((option) => option.id).filter((id) => id === optionId || chosen.includes(id));
    onChange(answer(next, value?.other));
  };

  return (
    <QuestionFieldset question={question} ids={ids} error={error} titleRef={titleRef} hints={[hintId]}>
      <p id={hintId} className="rq-hint">
        {hint}
      </p>
      <div className="rq-choices">
        {options.map((option) => (
          <label key={option.id} className="rq-choice">
            <input
              type="checkbox"
              value={option.id}
              checked={chosen.includes(option.id)}
              onChange={() => toggle(option.id)}
              aria-invalid={error !== null || undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
        {allow_other ? (
          <OtherChoice
            type="checkbox"
            checked={otherTicked}
            text={otherText}
            invalid={error !== null}
            onToggle={() => onChange(answer(chosen, otherTicked ? undefined : otherText))}
            onTextChange={(text) => {
              setOtherText(text);
              onChange(answer(chosen, text));
            }}
          />
        ) : null}
      </div>
    </QuestionFieldset>
  );
}
