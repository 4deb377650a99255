import {
  DEFAULT_EMBED_OPTIONS,
  EMBED_DELAY_MAX,
  type EmbedMode,
  type EmbedOpening,
  type EmbedOptions,
  embedCode,
  embedDelay,
  embedPreviewPath,
} from '@loop/core/surveys/embed';
import { useId, useRef, useState } from 'react';
import { useCopyText } from '../results/useCopyText';

/** What the toast says after a copy. */
export const CODE_COPIED = 'De code is gekopieerd.';

const MODES: ReadonlyArray<{ value: EmbedMode; label: string }> = [
  { value: 'inline', label: 'In de pagina' },
  { value: 'slide-in', label: 'Als schuifpaneel' },
];

const OPENINGS: ReadonlyArray<{ value: EmbedOpening; label: string }> = [
  { value: 'delay', label: 'Na een aantal seconden' },
  { value: 'button', label: 'Als een bezoeker op een knop klikt' },
];

/**
 * The code to paste (R-EMBED-6) for the display chosen here, and a live preview of it (R-EMBED-8):
 * Loop's preview page runs the same code in a frame below.
 */
export function EmbedCode({ loopOrigin, token }: { loopOrigin: string; token: string }) {
  const id = useId();
  const copy = useCopyText();
  const field = useRef<HTMLTextAreaElement>(null);
  const [options, setOptions] = useState<EmbedOptions>(DEFAULT_EMBED_OPTIONS);
  const [delay, setDelay] = useState(String(DEFAULT_EMBED_OPTIONS.delaySeconds));
  const code = embedCode(loopOrigin, token, options);
  const preview = embedPreviewPath(token, options);

  return (
    <div className="embed-code">
      <fieldset className="embed-choice">
        <legend>Weergave</legend>
        {MODES.map(({ value, label }) => (
          <div key={value} className="radio">
            <input
              id={`${id}-mode-${value}`}
              type="radio"
              name={`${id}-mode`}
              checked={options.mode === value}
              onChange={() => setOptions({ ...options, mode: value })}
            />
            <label htmlFor={`${id}-mode-${value}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      {options.mode === 'slide-in' ? (
        <fieldset className="embed-choice">
          <legend>Openen</legend>
          {OPENINGS.map(({ value, label }) => (
            <div key={value} className="radio">
              <input
                id={`${id}-opening-${value}`}
                type="radio"
                name={`${id}-opening`}
                checked={options.opening === value}
                onChange={() => setOptions({ ...options, opening: value })}
              />
              <label htmlFor={`${id}-opening-${value}`}>{label}</label>
            </div>
          ))}
          {options.opening === 'delay' ? (
            <div className="field field-narrow">
              <label htmlFor={`${id}-delay`}>Aantal seconden</label>
              <input
                id={`${id}-delay`}
                type="text"
                inputMode="numeric"
                maxLength={3}
                value={delay}
                aria-describedby={`${id}-delay-hint`}
                onChange={(event) => {
                  setDelay(event.target.value);
                  setOptions({ ...options, delaySeconds: embedDelay(event.target.value) });
                }}
              />
              <p id={`${id}-delay-hint`} className="field-hint">
                Van 0 tot en met {EMBED_DELAY_MAX}. Een bezoeker ziet het schuifpaneel één keer per survey.
              </p>
            </div>
          ) : (
            <p className="field-hint">
              De code bevat een knop; je kunt ook een eigen knop met dezelfde id gebruiken.
            </p>
          )}
        </fieldset>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-code`}>Code voor je website</label>
        <p id={`${id}-code-hint`} className="field-hint">
          Plak de code in de HTML van je website, op de plek waar de survey moet komen. Gebruikt je website
          een Content-Security-Policy, sta dan {loopOrigin} toe bij script-src en frame-src.
        </p>
        <textarea
          id={`${id}-code`}
          ref={field}
          className="embed-code-text"
          readOnly
          rows={options.mode === 'inline' || options.opening === 'button' ? 3 : 2}
          value={code}
          aria-describedby={`${id}-code-hint`}
          onFocus={(event) => event.target.select()}
        />
        <div className="actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              void copy(code, CODE_COPIED, () => {
                field.current?.focus();
                field.current?.select();
              })
            }
          >
            Code kopiëren
          </button>
        </div>
      </div>
      <figure className="embed-preview">
        <figcaption>Voorbeeld (antwoorden die je hier geeft, tellen mee)</figcaption>
        <iframe
          key={preview}
          src={preview}
          title="Voorbeeld van de survey op een website"
          data-testid="embed-preview"
        />
      </figure>
    </div>
  );
}
