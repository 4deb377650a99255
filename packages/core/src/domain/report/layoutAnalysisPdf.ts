import { formatLongDay } from '../format';
import type { HtmlNode } from '../html';
import type { PdfDocument, PdfFont, PdfItem } from './pdfDocument';
import {
  finishPdf,
  fitLogo,
  PDF_FOOTER_FONT,
  PDF_LOGO_MAX,
  PDF_PAGE,
  PDF_TEXT_LEFT,
  PDF_TEXT_RIGHT,
  PdfPageFlow,
} from './pdfPageFlow';
import { type ReportBlock, reportBlocks } from './reportBlocks';
import type { LogoImage, TextMeasure } from './reportPorts';
import { wrapText } from './wrapText';

export { fitLogo, pageFooter } from './pdfPageFlow';

/**
 * The business analysis PDF's measures (R-ANALYSIS-10), in points: Loop's PDF page (A4 portrait, margin
 * 60, body line step 20, nothing below `height − margin − 40`, the footer's baseline below that)
 * and the logo's box.
 */
export const ANALYSIS_PDF = {
  ...PDF_PAGE,
  logoMaxWidth: PDF_LOGO_MAX.width,
  logoMaxHeight: PDF_LOGO_MAX.height,
} as const;

/** The cover's title (R-ANALYSIS-11). */
export const ANALYSIS_PDF_TITLE = 'Bedrijfsanalyse Rapport';

export const ANALYSIS_PDF_FONTS = {
  body: { style: 'normal', size: 11 },
  bold: { style: 'bold', size: 11 },
  heading1: { style: 'bold', size: 18 },
  heading2: { style: 'bold', size: 15 },
  heading3: { style: 'bold', size: 13 },
  footer: PDF_FOOTER_FONT,
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
  /** The report as the screen shows it: its sanitised HTML, read as plain data (`HtmlReader`). */
  readonly report: readonly HtmlNode[];
  readonly organizationName: string | null;
  readonly generatedAt: Date;
  readonly logo: LogoImage | null;
  readonly measure: TextMeasure;
}

const MARGIN = PDF_TEXT_LEFT;
const RIGHT = PDF_TEXT_RIGHT;
const CENTRE = PDF_PAGE.width / 2;

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

/** Lays one of the body's blocks out, on as many pages as it needs. */
function writeBlock(flow: PdfPageFlow, block: ReportBlock): void {
  const { body, bold } = ANALYSIS_PDF_FONTS;
  switch (block.kind) {
    case 'gap':
      flow.gap(PARAGRAPH_GAP);
      return;
    case 'rule':
      flow.rule();
      return;
    case 'heading':
      // A heading keeps a body line below it on its page: never alone at the foot of a page.
      flow.wrapped(MARGIN, block.text, HEADING_FONT[block.level], {
        step: HEADING_STEP[block.level],
        keep: PDF_PAGE.lineStep,
      });
      return;
    case 'item': {
      const markerX = MARGIN + block.depth * INDENT;
      const markerWidth = flow.measure.width(block.marker, body);
      const textX = markerX + Math.max(INDENT, markerWidth + MARKER_SPACE);
      // The marker on its first line's page, drawn before a long item breaks onto the next.
      wrapText(block.text, RIGHT - textX, body, flow.measure).forEach((line, index) => {
        const y = flow.text(textX, line, body, PDF_PAGE.lineStep);
        if (index === 0) flow.draw({ kind: 'text', x: markerX, y, text: block.marker, font: body });
      });
      return;
    }
    case 'bold':
      flow.wrapped(MARGIN, block.text, bold);
      return;
    case 'paragraph':
      flow.wrapped(block.quoted ? MARGIN + INDENT : MARGIN, block.text, body);
      return;
  }
}

/**
 * The business analysis as a PDF display list (R-ANALYSIS-10, R-ANALYSIS-11). Page 1 is a cover of its own (logo,
 * 'Bedrijfsanalyse Rapport', organisation, date in Dutch), so the report starts on a fresh page
 * and the cover can be printed or left out on its own; the body follows from page 2: headings,
 * list items with hanging indents, bold lines and paragraphs wrapped to the text width, a new page
 * whenever the next line would pass the bottom limit. Every page, the cover too, ends with
 * 'Pagina X van Y' centred. The body is what the screen shows, the sanitised report, drawn as text.
 */
export function layoutAnalysisPdf(input: AnalysisPdfInput): PdfDocument {
  const flow = new PdfPageFlow(input.measure);
  for (const block of reportBlocks(input.report)) writeBlock(flow, block);
  return finishPdf([coverItems(input), ...flow.pages], ANALYSIS_PDF_TITLE);
}
