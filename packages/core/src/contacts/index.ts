// The contacts feature: the rules of one contact (checked and normalised, the same for the API and
// the CSV import), the list's filters and query string, and reading contacts from a CSV file; and
// the client side of the /contacten screen: the gateway port, its use-cases, the list's address and
// selection, the add/edit form and the CSV import's state machine. The wire types are in the
// contract feature (contract/contacts.ts).
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
export type { ContactForm } from './contactFormState';
export {
  CONTACT_LANGUAGE_LABELS,
  contactFormInput,
  contactFormOf,
  contactLanguageOf,
  EMPTY_CONTACT_FORM,
} from './contactFormState';
export type {
  ChosenContactFile,
  ContactImportEvent,
  ContactImportSession,
} from './contactImportSession';
export {
  CONTACT_IMPORT_BYTES_MAX,
  CONTACT_IMPORT_FIELD_LABELS,
  CONTACT_IMPORT_MESSAGES,
  CONTACT_IMPORT_START,
  contactImportProgress,
  contactImportReport,
  contactImportStep,
  contactMappingProblem,
  DELIMITER_LABELS,
  ENCODING_LABELS,
  isContactImportBusy,
  mappedSample,
  withMappedField,
} from './contactImportSession';
export type { ContactFilterPatch, ContactListAddress, ContactListSelection } from './contactListState';
export {
  ariaSortOf,
  bulkSelectionOf,
  CONTACT_PAGE_SIZE,
  changeContactFilter,
  chooseSegment,
  contactCount,
  contactEraseText,
  contactExportQuery,
  contactFilterKey,
  contactFilterOf,
  contactListQuery,
  contactListSearch,
  DEFAULT_CONTACT_LIST,
  filterPartsOf,
  isContactListFiltered,
  isPageSelected,
  isRowSelected,
  NO_SELECTION,
  readContactListAddress,
  segmentOf,
  selectedCount,
  sortContactsBy,
  tagsOfText,
  togglePage,
  toggleRow,
} from './contactListState';
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
  foldForSearch,
  isContactEmail,
  normalisePostcode,
  normaliseTags,
  patchedContact,
  searchTerms,
  tagsProblem,
} from './contactRules';
export type { ContactImportUpload, ContactsGateway } from './contactsPorts';
export type { ContactsUseCaseDeps, ContactsUseCases } from './contactsUseCases';
export { createContactsUseCases, IMPORT_POLL_MS } from './contactsUseCases';
