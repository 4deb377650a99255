import type { FormResult } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import type { TemplateMeta } from '@loop/core/surveys/editor';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Field } from '../forms/Field';
import { FieldError, FormAlert } from '../forms/FormAlert';

/**
 * A template's name and description, for renaming one and for saving a survey as one: the name has
 * the focus when the form opens; a refusal shows under the fields it names, any other above the
 * buttons.
 */
export function TemplateForm<T>({
  initial,
  descriptionLabel,
  submitLabel,
  className = 'form',
  save,
  onSaved,
  onCancel,
}: {
  initial: TemplateMeta;
  descriptionLabel: string;
  submitLabel: string;
  className?: string;
  save: (meta: TemplateMeta) => Promise<FormResult<T>>;
  onSaved: (value: T) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    form.current?.querySelector('input')?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const result = await save({ name, description });
    setBusy(false);
    if (result.ok) {
      onSaved(result.value);
      return;
    }
    setFields(result.fields);
    setMessage(result.fields.name || result.fields.description ? null : result.message);
  };

  return (
    <form ref={form} className={className} onSubmit={(event) => void submit(event)} noValidate>
      <Field
        id={`${id}-name`}
        label="Naam van het sjabloon"
        value={name}
        maxLength={120}
        onChange={(event) => setName(event.target.value)}
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
          onChange={(event) => setDescription(event.target.value)}
        />
        <FieldError id={`${id}-description-error`} error={fields.description} />
      </div>
      <FormAlert message={message} />
      <div className="actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {submitLabel}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Annuleren
        </button>
      </div>
    </form>
  );
}
