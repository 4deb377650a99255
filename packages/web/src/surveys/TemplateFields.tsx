import type { FieldErrors } from '@loop/core/auth';
import { Field } from '../forms/Field';
import { FieldError } from '../forms/FormAlert';

/** A template's name and description with their errors, for renaming one and for saving a survey as one. */
export function TemplateFields({
  id,
  name,
  description,
  descriptionLabel,
  fields,
  onNameChange,
  onDescriptionChange,
}: {
  /** Prefix of the fields' ids. */
  id: string;
  name: string;
  description: string;
  descriptionLabel: string;
  fields: FieldErrors;
  onNameChange: (name: string) => void;
  onDescriptionChange: (description: string) => void;
}) {
  return (
    <>
      <Field
        id={`${id}-name`}
        label="Naam van het sjabloon"
        value={name}
        maxLength={120}
        onChange={(event) => onNameChange(event.target.value)}
        error={fields.name}
      />
      <div className="field">
        <label htmlFor={`${id}-description`}>{descriptionLabel}</label>
        <textarea
          id={`${id}-description`}
          rows={2}
          maxLength={500}
          value={description}
          aria-invalid={fields.description ? true : undefined}
          aria-describedby={fields.description ? `${id}-description-error` : undefined}
          onChange={(event) => onDescriptionChange(event.target.value)}
        />
        <FieldError id={`${id}-description-error`} error={fields.description} />
      </div>
    </>
  );
}
