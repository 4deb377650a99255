import type { PdfDocument, PdfFont } from './pdfDocument';

/** How wide a text is drawn in a font, in points: the PDF engine's own metrics. */
export interface TextMeasure {
  width(text: string, font: PdfFont): number;
}

/** A logo ready to embed: its image data and natural size in pixels. */
export interface LogoImage {
  readonly dataUrl: string;
  readonly format: 'PNG' | 'JPEG';
  readonly width: number;
  readonly height: number;
}

/** Draws a display list as PDF bytes; loaded only when a PDF is asked for. */
export interface PdfEngine {
  readonly measure: TextMeasure;
  render(doc: PdfDocument): Uint8Array;
}

/** Fetches the first of `urls` that answers with a PNG or JPEG; null when none does. */
export interface LogoLoader {
  load(urls: readonly string[]): Promise<LogoImage | null>;
}
