/**
 * Per-field errors of a form, in Dutch, keyed by field name; an empty object means the input is
 * valid. Shared by every feature's form rules and by `FormResult`.
 */
export type FieldErrors = Readonly<Record<string, string>>;
