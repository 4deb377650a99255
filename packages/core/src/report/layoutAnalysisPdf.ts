import { formatLongDay } from '../format';
import type { PdfDocument, PdfFont, PdfItem } from './pdfDocument';
import { type ReportBlock, reportBlocks } from './reportBlocks';
import type { LogoImage, TextMeasure } from './reportPorts';
import { wrapText } from './wrapText';

/**
 * The business analysis PDF's measures (spec §9), in points: A4 portrait, margin 60, body line step
 * 20, nothing below `height − margin − 40`.
 */
export const ANALYSIS_PDF = {
  width: 595.28,
  height: 841.89,
  margin: 60,
  lineStep: 20,
  bottomLimit: 841.89 - 60 - 40,
  /** The baseline of 'Pagina X van Y', in the bottom margin below the bottom limit. */
  footerY: 841.89 - 30,
  logoMaxWidth: 120,
  logoMaxHeight: 60,
} as const;

/** The cover's title (spec §9). */
export const ANALYSIS_PDF_TITLE = 'Bedrijfsanalyse Rapport';

/** The footer of page `page` of `pages` (spec §9). */
export const pageFooter = (page: number, pages: number): string => `Pagina ${page} van ${pages}`;

export const ANALYSIS_PDF_FONTS = {
  body: { style: 'normal', size: 11 },
  bold: { style: 'bold', size: 11 },
  heading1: { style: 'bold', size: 18 },
  heading2: { style: 'bold', size: 15 },
  heading3: { style: 'bold', size: 13 },
  footer: { style: 'normal', size: 9 },
  title: { style: 'bold', size: 26 },
  organisation: { style: 'bold', size: 16 },
  date: { style: 'normal', size: 12 },
} as const satisfies Record<string, PdfFont>;

/** From one baseline to the next after a heading of each level (the body's step is 20). */
const HEADING_STEP = { 1: 30, 2: 26, 3: 22 } as const;
const HEADING_FONT = {
  1: ANALYSIS_PDF_FONTS.heading1,
  2: ANALYSIS_PDF_FONTS.heading2,
  3: ANALYSIS_PDF_FONTS.heading3,
} as const;
/** A blank line in the report: extra room between paragraphs. */
const PARAGRAPH_GAP = 10;
/** How far a list level, and a quote, moves in; an item's text hangs at its marker plus this. */
const INDENT = 18;
/** Room between a list marker wider than the indent ('10.') and its text. */
const MARKER_SPACE = 4;
/** Where the cover's title stands: about a third down the page. */
const COVER_TITLE_Y = 300;

export interface AnalysisPdfInput {
  readonly markdown: string;
  readonly organizationName: string | null;
  readonly generatedAt: Date;
  readonly logo: LogoImage | null;
  readonly measure: TextMeasure;
}

/**
 * The logo's size in points within 120 × 60, its aspect kept. A logo is made smaller to fit but
 * never larger than its natural size (pixels taken as points): enlarging would only blur it.
 */
export function fitLogo(logo: Pick<LogoImage, 'width' | 'height'>): { width: number; height: number } {
  if (!(logo.width > 0 && logo.height > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, ANALYSIS_PDF.logoMaxWidth / logo.width, ANALYSIS_PDF.logoMaxHeight / logo.height);
  return { width: logo.width * scale, height: logo.height * scale };
}

const { width: PAGE_WIDTH, margin: MARGIN } = ANALYSIS_PDF;
const RIGHT = PAGE_WIDTH - MARGIN;
const CENTRE = PAGE_WIDTH / 2;

/** The cover: logo at the top, then title, a rule, the organisation and the date, centred. */
function coverItems(input: AnalysisPdfInput): PdfItem[] {
  const items: PdfItem[] = [];
  const { logo, measure } = input;
  if (logo) {
    const size = fitLogo(logo);
    if (size.width > 0)
      items.push({
        kind: 'image',
        x: CENTRE - size.width / 2,
        y: MARGIN,
        ...size,
        dataUrl: logo.dataUrl,
        format: logo.format,
      });
  }
  let y = COVER_TITLE_Y;
  const centred = (text: string, font: PdfFont, step: number) => {
    for (const line of wrapText(text, RIGHT - MARGIN, font, measure)) {
      items.push({ kind: 'text', x: CENTRE, y, text: line, font, align: 'center' });
      y += step;
    }
  };
  centred(ANALYSIS_PDF_TITLE, ANALYSIS_PDF_FONTS.title, 34);
  items.push({ kind: 'line', x1: MARGIN, y1: y - 14, x2: RIGHT, y2: y - 14 });
  y += 16;
  const name = input.organizationName?.trim();
  if (name) centred(name, ANALYSIS_PDF_FONTS.organisation, 24);
  centred(formatLongDay(input.generatedAt), ANALYSIS_PDF_FONTS.date, 20);
  return items;
}

/** Lays the body's blocks out on as many pages as they need. */
class BodyWriter {
  readonly pages: PdfItem[][] = [];
  private items: PdfItem[] = [];
  /** The baseline of the line drawn last (or the top margin on a fresh page). */
  private y: number = MARGIN;

  constructor(private readonly measure: TextMeasure) {
    this.newPage();
  }

  private newPage(): void {
    this.items = [];
    this.pages.push(this.items);
    this.y = MARGIN;
  }

  private get atTop(): boolean {
    return this.y === MARGIN;
  }

  /** Makes room for `step` (and `keep` below it) or starts a new page; returns the next baseline. */
  private advance(step: number, keep = 0): number {
    if (this.y + step + keep > ANALYSIS_PDF.bottomLimit && !this.atTop) this.newPage();
    this.y += step;
    return this.y;
  }

  private text(x: number, text: string, font: PdfFont, step: number, keep = 0): void {
    // The baseline first: advancing may start the page the line belongs on.
    const y = this.advance(step, keep);
    this.items.push({ kind: 'text', x, y, text, font });
  }

  /** A wrapped text whose first line may carry a marker at `markerX`. */
  private wrapped(x: number, text: string, font: PdfFont, marker?: { x: number; text: string }): void {
    const lines = wrapText(text, RIGHT - x, font, this.measure);
    lines.forEach((line, index) => {
      this.text(x, line, font, ANALYSIS_PDF.lineStep);
      if (index === 0 && marker)
        this.items.push({ kind: 'text', x: marker.x, y: this.y, text: marker.text, font });
    });
  }

  write(block: ReportBlock): void {
    switch (block.kind) {
      case 'gap':
        if (!this.atTop) this.y = Math.min(this.y + PARAGRAPH_GAP, ANALYSIS_PDF.bottomLimit);
        return;
      case 'rule': {
        const y = this.advance(ANALYSIS_PDF.lineStep) - ANALYSIS_PDF.lineStep / 2;
        this.items.push({ kind: 'line', x1: MARGIN, y1: y, x2: RIGHT, y2: y });
        return;
      }
      case 'heading': {
        const font = HEADING_FONT[block.level];
        const step = HEADING_STEP[block.level];
        // A heading keeps a body line below it on its page: never alone at the foot of a page.
        wrapText(block.text, RIGHT - MARGIN, font, this.measure).forEach((line) => {
          this.text(MARGIN, line, font, step, ANALYSIS_PDF.lineStep);
        });
        return;
      }
      case 'item': {
        const markerX = MARGIN + block.depth * INDENT;
        const markerWidth = this.measure.width(block.marker, ANALYSIS_PDF_FONTS.body);
        const textX = markerX + Math.max(INDENT, markerWidth + MARKER_SPACE);
        this.wrapped(textX, block.text, ANALYSIS_PDF_FONTS.body, { x: markerX, text: block.marker });
        return;
      }
      case 'bold':
        this.wrapped(MARGIN, block.text, ANALYSIS_PDF_FONTS.bold);
        return;
      case 'paragraph':
        this.wrapped(block.quoted ? MARGIN + INDENT : MARGIN, block.text, ANALYSIS_PDF_FONTS.body);
        return;
    }
  }
}

/**
 * The business analysis as a PDF display list (spec §9). Page 1 is a cover of its own (logo,
 * 'Bedrijfsanalyse Rapport', organisation, date in Dutch), so the report starts on a fresh page
 * and the cover can be printed or left out on its own; the body follows from page 2: headings,
 * list items with hanging indents, bold lines and paragraphs wrapped to the text width, a new page
 * whenever the next line would pass the bottom limit. Every page, the cover too, ends with
 * 'Pagina X van Y' centred. The report is untrusted: it is only drawn as text.
 */
export function layoutAnalysisPdf(input: AnalysisPdfInput): PdfDocument {
  const writer = new BodyWriter(input.measure);
  for (const block of reportBlocks(input.markdown)) writer.write(block);
  const body = writer.pages.filter((items) => items.length > 0);
  const pages = [coverItems(input), ...body];
  return {
    width: ANALYSIS_PDF.width,
    height: ANALYSIS_PDF.height,
    title: ANALYSIS_PDF_TITLE,
    pages: pages.map((items, index) => ({
      items: [
        ...items,
        {
          kind: 'text',
          x: CENTRE,
          y: ANALYSIS_PDF.footerY,
          text: pageFooter(index + 1, pages.length),
          font: ANALYSIS_PDF_FONTS.footer,
          align: 'center',
        },
      ],
    })),
  };
}
