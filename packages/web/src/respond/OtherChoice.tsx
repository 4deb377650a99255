import { OTHER_TEXT_MAX_LENGTH } from '@loop/core/surveys/model';
import { useRespondWords } from './respondWords';

/** 'Anders, namelijk' under the options of a single or multiple choice question, with its text field. */
export function OtherChoice({
  type,
  name,
  textId,
  checked,
  text,
  invalid,
  onToggle,
  onTextChange,
}: {
  type: 'radio' | 'checkbox';
  /** The radio group's name; checkboxes have none. */
  name?: string;
  textId?: string;
  checked: boolean;
  text: string;
  /** Whether the question has an error; the text field is marked only while this choice is on. */
  invalid: boolean;
  onToggle: () => void;
  onTextChange: (text: string) => void;
}) {
  const words = useRespondWords();
  return (
    <div className="rq-choice-other">
      <label className="rq-choice">
        <input
          type={type}
          name={name}
          value="other"
          checked={checked}
          onChange={onToggle}
          aria-invalid={invalid || undefined}
        />
        <span>{words.other}</span>
      </label>
      <input
        id={textId}
        type="text"
        className="rq-text-input"
        aria-label={words.otherInput}
        value={text}
        maxLength={OTHER_TEXT_MAX_LENGTH}
        aria-invalid={(invalid && checked) || undefined}
        onChange={(event) => onTextChange(event.target.value)}
      />
    </div>
  );
}
