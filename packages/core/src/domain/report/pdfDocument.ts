/**
 * A PDF as a display list: pages of positioned text runs, images and lines, in points with y
 * measured from the top of the page. Core lays a document out as this list; an adapter (jsPDF)
 * draws it. Nothing here knows a PDF library.
 */

/** Helvetica in one of two weights at a size in points. */
export interface PdfFont {
  readonly style: 'normal' | 'bold';
  readonly size: number;
}

/**
 * A fill colour as red, green and blue from 0 to 255; three equal channels are a grey (the engine
 * may write those as a grey level).
 */
export type PdfColor = readonly [red: number, green: number, blue: number];

/**
 * One thing drawn on a page. Text: `y` is its baseline, `x` its left edge (or its centre with
 * `align: 'center'`). Image and rect: `x`, `y` their top-left corner; a rect is a box filled with
 * `fill` and no outline (the bars of a chart). Line: from (x1, y1) to (x2, y2).
 */
export type PdfItem =
  | {
      readonly kind: 'text';
      readonly x: number;
      readonly y: number;
      readonly text: string;
      readonly font: PdfFont;
      readonly align?: 'left' | 'center';
    }
  | {
      readonly kind: 'image';
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
      readonly dataUrl: string;
      readonly format: 'PNG' | 'JPEG';
    }
  | {
      readonly kind: 'rect';
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
      readonly fill: PdfColor;
    }
  | {
      readonly kind: 'line';
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
    };

export interface PdfPage {
  readonly items: PdfItem[];
}

/** A document of equal pages, `width` × `height` points. */
export interface PdfDocument {
  readonly width: number;
  readonly height: number;
  readonly pages: PdfPage[];
  /** The title in the file's properties (what a PDF viewer shows in its title bar). */
  readonly title?: string;
  /**
   * The creation date and file identifier (32 hex digits) written into the file, for a document
   * that must come out byte for byte the same each time it is drawn (an invoice); without it the
   * engine takes its clock and a random identifier.
   */
  readonly identity?: { readonly createdAt: Date; readonly fileId: string };
}
