// The shared feature: Result helpers, the state store of every core store, consent, file names, list filters, paging
// and single-line text (R-TEXT-1).
// What other features and packages use of it; everything else in this folder is internal.
export type { Clock, Timer } from './clock';
export type { ConsentStore, ConsentValue } from './consent';
export { CONSENT_KEYS, consentKeyFor, parseConsent, shouldShowConsentBanner } from './consent';
export type { DownloadedFile, FileContent, FileSaver } from './downloads';
export { dutchLabel } from './dutchLabel';
export type { FieldErrors } from './fieldErrors';
export { fileNameDate, fileNamePart } from './fileName';
export type { ListFilter } from './listFilter';
export { isListFiltered, listFilterKey, listSearchText, listStatusOf } from './listFilter';
export { pageCount } from './paging';
export type { Result } from './result';
export { err, ok } from './result';
export { isSingleLine, singleLine } from './singleLine';
export { createStateStore } from './stateStore';
export { decodeTextBytes, detectTextEncoding } from './textEncoding';
