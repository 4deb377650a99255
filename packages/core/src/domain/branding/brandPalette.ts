import { DEFAULT_PRIMARY_COLOR } from './colour';

/** The CSS colours derived from an organisation's brand colour. */
export interface BrandPalette {
  /** The brand colour itself: button backgrounds, focus rings. */
  readonly brand: string;
  /** Text on the brand colour: white or near-black, whichever reads better. */
  readonly onBrand: string;
  /** The brand colour darkened until it reads as text on white (links), WCAG AA 4.5:1. */
  readonly brandInk: string;
}

const DARK_TEXT = '#111827';
const LIGHT_TEXT = '#ffffff';

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return null;
  return [Number.parseInt(match[1]!, 16), Number.parseInt(match[2]!, 16), Number.parseInt(match[3]!, 16)];
}

const toHex = (rgb: Rgb): string =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) return 1;
  const [light, dark] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The text colour with the better contrast on `background`. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT)
    ? LIGHT_TEXT
    : DARK_TEXT;
}

/** Darkens `colour` in small steps until it reaches 4.5:1 on white. */
function inkOnWhite(colour: string): string {
  const rgb = parseHex(colour);
  if (!rgb) return DARK_TEXT;
  for (let factor = 1; factor >= 0; factor -= 0.05) {
    const candidate = toHex([rgb[0] * factor, rgb[1] * factor, rgb[2] * factor]);
    if (contrastRatio(candidate, LIGHT_TEXT) >= 4.5) return candidate;
  }
  return DARK_TEXT;
}

export function brandPalette(primaryColor: string): BrandPalette {
  const brand = parseHex(primaryColor) ? primaryColor.toLowerCase() : DEFAULT_PRIMARY_COLOR;
  return { brand, onBrand: readableTextOn(brand), brandInk: inkOnWhite(brand) };
}
