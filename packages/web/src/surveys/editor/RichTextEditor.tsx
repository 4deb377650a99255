import { isAllowedSurveyLink, surveyLinkFrom } from '@loop/core/surveys/editor';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '../../forms/FormAlert';

/**
 * Only what core's SURVEY_HTML_POLICY keeps: paragraphs, bold, italic, underline, strike, lists,
 * quotes, h2/h3 and links. Code, code blocks and rules are off, so the editor never makes HTML the
 * server would strip; the server sanitises again all the same.
 */
const extensions = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    horizontalRule: false,
    heading: { levels: [2, 3] },
    link: false,
  }),
  Link.configure({
    openOnClick: false,
    autolink: true,
    defaultProtocol: 'https',
    isAllowedUri: (url) => isAllowedSurveyLink(url),
    shouldAutoLink: (url) => isAllowedSurveyLink(url) || isAllowedSurveyLink(`https://${url}`),
    HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
  }),
];

/** An empty document is '' (TipTap would say '<p></p>'). */
const htmlOf = (editor: { isEmpty: boolean; getHTML(): string }): string =>
  editor.isEmpty ? '' : editor.getHTML();

/** The editable area's attributes: set when the editor is made and again when the error changes. */
const contentAttributes = (
  labelId: string,
  describedBy: string,
  error: string | undefined,
): Record<string, string> => ({
  role: 'textbox',
  'aria-multiline': 'true',
  'aria-labelledby': labelId,
  ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  ...(error ? { 'aria-invalid': 'true' } : {}),
  class: 'rich-text-content',
});

/** A labelled rich-text field (TipTap) with a toolbar: bold, italic, lists and links. */
export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  const editor = useEditor({
    extensions,
    content: value,
    // Rendering on the client only; without this TipTap warns about server rendering.
    immediatelyRender: false,
    editorProps: { attributes: contentAttributes(labelId, describedBy, error) },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      emitted.current = html;
      onChangeRef.current(html);
    },
  });

  // A new value from outside (the latest version loaded) replaces the content; our own echo does not.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // Attributes follow the error state (aria-invalid, the error's id).
  useEffect(() => {
    editor?.setOptions({
      editorProps: { attributes: contentAttributes(labelId, describedBy, error) },
    });
  }, [editor, labelId, describedBy, error]);

  return (
    <div className="field rich-text">
      <span id={labelId} className="field-label">
        {label}
      </span>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <div className={error ? 'rich-text-frame is-invalid' : 'rich-text-frame'}>
        {editor ? <Toolbar editor={editor} label={label} /> : null}
        <EditorContent editor={editor} />
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type TipTapEditor = NonNullable<ReturnType<typeof useEditor>>;

function Toolbar({ editor, label }: { editor: TipTapEditor; label: string }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const chain = () => editor.chain().focus();
  const buttons = [
    { name: 'Vet', mark: 'B', style: 'bold', pressed: active.bold, run: () => chain().toggleBold().run() },
    {
      name: 'Cursief',
      mark: 'I',
      style: 'italic',
      pressed: active.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      name: 'Opsomming',
      mark: '•',
      style: 'list',
      pressed: active.bulletList,
      run: () => chain().toggleBulletList().run(),
    },
    {
      name: 'Genummerde lijst',
      mark: '1.',
      style: 'list',
      pressed: active.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
  ] as const;

  return (
    <>
      <div className="rich-text-toolbar" role="toolbar" aria-label={`Opmaak: ${label}`}>
        {buttons.map((button) => (
          <button
            key={button.name}
            type="button"
            className="toolbar-button"
            aria-pressed={button.pressed}
            title={button.name}
            onClick={button.run}
          >
            <span aria-hidden="true" className={`toolbar-mark toolbar-mark-${button.style}`}>
              {button.mark}
            </span>
            <span className="visually-hidden">{button.name}</span>
          </button>
        ))}
        <button
          type="button"
          className="toolbar-button toolbar-button-text"
          aria-pressed={active.link}
          aria-expanded={linkOpen}
          onClick={() => setLinkOpen((open) => !open)}
        >
          Link
        </button>
      </div>
      {linkOpen ? <LinkForm editor={editor} onClose={() => setLinkOpen(false)} /> : null}
    </>
  );
}

function LinkForm({ editor, onClose }: { editor: TipTapEditor; onClose: () => void }) {
  const id = useId();
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [href, setHref] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  const close = () => {
    onClose();
    editor.commands.focus();
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const link = surveyLinkFrom(href);
    if (!link.ok) {
      setError(link.message);
      return;
    }
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive('link')) {
      editor
        .chain()
        .focus()
        .insertContent({
          type: 'text',
          text: link.href,
          marks: [{ type: 'link', attrs: { href: link.href } }],
        })
        .run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href: link.href }).run();
    }
    onClose();
  };

  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };

  return (
    // A form of its own inside the page: Enter applies the link instead of submitting anything else.
    <form
      className="rich-text-link"
      onSubmit={apply}
      onKeyDown={(event) => event.key === 'Escape' && close()}
    >
      <div className="field">
        <label htmlFor={`${id}-href`}>Linkadres</label>
        <input
          ref={input}
          id={`${id}-href`}
          type="text"
          inputMode="url"
          autoComplete="url"
          placeholder="https://…"
          value={href}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setHref(event.target.value);
            setError(null);
          }}
        />
        <FieldError id={`${id}-error`} error={error} />
      </div>
      <div className="actions">
        <button type="submit" className="button">
          Link toepassen
        </button>
        {current ? (
          <button type="button" className="button button-secondary" onClick={remove}>
            Link weghalen
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={close}>
          Annuleren
        </button>
      </div>
    </form>
  );
}
