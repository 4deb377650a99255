import type { PdfDocument, PdfFont, PdfItem } from './pdfDocument';
import type { LogoImage, TextMeasure } from './reportPorts';
import { wrapText } from './wrapText';

/**
 * The page every Loop PDF is laid out on, in points (R-ANALYSIS-10, the business analysis PDF's measures;
 * the results summary uses the same): A4 portrait, margin 60, body line step 20, nothing below
 * `height − margin − 40`, and the footer's baseline in the bottom margin below that limit.
 */
export const PDF_PAGE = {
  width: 595.28,
  height: 841.89,
  margin: 60,
  lineStep: 20,
  bottomLimit: 841.89 - 60 - 40,
  footerY: 841.89 - 30,
} as const;

/** The left and right edges of the text: the page within its margins. */
export const PDF_TEXT_LEFT = PDF_PAGE.margin;
export const PDF_TEXT_RIGHT = PDF_PAGE.width - PDF_PAGE.margin;

/** The box a logo is scaled into (R-ANALYSIS-11: 120 × 60). */
export const PDF_LOGO_MAX = { width: 120, height: 60 } as const;

export const PDF_FOOTER_FONT = { style: 'normal', size: 9 } as const satisfies PdfFont;

/** The footer of page `page` of `pages` (R-ANALYSIS-10). */
export const pageFooter = (page: number, pages: number): string => `Pagina ${page} van ${pages}`;

/**
 * The logo's size in points within 120 × 60, its aspect kept. A logo is made smaller to fit but
 * never larger than its natural size (pixels taken as points): enlarging would only blur it.
 */
export function fitLogo(logo: Pick<LogoImage, 'width' | 'height'>): { width: number; height: number } {
  if (!(logo.width > 0 && logo.height > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, PDF_LOGO_MAX.width / logo.width, PDF_LOGO_MAX.height / logo.height);
  return { width: logo.width * scale, height: logo.height * scale };
}

/**
 * Writing down the pages: a cursor (the baseline of the line drawn last) that starts a new page
 * whenever the next line would pass the bottom limit. Every layout of a Loop PDF flows its content
 * through one, so page geometry, wrapping and page breaks are the same in all of them.
 */
export class PdfPageFlow {
  readonly #pages: PdfItem[][] = [];
  #items: PdfItem[] = [];
  /** The baseline of the line drawn last (or the top margin on a fresh page). */
  #y: number = PDF_PAGE.margin;

  constructor(readonly measure: TextMeasure) {
    this.newPage();
  }

  /** The pages so far, in order; the last is the one being written. */
  get pages(): readonly (readonly PdfItem[])[] {
    return this.#pages;
  }

  /** Where the cursor stands: the last baseline, or the top margin on a fresh page. */
  get y(): number {
    return this.#y;
  }

  /** Nothing written on this page yet. */
  get atTop(): boolean {
    return this.#y === PDF_PAGE.margin;
  }

  newPage(): void {
    this.#items = [];
    this.#pages.push(this.#items);
    this.#y = PDF_PAGE.margin;
  }

  /**
   * Moves down `step` (with `keep` more still to fit below it) or, when that would pass the bottom
   * limit, to the first line of a new page; never from a page's top, where nothing fits better.
   * Answers the new baseline.
   */
  advance(step: number, keep = 0): number {
    if (this.#y + step + keep > PDF_PAGE.bottomLimit && !this.atTop) this.newPage();
    this.#y += step;
    return this.#y;
  }

  /** Starts a new page unless `height` more fits below the cursor: keeps a block together. */
  keepTogether(height: number): void {
    if (this.#y + height > PDF_PAGE.bottomLimit && !this.atTop) this.newPage();
  }

  /** Moves down by `space` without drawing (none at a page's top), at most to the bottom limit. */
  gap(space: number): void {
    if (!this.atTop) this.#y = Math.min(this.#y + space, PDF_PAGE.bottomLimit);
  }

  /** Puts an item on the current page as it is. */
  draw(item: PdfItem): void {
    this.#items.push(item);
  }

  /** One line of text on the next baseline, `step` down; answers the baseline. */
  text(x: number, text: string, font: PdfFont, step: number, keep = 0): number {
    // The baseline first: advancing may start the page the line belongs on.
    const y = this.advance(step, keep);
    this.draw({ kind: 'text', x, y, text, font });
    return y;
  }

  /**
   * `text` wrapped between `x` and `right` (the text's right edge unless told), a line per `step`
   * (the body's 20 unless told), each keeping `keep` below it on its page; answers the baselines.
   */
  wrapped(
    x: number,
    text: string,
    font: PdfFont,
    options: { readonly step?: number; readonly right?: number; readonly keep?: number } = {},
  ): number[] {
    const { step = PDF_PAGE.lineStep, right = PDF_TEXT_RIGHT, keep = 0 } = options;
    return wrapText(text, right - x, font, this.measure).map((line) => this.text(x, line, font, step, keep));
  }

  /** A rule across the text width, in the middle of a line's step. */
  rule(): void {
    const y = this.advance(PDF_PAGE.lineStep) - PDF_PAGE.lineStep / 2;
    this.draw({ kind: 'line', x1: PDF_TEXT_LEFT, y1: y, x2: PDF_TEXT_RIGHT, y2: y });
  }
}

/**
 * The finished document: the pages given (empty ones left out, at least one kept), each ending
 * with 'Pagina X van Y' centred in the bottom margin (R-ANALYSIS-10).
 */
export function finishPdf(pages: readonly (readonly PdfItem[])[], title: string): PdfDocument {
  const filled = pages.filter((items) => items.length > 0);
  const kept = filled.length > 0 ? filled : [[]];
  return {
    width: PDF_PAGE.width,
    height: PDF_PAGE.height,
    title,
    pages: kept.map((items, index) => ({
      items: [
        ...items,
        {
          kind: 'text',
          x: PDF_PAGE.width / 2,
          y: PDF_PAGE.footerY,
          text: pageFooter(index + 1, kept.length),
          font: PDF_FOOTER_FONT,
          align: 'center',
        },
      ],
    })),
  };
}
