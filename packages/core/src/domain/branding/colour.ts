/** The brand colour is a six-digit hex colour such as `#1f6feb`. */
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export const DEFAULT_PRIMARY_COLOR = '#2563eb';

export function primaryColorError(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'string' || !HEX_COLOUR.test(value))
    return 'Kies een kleur in de vorm #rrggbb, bijvoorbeeld #2563eb.';
  return null;
}

/** Upload rules for logo and background, shared by the form and the server. */
export const BRANDING_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const BRANDING_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type BrandingUploadType = (typeof BRANDING_UPLOAD_TYPES)[number];
export const BRANDING_UPLOAD_TOO_LARGE = 'Het bestand is te groot (maximaal 2 MB).';
export const BRANDING_UPLOAD_WRONG_TYPE = 'Alleen PNG-, JPEG-, WebP- of GIF-afbeeldingen zijn toegestaan.';
