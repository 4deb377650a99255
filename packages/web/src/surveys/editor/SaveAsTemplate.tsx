import type { SurveyInput } from '@loop/core';
import { type SurveyEditor, TEMPLATE_MESSAGES } from '@loop/core/surveys/editor';
import { useEffect, useId, useRef, useState } from 'react';
import { useNotices } from '../../app/useServices';
import { TemplateForm } from '../TemplateForm';

/** 'Opslaan als sjabloon' (template managers): the editor's content as a template of the organisation. */
export function SaveAsTemplate({ editor, draft }: { editor: SurveyEditor; draft: SurveyInput }) {
  const notices = useNotices();
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);

  // The form takes the focus when it opens; closing brings it back to the button that opened it.
  useEffect(() => {
    if (!open && opened.current) toggle.current?.focus();
    opened.current ||= open;
  }, [open]);

  const close = () => setOpen(false);

  return (
    <section className="editor-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Sjabloon</h2>
      <p className="field-hint">
        Bewaar deze survey als sjabloon van je organisatie, zodat collega's er een nieuwe survey mee kunnen
        beginnen.
      </p>
      {open ? (
        <TemplateForm
          initial={{ name: draft.title.trim(), description: '' }}
          descriptionLabel="Omschrijving (optioneel)"
          submitLabel="Sjabloon opslaan"
          className="form template-form"
          save={(meta) => editor.saveAsTemplate(meta)}
          onSaved={(template) => {
            notices.success(TEMPLATE_MESSAGES.saved(template.name));
            close();
          }}
          onCancel={close}
        />
      ) : (
        <button ref={toggle} type="button" className="button button-secondary" onClick={() => setOpen(true)}>
          Opslaan als sjabloon
        </button>
      )}
    </section>
  );
}
