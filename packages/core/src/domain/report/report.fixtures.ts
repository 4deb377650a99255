import type { PdfDocument, PdfFont, PdfItem } from './pdfDocument';
import type { TextMeasure } from './reportPorts';

/** Every character half its font size wide (bold a tenth wider): simple sums the tests can check. */
export const fixedWidthMeasure: TextMeasure = {
  width: (text: string, font: PdfFont) =>
    Array.from(text).length * font.size * (font.style === 'bold' ? 0.55 : 0.5),
};

export type TextItem = Extract<PdfItem, { kind: 'text' }>;

export const textsOf = (items: readonly PdfItem[]): TextItem[] =>
  items.filter((item): item is TextItem => item.kind === 'text');

/** The texts of every page but the footer, page by page. */
export const bodyTexts = (doc: PdfDocument): string[][] =>
  doc.pages.map((page) => textsOf(page.items.slice(0, -1)).map((item) => item.text));
