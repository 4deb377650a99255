/**
 * Searching the answers of an open question on the results page. Case and accents are ignored
 * ('cafe' finds 'Café', 'CAFÉ' finds 'cafe'), and every word of the query must occur somewhere in
 * the answer, in any order.
 */

/** Lower case without diacritics, so 'Één' and 'een' compare equal. */
export const foldForSearch = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('nl');

/** A matcher for a query; an empty (or blank) query matches everything. */
export function openAnswerMatcher(query: string): (text: string) => boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => true;
  return (text) => {
    const folded = foldForSearch(text);
    return words.every((word) => folded.includes(word));
  };
}

/** The answers that match the query, in their order. */
export function searchOpenAnswers<T>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
  const matches = openAnswerMatcher(query);
  return items.filter((item) => matches(textOf(item)));
}
