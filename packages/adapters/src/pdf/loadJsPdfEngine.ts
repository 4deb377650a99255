import type { PdfDocument, PdfEngine, PdfFont, PdfItem, TextMeasure } from '@loop/core/report';
import type { jsPDF as JsPdf } from 'jspdf';
import { winAnsiText } from './winAnsiText';

type JsPdfClass = typeof JsPdf;

/** The built-in font the display list's fonts are drawn in (WinAnsi text, no embedding needed). */
const FAMILY = 'helvetica';
/** Rules and other lines, in points. */
const LINE_WIDTH = 0.5;

/** Sets the font only when it changes: jsPDF writes a font operator for every call. */
function fontSetter(doc: JsPdf): (font: PdfFont) => void {
  let current: PdfFont | null = null;
  return (font) => {
    if (current?.style !== font.style) doc.setFont(FAMILY, font.style);
    if (current?.size !== font.size) doc.setFontSize(font.size);
    current = font;
  };
}

function drawItem(doc: JsPdf, setFont: (font: PdfFont) => void, item: PdfItem): void {
  switch (item.kind) {
    case 'text':
      setFont(item.font);
      doc.text(
        winAnsiText(item.text),
        item.x,
        item.y,
        item.align === 'center' ? { align: 'center' } : undefined,
      );
      return;
    case 'image':
      doc.addImage(item.dataUrl, item.format, item.x, item.y, item.width, item.height);
      return;
    case 'line':
      doc.line(item.x1, item.y1, item.x2, item.y2);
      return;
  }
}

/**
 * jsPDF's own text widths, remembered: a width is the sum of its characters' widths plus the
 * kerning of each pair (how jsPDF's getStringUnitWidth counts for the built-in fonts), so each
 * character and each pair is asked of jsPDF once per weight. Laying out a long report measures
 * every word; asking jsPDF each time made the layout several times slower than drawing it.
 */
export function createJsPdfMeasure(JsPdfClass: JsPdfClass): TextMeasure {
  const scratch = new JsPdfClass({ unit: 'pt', format: 'a4' });
  const scale = scratch.internal.scaleFactor;
  const memory = { normal: new Map<string, number>(), bold: new Map<string, number>() };
  let style: PdfFont['style'] | null = null;
  const unitWidth = (known: Map<string, number>, weight: PdfFont['style'], text: string): number => {
    const remembered = known.get(text);
    if (remembered !== undefined) return remembered;
    if (style !== weight) {
      style = weight;
      scratch.setFont(FAMILY, weight);
    }
    const width = scratch.getStringUnitWidth(text);
    known.set(text, width);
    return width;
  };
  return {
    width(text, font) {
      const known = memory[font.style];
      let units = 0;
      let previous = '';
      let previousWidth = 0;
      for (const char of winAnsiText(text)) {
        const width = unitWidth(known, font.style, char);
        units += width;
        // The pair's kerning: its width less its two characters' (0 for most pairs).
        if (previous !== '') units += unitWidth(known, font.style, previous + char) - previousWidth - width;
        previous = char;
        previousWidth = width;
      }
      return (units * font.size) / scale;
    },
  };
}

/** Core's PdfEngine on a jsPDF class: jsPDF's metrics (remembered), a fresh document per render. */
export function createJsPdfEngine(JsPdfClass: JsPdfClass): PdfEngine {
  return {
    measure: createJsPdfMeasure(JsPdfClass),
    render(pdf: PdfDocument): Uint8Array {
      const format: [number, number] = [pdf.width, pdf.height];
      const orientation = pdf.width > pdf.height ? 'landscape' : 'portrait';
      // Uncompressed (jsPDF's default): a report's text is small, and tests can read it back.
      const doc = new JsPdfClass({
        unit: 'pt',
        format,
        orientation,
        compress: false,
        putOnlyUsedFonts: true,
      });
      if (pdf.title) doc.setProperties({ title: pdf.title });
      doc.setLineWidth(LINE_WIDTH);
      pdf.pages.forEach((page, index) => {
        if (index > 0) doc.addPage(format, orientation);
        const setFont = fontSetter(doc);
        for (const item of page.items) drawItem(doc, setFont, item);
      });
      return new Uint8Array(doc.output('arraybuffer'));
    },
  };
}

/**
 * Core's PdfEngine on jsPDF, loaded on first call with `import()` so jsPDF is never part of a first
 * load (the bundler splits it into a chunk of its own). Works in the browser and in Node alike.
 */
export async function loadJsPdfEngine(): Promise<PdfEngine> {
  const { jsPDF } = await import('jspdf');
  return createJsPdfEngine(jsPDF);
}
