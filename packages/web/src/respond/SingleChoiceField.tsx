import { useState } from 'react';
import { OtherChoice } from './OtherChoice';
import { type FieldProps, QuestionFieldset } from './QuestionFrame';

/** Single choice: radios, and 'Anders, namelijk' with a text field that chooses it when typed in. */
export function SingleChoiceField({
  question,
  value,
  onChange,
  ids,
  error,
  titleRef,
}: FieldProps<'single_choice'>) {
  const { options, allow_other } = question.settings;
  const chosenOther = value !== undefined && 'other' in value;
  // The typed text stays when another option is picked, in case the respondent comes back to it.
  const [otherText, setOtherText] = useState(chosenOther ? value.other : '');
  const name = `${ids.base}-choice`;
  const otherId = `${ids.base}-other`;
  return (
    <QuestionFieldset question={question} ids={ids} error={error} titleRef={titleRef}>
      <div className="rq-choices">
        {options.map((option) => (
          <label key={option.id} className="rq-choice">
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={value !== undefined && 'option_id' in value && value.option_id === option.id}
              onChange={() => onChange({ option_id: option.id })}
              aria-invalid={error !== null || undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
        {allow_other ? (
          <OtherChoice
            type="radio"
            name={name}
            textId={otherId}
            checked={chosenOther}
            text={otherText}
            invalid={error !== null}
            onToggle={() => onChange({ other: otherText })}
            onTextChange={(text) => {
              setOtherText(text);
              onChange({ other: text });
            }}
          />
        ) : null}
      </div>
    </QuestionFieldset>
  );
}
