// The contacts feature: the rules of one contact (checked and normalised, the same for the API and
// the CSV import), the list's filters and query string, and reading contacts from a CSV file. The
// wire types are in the contract feature (contract/contacts.ts).
export type {
  CheckedContactMapping,
  ContactColumns,
  ReadContactRow,
  ResolvedContactColumns,
} from './contactCsv';
export {
  CONTACT_CSV_MESSAGES,
  checkContactMapping,
  readContactRow,
  resolveContactColumns,
  suggestContactMapping,
} from './contactCsv';
export type { CheckedFilter, CheckedListQuery, RawQuery } from './contactQuery';
export {
  CONTACT_PAGE_SIZE_DEFAULT,
  CONTACT_PAGE_SIZE_MAX,
  CONTACT_QUERY_MESSAGES,
  checkContactFilter,
  combineFilters,
  filterOfQuery,
  parseContactListQuery,
} from './contactQuery';
export type { CheckedContact, ContactValues } from './contactRules';
export {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  checkContact,
  contactSearchText,
  contactSortKeys,
  foldForSearch,
  isContactEmail,
  normalisePostcode,
  normaliseTags,
  patchedContact,
  searchTerms,
  tagsProblem,
} from './contactRules';
export type { FileDuplicateGroup, FileRow } from './fileDuplicates';
export {
  contactEmailKey,
  DUPLICATE_LINES_SHOWN,
  DUPLICATES_SHOWN,
  fileDuplicatesSummary,
  findFileDuplicates,
  skippedDuplicateLines,
} from './fileDuplicates';
export { colourByOf, colourQuestionOf } from './mapColouring';
