/** What a logo's bytes say about it: PNG or JPEG and the natural size in pixels; null otherwise. */
export interface ImageInfo {
  readonly format: 'PNG' | 'JPEG';
  readonly width: number;
  readonly height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const u16 = (bytes: Uint8Array, at: number): number => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u32 = (bytes: Uint8Array, at: number): number => u16(bytes, at) * 0x10000 + u16(bytes, at + 2);

/** A PNG's size from its IHDR chunk, which must come first. */
function pngInfo(bytes: Uint8Array): ImageInfo | null {
  if (bytes.length < 24 || !PNG_SIGNATURE.every((byte, at) => bytes[at] === byte)) return null;
  const ihdr = String.fromCharCode(...bytes.subarray(12, 16));
  if (ihdr !== 'IHDR') return null;
  return { format: 'PNG', width: u32(bytes, 16), height: u32(bytes, 20) };
}

/** Start-of-frame markers (baseline, progressive, lossless…), which carry the size; not DHT, JPG or DAC. */
const isStartOfFrame = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** A JPEG's size from its first start-of-frame segment, walking the segments before it. */
function jpegInfo(bytes: Uint8Array): ImageInfo | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 3 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes, and markers that stand alone (restart, start and end of image, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd9) || marker === 0x01) {
      if (marker === 0xd9) return null;
      at += 2;
      continue;
    }
    const length = u16(bytes, at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      return { format: 'JPEG', height: u16(bytes, at + 5), width: u16(bytes, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/**
 * The format and natural size of a PNG or JPEG from its first bytes, without decoding it or a DOM;
 * null for any other or damaged file, or one without a size.
 */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  const info = pngInfo(bytes) ?? jpegInfo(bytes);
  return info && info.width > 0 && info.height > 0 ? info : null;
}
