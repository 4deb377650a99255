// The /contacten screen's client side: the contacts gateway port, the screen's use-cases, the list's
// address and selection, the add/edit form and the CSV import's state machine. Apart from the
// contacts feature, which holds the rules the server shares, so the server imports no client code.
// The wire types are in the contract feature (contract/contacts.ts).
export type { ContactForm } from './contactFormState';
export {
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
  duplicateLinesText,
  duplicatesIntro,
  duplicatesKey,
  duplicatesToFind,
  ENCODING_LABELS,
  FILE_DUPLICATE_LABELS,
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
export type {
  ContactMapScreen,
  ContactMapUseCaseDeps,
  ContactMapUseCases,
  ContactPopup,
  ContactsView,
} from './contactMapUseCases';
export {
  contactAddressLine,
  contactMapQuery,
  contactPopup,
  createContactMapUseCases,
  invitationLines,
  invitationStatusText,
  NOT_PLACED_PAGE_SIZE,
  readContactsView,
  readMapColour,
  withContactsView,
} from './contactMapUseCases';
export type {
  ContactPlacement,
  ContactPlacementEvent,
  ContactPlacementNews,
  ContactPlacing,
} from './contactPlacement';
export { CONTACT_PLACEMENT_START, contactPlacementStep, isPlacing } from './contactPlacement';
export type { ContactImportUpload, ContactsGateway } from './contactsPorts';
export type { ContactsUseCaseDeps, ContactsUseCases } from './contactsUseCases';
export { createContactsUseCases, IMPORT_POLL_MS } from './contactsUseCases';
