import type { RatingSettings } from '@loop/core';

const STYLES = [
  { value: 'stars', label: 'Sterren' },
  { value: 'numbers', label: 'Cijfers' },
] as const;

/** Rating 1–5: drawn as stars or as numbers, with a preview. */
export function RatingEditor({
  idPrefix,
  settings,
  onChange,
}: {
  idPrefix: string;
  settings: RatingSettings;
  onChange: (settings: RatingSettings) => void;
}) {
  return (
    <fieldset className="choice-group">
      <legend>Weergave</legend>
      <div className="choice-row">
        {STYLES.map((style) => (
          <label key={style.value} className="checkbox">
            <input
              type="radio"
              name={`${idPrefix}-style`}
              value={style.value}
              checked={settings.style === style.value}
              onChange={() => onChange({ ...settings, style: style.value })}
            />
            {style.label}
          </label>
        ))}
      </div>
      <p className="rating-preview" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className="rating-preview-item">
            {settings.style === 'stars' ? '★' : n}
          </span>
        ))}
      </p>
    </fieldset>
  );
}
