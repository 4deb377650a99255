import type { SurveyEmbed } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { EMBED_ORIGINS_MAX, originLines } from '@loop/core/surveys/embed';
import { type FormEvent, useId, useState } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useNotices } from '../../app/useServices';
import { FormAlert } from '../../forms/FormAlert';

/** What the toast says after a save. */
export const ORIGINS_SAVED = 'De websites zijn opgeslagen.';

/** Each refused line with its reason, in the order typed (`origins.<index>` counts the filled lines). */
function lineErrors(text: string, fields: FieldErrors): string[] {
  const lines = originLines(text);
  return Object.entries(fields).map(([key, message]) => {
    const index = Number(key.split('.')[1]);
    const line = Number.isInteger(index) ? lines[index] : undefined;
    return line === undefined ? message : `${line}: ${message}`;
  });
}

/**
 * 'Websites die de survey mogen tonen' (R-EMBED-1): one website a line, checked by the same rule as
 * the server's before it is sent. Readers (Lezer) see the list without a way to change it.
 */
export function EmbedOrigins({
  surveyId,
  embed,
  canManage,
  onSaved,
}: {
  surveyId: number;
  embed: SurveyEmbed;
  canManage: boolean;
  onSaved: (embed: SurveyEmbed) => void;
}) {
  const useCases = useAsyncInjection(TOKENS.EmbedUseCases);
  const notices = useNotices();
  const id = useId();
  const [text, setText] = useState(() => embed.origins.join('\n'));
  const [errors, setErrors] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!canManage)
    return (
      <div className="embed-origins">
        <h4>Websites die de survey mogen tonen</h4>
        {embed.origins.length === 0 ? (
          <p>Nog geen enkele website.</p>
        ) : (
          <ul data-testid="embed-origins-list">
            {embed.origins.map((origin) => (
              <li key={origin}>{origin}</li>
            ))}
          </ul>
        )}
        <p className="field-hint">{PERMISSION_DENIED['surveys.build']}</p>
      </div>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await useCases.saveOrigins(surveyId, text);
    setBusy(false);
    if (result.ok) {
      setText(result.value.origins.join('\n'));
      setErrors([]);
      setMessage(null);
      onSaved(result.value);
      notices.success(ORIGINS_SAVED);
      return;
    }
    setErrors(lineErrors(text, result.fields));
    setMessage(Object.keys(result.fields).length > 0 ? null : result.message);
  };

  return (
    <form className="embed-origins form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-origins`}>Websites die de survey mogen tonen</label>
        <p id={`${id}-hint`} className="field-hint">
          Eén adres per regel, zoals https://www.voorbeeld.nl: alleen https, zonder pad en zonder *; hoogstens{' '}
          {EMBED_ORIGINS_MAX}. Op andere websites weigert de browser de survey te tonen.
        </p>
        <textarea
          id={`${id}-origins`}
          rows={3}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          value={text}
          aria-invalid={errors.length > 0 ? true : undefined}
          aria-describedby={errors.length > 0 ? `${id}-hint ${id}-errors` : `${id}-hint`}
          onChange={(event) => setText(event.target.value)}
        />
        {errors.length > 0 ? (
          <ul id={`${id}-errors`} className="field-error embed-origin-errors" role="alert">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <FormAlert message={message} />
      <div className="actions">
        <button
          type="submit"
          className="button button-secondary"
          disabled={busy}
          aria-busy={busy || undefined}
        >
          Websites opslaan
        </button>
      </div>
    </form>
  );
}
