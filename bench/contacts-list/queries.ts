/** The list requests bench/contacts-list measures: a name, [path and query]. */
export const QUERIES: readonly (readonly [string, string])[] = [
  ["search 'jan'", '?q=jan'],
  ["search 'utrecht'", '?q=utrecht'],
  ["part of an e-mail 'vries.12'", '?q=vries.12'],
  ['tag vip', '?tag=vip'],
  ['sorted by city', '?sort=city'],
  ['late page (1,900 of 2,000)', '?page=1900'],
  ['jan + tag klant, city desc', '?q=jan&tag=klant&sort=city&order=desc'],
];
