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
