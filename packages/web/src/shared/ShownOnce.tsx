import { useRef } from 'react';
import { useCopyText } from '../surveys/results/useCopyText';

/**
 * Something the server keeps only as a hash, shown this once (a results link's address, an API
 * key): a warning, the text selected on focus and a copy button that selects it where copying fails.
 */
export function ShownOnce({
  id,
  heading,
  warning,
  label,
  value,
  copyLabel,
  copied,
}: {
  /** The input's id; the heading's is `<id>-heading`. */
  readonly id: string;
  readonly heading: string;
  readonly warning: string;
  /** The input's label, for screen readers. */
  readonly label: string;
  readonly value: string;
  readonly copyLabel: string;
  /** The toast after copying. */
  readonly copied: string;
}) {
  const copy = useCopyText();
  const input = useRef<HTMLInputElement>(null);
  return (
    <section className="created-links" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>{heading}</h4>
      <p className="alert alert-info" role="status">
        {warning}
      </p>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        ref={input}
        type="text"
        readOnly
        value={value}
        onFocus={(event) => event.target.select()}
      />
      <p className="actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void copy(value, copied, () => input.current?.select())}
        >
          {copyLabel}
        </button>
      </p>
    </section>
  );
}
