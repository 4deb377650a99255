// The privacy feature: personal data out of free text before any prompt for a language model
// (IBANs, citizen service numbers, e-mail addresses, phone numbers, addresses, the organisation's
// people's names), and what a model writes back made plain text without them (R-PRIV-4 to R-PRIV-9).
// What other features and packages use of it; everything else in this folder is internal.
export { onlyPlaceholders, plainModelText } from './modelText';
export type { PersonalDataMasker } from './personalData';
export { createPersonalDataMasker, isBsn, PLACEHOLDER_PATTERN, PLACEHOLDERS } from './personalData';
export type { NameMatcher } from './personNames';
export { createNameMatcher } from './personNames';
