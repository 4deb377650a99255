/** The form-wide message: an error announced at once, or a quiet success. */
export function FormAlert({
  message,
  tone = 'error',
}: {
  message: string | null;
  tone?: 'error' | 'success';
}) {
  if (!message) return null;
  return tone === 'error' ? (
    <p className="alert alert-error" role="alert">
      {message}
    </p>
  ) : (
    <p className="alert alert-success" role="status">
      {message}
    </p>
  );
}

/** A field's error, announced at once; nothing while there is none. Inputs point at `id` with aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string | null | undefined }) {
  return error ? (
    <p id={id} className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}
