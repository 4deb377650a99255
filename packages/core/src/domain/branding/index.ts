// The branding feature: an organisation's colours, logo and background (their store is the
// client's: `client/brandingStore`).
// What other features and packages use of it; everything else in this folder is internal.
export type { BrandingView } from './brandingView';
export { brandingView, loadBranding, withVersion } from './brandingView';
export { brandPalette } from './brandPalette';
export type { BrandingUploadType } from './colour';
export {
  BRANDING_UPLOAD_MAX_BYTES,
  BRANDING_UPLOAD_TOO_LARGE,
  BRANDING_UPLOAD_TYPES,
  BRANDING_UPLOAD_WRONG_TYPE,
  DEFAULT_PRIMARY_COLOR,
  primaryColorError,
} from './colour';
