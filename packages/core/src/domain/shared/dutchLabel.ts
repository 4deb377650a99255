/** The Dutch label of a value, the value itself when unknown, '-' when missing. */
export const dutchLabel = (
  table: Readonly<Record<string, string>>,
  value: string | null | undefined,
): string =>
  value == null || value === '' ? '-' : Object.hasOwn(table, value) ? (table[value] as string) : value;
