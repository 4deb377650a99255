import { describe, expect, it } from 'vitest';
import { passThroughHtml } from '../../testing/wellFormedHtml';
import {
  ANALYSIS_PDF,
  ANALYSIS_PDF_FONTS,
  type AnalysisPdfInput,
  fitLogo,
  layoutAnalysisPdf,
} from './layoutAnalysisPdf';
import type { PdfDocument } from './pdfDocument';
import { bodyTexts, fixedWidthMeasure, textsOf } from './report.fixtures';
import { reportHtml } from './reportHtml';
import type { LogoImage } from './reportPorts';

const GENERATED_AT = new Date('2026-11-26T09:30:00Z');

/** The report as the screen would show it (Markdown without HTML of its own), read back. */
const reportOf = (markdown: string) => passThroughHtml.read(reportHtml(markdown, passThroughHtml));

const layout = (markdown: string, more: Partial<AnalysisPdfInput> = {}): PdfDocument =>
  layoutAnalysisPdf({
    report: reportOf(markdown),
    organizationName: 'Bakkerij Noor',
    generatedAt: GENERATED_AT,
    logo: null,
    measure: fixedWidthMeasure,
    ...more,
  });

const logo = (width: number, height: number): LogoImage => ({
  dataUrl: 'data:image/png;base64,iVBORw0KGgo=',
  format: 'PNG',
  width,
  height,
});

/** A long report: 40 sections of a heading, a paragraph, a list and a bold line. */
const LONG_REPORT = Array.from(
  { length: 40 },
  (_, i) =>
    `## Sectie ${i + 1}\n\nDe omzet in deze periode steeg met ${i}% ten opzichte van vorig jaar, terwijl de kosten gelijk bleven en de marge verbeterde.\n- eerste punt\n- tweede punt dat lang genoeg is om over meer dan een regel te lopen als de breedte krap is, echt waar\n1. genummerd\n**Conclusie: goed**\n`,
).join('\n');

const { width, height, margin, lineStep, bottomLimit, footerY } = ANALYSIS_PDF;

describe('layoutAnalysisPdf', () => {
  it('should lay out A4 portrait in points with the measures of R-ANALYSIS-10', () => {
    const doc = layout('Tekst');
    expect(doc.width).toBe(595.28);
    expect(doc.height).toBe(841.89);
    expect(doc.title).toBe('Bedrijfsanalyse Rapport');
    expect(margin).toBe(60);
    expect(lineStep).toBe(20);
    expect(bottomLimit).toBeCloseTo(841.89 - 60 - 40, 10);
  });

  it('should put a cover of its own first: title, organisation and the date in Dutch, centred', () => {
    const doc = layout('# Samenvatting\nTekst');
    const cover = textsOf(doc.pages[0]!.items);
    expect(cover.map((item) => item.text)).toEqual([
      'Bedrijfsanalyse Rapport',
      'Bakkerij Noor',
      '26 november 2026',
      'Pagina 1 van 2',
    ]);
    for (const item of cover) {
      expect(item.align).toBe('center');
      expect(item.x).toBeCloseTo(width / 2, 10);
    }
    expect(cover[0]!.font).toEqual({ style: 'bold', size: 26 });
    expect(bodyTexts(doc)[1]).toEqual(['Samenvatting', 'Tekst']);
  });

  it('should leave the organisation out of the cover when there is none', () => {
    const doc = layout('Tekst', { organizationName: null });
    expect(textsOf(doc.pages[0]!.items).map((item) => item.text)).toEqual([
      'Bedrijfsanalyse Rapport',
      '26 november 2026',
      'Pagina 1 van 2',
    ]);
  });

  it('should give the date of the Dutch calendar day, also just after midnight in Amsterdam', () => {
    const doc = layout('x', { generatedAt: new Date('2026-12-31T23:30:00Z') });
    expect(bodyTexts(doc)[0]).toContain('1 januari 2027');
  });

  it('should scale the logo into 120 × 60 with its aspect kept, centred at the top margin', () => {
    const cases: Array<[LogoImage, number, number]> = [
      [logo(600, 100), 120, 20],
      [logo(100, 400), 15, 60],
      [logo(240, 120), 120, 60],
      [logo(40, 20), 40, 20],
    ];
    for (const [image, expectedWidth, expectedHeight] of cases) {
      const item = layout('x', { logo: image }).pages[0]!.items.find((each) => each.kind === 'image');
      expect(item).toMatchObject({ kind: 'image', y: margin, dataUrl: image.dataUrl, format: 'PNG' });
      if (item?.kind !== 'image') throw new Error('no image');
      expect(item.width).toBeCloseTo(expectedWidth, 10);
      expect(item.height).toBeCloseTo(expectedHeight, 10);
      expect(item.x + item.width / 2).toBeCloseTo(width / 2, 10);
      expect(item.width).toBeLessThanOrEqual(120);
      expect(item.height).toBeLessThanOrEqual(60);
    }
    expect(layout('x').pages[0]!.items.some((each) => each.kind === 'image')).toBe(false);
    expect(fitLogo({ width: 0, height: 10 })).toEqual({ width: 0, height: 0 });
  });

  it("should end every page, the cover too, with 'Pagina X van Y' centred below the bottom limit", () => {
    const doc = layout(LONG_REPORT);
    expect(doc.pages.length).toBeGreaterThan(3);
    doc.pages.forEach((page, index) => {
      const footer = page.items.at(-1);
      expect(footer).toEqual({
        kind: 'text',
        x: width / 2,
        y: footerY,
        text: `Pagina ${index + 1} van ${doc.pages.length}`,
        font: ANALYSIS_PDF_FONTS.footer,
        align: 'center',
      });
      expect(footerY).toBeGreaterThan(bottomLimit);
      expect(footerY).toBeLessThan(height);
      expect(textsOf(page.items).filter((item) => item.text.startsWith('Pagina '))).toHaveLength(1);
    });
  });

  it('should keep every body line within the margins and above the bottom limit, and use each page', () => {
    const doc = layout(LONG_REPORT);
    for (const page of doc.pages.slice(1)) {
      const texts = textsOf(page.items.slice(0, -1));
      for (const item of texts) {
        expect(item.y).toBeGreaterThan(margin);
        expect(item.y).toBeLessThanOrEqual(bottomLimit);
        expect(item.x).toBeGreaterThanOrEqual(margin);
        expect(item.x + fixedWidthMeasure.width(item.text, item.font)).toBeLessThanOrEqual(
          width - margin + 1e-9,
        );
      }
      // A page is full before the next begins: the next line would not have fitted.
      if (page !== doc.pages.at(-1))
        expect(Math.max(...texts.map((t) => t.y))).toBeGreaterThan(bottomLimit - 2 * 30);
    }
  });

  it('should step body lines by 20 points and start a new page when the next line would pass the limit', () => {
    const lines = Array.from({ length: 80 }, (_, i) => `Regel ${i + 1}`).join('\n');
    const doc = layout(lines);
    const first = textsOf(doc.pages[1]!.items.slice(0, -1));
    expect(first[0]).toMatchObject({
      text: 'Regel 1',
      x: margin,
      y: margin + lineStep,
      font: ANALYSIS_PDF_FONTS.body,
    });
    for (let i = 1; i < first.length; i++) expect(first[i]!.y - first[i - 1]!.y).toBeCloseTo(lineStep, 10);
    const perPage = Math.floor((bottomLimit - margin) / lineStep);
    expect(first).toHaveLength(perPage);
    expect(first.at(-1)!.y + lineStep).toBeGreaterThan(bottomLimit);
    expect(bodyTexts(doc)[2]![0]).toBe(`Regel ${perPage + 1}`);
    expect(
      bodyTexts(doc)
        .flat()
        .filter((text) => text.startsWith('Regel')),
    ).toHaveLength(80);
    expect(doc.pages).toHaveLength(1 + Math.ceil(80 / perPage));
  });

  it('should wrap paragraphs to the text width and break words longer than a line', () => {
    const word = 'x'.repeat(200);
    const doc = layout(`${'woord '.repeat(120)}\n${word}`);
    const texts = textsOf(doc.pages[1]!.items.slice(0, -1));
    const textWidth = width - 2 * margin;
    // 5.5 points a character at 11 pt: 86 characters fit a line, 14 words of 'woord' (83).
    expect(texts.filter((item) => item.text.startsWith('woord')).map((item) => item.text.length)).toEqual([
      83, 83, 83, 83, 83, 83, 83, 83, 47,
    ]);
    expect(texts.filter((item) => item.text.startsWith('x')).map((item) => item.text)).toEqual([
      'x'.repeat(86),
      'x'.repeat(86),
      'x'.repeat(28),
    ]);
    for (const item of texts)
      expect(fixedWidthMeasure.width(item.text, item.font)).toBeLessThanOrEqual(textWidth);
  });

  it('should draw headings bold in decreasing sizes, bold lines bold, and strip inline Markdown', () => {
    const doc = layout(
      '# Een\n## Twee\n### Drie\n#### Vier\n**Heel vet**\nMet **vet**, *schuin*, `code` en [Loop](https://loop.example).',
    );
    const texts = textsOf(doc.pages[1]!.items.slice(0, -1));
    expect(texts.map((item) => [item.text, item.font.style, item.font.size])).toEqual([
      ['Een', 'bold', 18],
      ['Twee', 'bold', 15],
      ['Drie', 'bold', 13],
      ['Vier', 'bold', 13],
      ['Heel vet', 'bold', 11],
      ['Met vet, schuin, code en Loop (https://loop.example).', 'normal', 11],
    ]);
  });

  it('should draw list items with a marker and a hanging indent, numbered as the screen counts', () => {
    const numbered = Array.from(
      { length: 10 },
      (_, i) => `${i + 1}. ${i === 0 ? 'eerste' : i === 9 ? 'tiende' : 'punt'}`,
    );
    const doc = layout(`- ${'lang '.repeat(100)}\n\n${numbered.join('\n')}\n\n- boven\n  - genest`);
    const texts = textsOf(doc.pages[1]!.items.slice(0, -1));
    const bullet = texts.filter((item) => item.text === '•');
    expect(bullet[0]).toMatchObject({ x: margin });
    const wrapped = texts.filter((item) => item.text.startsWith('lang'));
    expect(wrapped.length).toBeGreaterThan(1);
    for (const line of wrapped) expect(line.x).toBe(margin + 18);
    expect(bullet[0]!.y).toBe(wrapped[0]!.y);
    expect(texts.find((item) => item.text === '1.')).toMatchObject({ x: margin });
    expect(texts.find((item) => item.text === 'eerste')).toMatchObject({ x: margin + 18 });
    // '10.' is 16.5 points wide: its text moves past it.
    expect(texts.find((item) => item.text === '10.')).toMatchObject({ x: margin });
    expect(texts.find((item) => item.text === 'tiende')).toMatchObject({ x: margin + 16.5 + 4 });
    expect(bullet.map((item) => item.x)).toEqual([margin, margin, margin + 18]);
    expect(texts.find((item) => item.text === 'genest')).toMatchObject({ x: margin + 36 });
  });

  it('should leave a gap for a blank line, and none at the top of a page', () => {
    const doc = layout('\n\nEen\n\n\nTwee');
    const [one, two] = textsOf(doc.pages[1]!.items.slice(0, -1));
    expect(one!.y).toBe(margin + lineStep);
    expect(two!.y).toBe(one!.y + 10 + lineStep);
  });

  it('should keep a heading with the line below it rather than alone at the foot of a page', () => {
    const filler = Array.from({ length: 32 }, (_, i) => `Regel ${i}`).join('\n');
    const doc = layout(`${filler}\n## Kop\nTekst`);
    expect(bodyTexts(doc)[1]!.at(-1)).toBe('Regel 31');
    expect(bodyTexts(doc)[2]).toEqual(['Kop', 'Tekst']);
  });

  it('should draw a horizontal rule as a line across the text width', () => {
    const doc = layout('Boven\n\n---\n\nOnder');
    const line = doc.pages[1]!.items.find((item) => item.kind === 'line');
    expect(line).toMatchObject({ x1: margin, x2: width - margin });
  });

  it('should make a cover only when the report is empty', () => {
    const doc = layout('  \n\n');
    expect(doc.pages).toHaveLength(1);
    expect(textsOf(doc.pages[0]!.items).at(-1)!.text).toBe('Pagina 1 van 1');
  });
});
