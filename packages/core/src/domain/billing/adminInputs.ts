/** A price typed by an admin, '29,50' or '29.50', as euros; null when it is not a price. */
export function parsePriceInput(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Number(normalised);
}

/** A price as the admin's price field shows it: '29,50'. */
export const priceInputText = (price: number): string => price.toFixed(2).replace('.', ',');

/** An organisation id typed by an admin: a positive whole number, or null. */
export function parseOrganisationIdInput(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return id > 0 ? id : null;
}
