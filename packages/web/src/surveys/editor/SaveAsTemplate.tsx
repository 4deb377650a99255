import type { SurveyInput } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { type SurveyEditor, TEMPLATE_MESSAGES } from '@loop/core/surveys/editor';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormAlert } from '../../forms/FormAlert';
import { notify } from '../../notifications/notify';
import { TemplateFields } from '../TemplateFields';

/** 'Opslaan als sjabloon' (template managers): the editor's content as a template of the organisation. */
export function SaveAsTemplate({ editor, draft }: { editor: SurveyEditor; draft: SurveyInput }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const opened = useRef(false);

  // Opening moves focus to the name; closing brings it back to the button that opened the form.
  useEffect(() => {
    if (open) form.current?.querySelector('input')?.focus();
    else if (opened.current) toggle.current?.focus();
    opened.current ||= open;
  }, [open]);

  const start = () => {
    setName(draft.title.trim());
    setDescription('');
    setFields({});
    setMessage(null);
    setOpen(true);
  };

  const close = () => setOpen(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const result = await editor.saveAsTemplate({ name, description });
    setBusy(false);
    if (result.ok) {
      notify.success(TEMPLATE_MESSAGES.saved(result.value.name));
      close();
      return;
    }
    setFields(result.fields);
    setMessage(result.fields.name || result.fields.description ? null : result.message);
  };

  return (
    <section className="editor-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Sjabloon</h2>
      <p className="field-hint">
        Bewaar deze survey als sjabloon van je organisatie, zodat collega’s er een nieuwe survey mee kunnen
        beginnen.
      </p>
      {open ? (
        <form ref={form} className="form template-form" onSubmit={(event) => void submit(event)} noValidate>
          <TemplateFields
            id={id}
            name={name}
            description={description}
            descriptionLabel="Omschrijving (optioneel)"
            fields={fields}
            onNameChange={setName}
            onDescriptionChange={setDescription}
          />
          <FormAlert message={message} />
          <div className="actions">
            <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
              Sjabloon opslaan
            </button>
            <button type="button" className="button button-secondary" onClick={close}>
              Annuleren
            </button>
          </div>
        </form>
      ) : (
        <button ref={toggle} type="button" className="button button-secondary" onClick={start}>
          Opslaan als sjabloon
        </button>
      )}
    </section>
  );
}
