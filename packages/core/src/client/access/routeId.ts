/**
 * An id from an address (`/survey/:id`): a positive whole number without leading zeros that fits
 * in a safe integer, or null when the address holds anything else, so a screen can say "not found"
 * without asking the server.
 */
export function parseRouteId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
