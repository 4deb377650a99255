import { describe, expect, it } from 'vitest';
import type { PdfItem } from './pdfDocument';
import { finishPdf, PDF_FOOTER_FONT, PDF_PAGE, PDF_TEXT_RIGHT, PdfPageFlow } from './pdfPageFlow';
import { fixedWidthMeasure, textsOf } from './report.fixtures';

const BODY = { style: 'normal', size: 11 } as const;
const { margin, lineStep, bottomLimit } = PDF_PAGE;

describe('PdfPageFlow', () => {
  it('should step down line by line and start a new page when the next baseline would pass the limit', () => {
    const flow = new PdfPageFlow(fixedWidthMeasure);
    expect(flow.atTop).toBe(true);
    const perPage = Math.floor((bottomLimit - margin) / lineStep);
    const baselines = Array.from({ length: perPage + 1 }, (_, i) =>
      flow.text(margin, `r${i}`, BODY, lineStep),
    );
    expect(baselines[0]).toBe(margin + lineStep);
    expect(baselines[perPage - 1]).toBeLessThanOrEqual(bottomLimit);
    expect(baselines[perPage]).toBe(margin + lineStep);
    expect(flow.pages.map((page) => page.length)).toEqual([perPage, 1]);
  });

  it('should keep `keep` points below a line on its page, and a block together', () => {
    const flow = new PdfPageFlow(fixedWidthMeasure);
    flow.advance(bottomLimit - margin - 30);
    flow.text(margin, 'kop', BODY, lineStep, 20);
    expect(flow.pages).toHaveLength(2);
    expect(flow.y).toBe(margin + lineStep);
    flow.advance(bottomLimit - flow.y - 50);
    flow.keepTogether(40);
    expect(flow.pages).toHaveLength(2);
    flow.keepTogether(60);
    expect(flow.pages).toHaveLength(3);
    expect(flow.atTop).toBe(true);
    // A page's top never starts another page, however tall the block.
    flow.keepTogether(5000);
    expect(flow.pages).toHaveLength(3);
  });

  it('should leave gaps only below something, never past the bottom limit', () => {
    const flow = new PdfPageFlow(fixedWidthMeasure);
    flow.gap(10);
    expect(flow.y).toBe(margin);
    flow.text(margin, 'a', BODY, lineStep);
    flow.gap(10);
    expect(flow.y).toBe(margin + lineStep + 10);
    flow.gap(5000);
    expect(flow.y).toBe(bottomLimit);
  });

  it('should wrap between x and the right edge (or the one given) and answer each baseline', () => {
    const flow = new PdfPageFlow(fixedWidthMeasure);
    const baselines = flow.wrapped(margin, 'woord '.repeat(40), BODY, { step: 15 });
    const texts = textsOf(flow.pages[0] as PdfItem[]);
    expect(texts.length).toBeGreaterThan(1);
    expect(baselines).toEqual(texts.map((item) => item.y));
    expect(baselines[1]! - baselines[0]!).toBe(15);
    for (const item of texts)
      expect(item.x + fixedWidthMeasure.width(item.text, BODY)).toBeLessThanOrEqual(PDF_TEXT_RIGHT);
    const narrow = new PdfPageFlow(fixedWidthMeasure);
    narrow.wrapped(margin, 'woord '.repeat(10), BODY, { right: margin + 40 });
    expect(textsOf(narrow.pages[0] as PdfItem[]).map((item) => item.text)).toEqual(Array(10).fill('woord'));
  });
});

describe('finishPdf', () => {
  it("should end every page with 'Pagina X van Y' centred, leaving empty pages out", () => {
    const text: PdfItem = { kind: 'text', x: margin, y: 100, text: 'x', font: BODY };
    const doc = finishPdf([[text], [], [text]], 'Titel');
    expect(doc).toMatchObject({ width: 595.28, height: 841.89, title: 'Titel' });
    expect(doc.pages.map((page) => page.items.at(-1))).toEqual(
      [1, 2].map((page) => ({
        kind: 'text',
        x: 595.28 / 2,
        y: PDF_PAGE.footerY,
        text: `Pagina ${page} van 2`,
        font: PDF_FOOTER_FONT,
        align: 'center',
      })),
    );
  });

  it('should keep one page when there is nothing at all', () => {
    const doc = finishPdf([[]], 'Leeg');
    expect(doc.pages).toHaveLength(1);
    expect(textsOf(doc.pages[0]!.items).map((item) => item.text)).toEqual(['Pagina 1 van 1']);
  });
});
