/** A database id as typed ('12'), or null: digits only, no sign, no leading zero. */
export function positiveId(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && String(id) === raw ? id : null;
}
