// The branding store: the organisation's branding as loaded, saved and uploaded (BrandingStore).
// What other features and packages use of it; everything else in this folder is internal.
export type { BrandingState } from './BrandingStore';
export { BrandingStore } from './BrandingStore';
