import type { SurveyInput } from '@loop/core';
import {
  closeAtFromInput,
  closeAtToInput,
  type EditorIssues,
  type SurveyEditor,
} from '@loop/core/surveys/editor';
import { lazy, type RefObject, Suspense, useId } from 'react';
import { FieldError } from '../../forms/FormAlert';

// TipTap and ProseMirror are most of the editor's weight: the questions can be edited while they load.
const RichTextEditor = lazy(() =>
  import('./RichTextEditor').then((module) => ({ default: module.RichTextEditor })),
);

/** Holds the place of a rich-text field while its editor loads. */
function RichTextLoading({ label }: { label: string }) {
  return (
    <div className="field rich-text">
      <span className="field-label">{label}</span>
      <div className="rich-text-frame rich-text-loading">Editor laden…</div>
    </div>
  );
}

/** 'Algemeen': the survey's title, description, introduction, thank-you text and closing date. */
export function SurveyFields({
  editor,
  draft,
  issues,
  titleInput,
}: {
  editor: SurveyEditor;
  draft: SurveyInput;
  issues: EditorIssues;
  titleInput: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  const e = issues.survey;
  /** The hint and the error of a field, by the field's id part and its key in the survey's issues. */
  const describe = (part: string, key: string, hint = false) =>
    [hint ? `${id}-${part}-hint` : null, e[key] ? `${id}-${part}-error` : null].filter(Boolean).join(' ') ||
    undefined;

  return (
    <section className="editor-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Algemeen</h2>
      <div className="field">
        <label htmlFor={`${id}-title`}>Titel</label>
        <input
          ref={titleInput}
          id={`${id}-title`}
          type="text"
          value={draft.title}
          aria-invalid={e.title ? true : undefined}
          aria-describedby={describe('title', 'title')}
          onChange={(event) => editor.edit({ title: event.target.value })}
        />
        <FieldError id={`${id}-title-error`} error={e.title} />
      </div>
      <Suspense fallback={<RichTextLoading label="Beschrijving" />}>
        <RichTextEditor
          label="Beschrijving"
          hint="Waar de survey over gaat; staat boven de survey."
          value={draft.description_html}
          onChange={(html) => editor.edit({ description_html: html })}
          error={e.description_html}
        />
      </Suspense>
      <Suspense fallback={<RichTextLoading label="Introductie" />}>
        <RichTextEditor
          label="Introductie"
          hint="Het welkomstwoord voor deelnemers, ook in de uitnodigingsmail."
          value={draft.introduction_html}
          onChange={(html) => editor.edit({ introduction_html: html })}
          error={e.introduction_html}
        />
      </Suspense>
      <div className="field">
        <label htmlFor={`${id}-thanks`}>Bedanktekst</label>
        <p id={`${id}-thanks-hint`} className="field-hint">
          Wat deelnemers zien nadat ze hun antwoorden hebben verstuurd.
        </p>
        <textarea
          id={`${id}-thanks`}
          rows={3}
          value={draft.thank_you_text}
          aria-invalid={e.thank_you_text ? true : undefined}
          aria-describedby={describe('thanks', 'thank_you_text', true)}
          onChange={(event) => editor.edit({ thank_you_text: event.target.value })}
        />
        <FieldError id={`${id}-thanks-error`} error={e.thank_you_text} />
      </div>
      <div className="field field-narrow">
        <label htmlFor={`${id}-close`}>Sluitdatum (optioneel)</label>
        <p id={`${id}-close-hint`} className="field-hint">
          Vanaf dit moment neemt de survey geen antwoorden meer aan. Leeg: open tot je hem sluit.
        </p>
        <input
          id={`${id}-close`}
          type="datetime-local"
          lang="nl-NL"
          value={closeAtToInput(draft.close_at)}
          aria-invalid={e.close_at ? true : undefined}
          aria-describedby={describe('close', 'close_at', true)}
          onChange={(event) => editor.edit({ close_at: closeAtFromInput(event.target.value) })}
        />
        <FieldError id={`${id}-close-error`} error={e.close_at} />
      </div>
    </section>
  );
}
