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
    case 'rect':
      // Set for every box: jsPDF writes the text colour as the fill colour in each text object.
      doc.setFillColor(item.fill[0], item.fill[1], item.fill[2]);
      // 'F': filled, no outline.
      doc.rect(item.x, item.y, item.width, item.height, 'F');
      return;
    case 'line':
      doc.line(item.x1, item.y1, item.x2, item.y2);
      return;
  }
}

/** What is remembered of one weight: widths in font units (thousandths of the size). */
interface WeightMemory {
  /** By character code, NaN until asked. */
  readonly characters: Float64Array;
  /** Characters above 0xFF (the WinAnsi extras: '€', '“'…). */
  readonly wide: Map<number, number>;
  /** Kerning by pair (first code × 65536 + second), 0 for most pairs. */
  readonly kerning: Map<number, number>;
  /** Whole texts measured before: a report repeats its words many times. */
  readonly texts: Map<string, number>;
}

/** Texts remembered per weight before the memory starts again (a long report has fewer words). */
const MAX_REMEMBERED_TEXTS = 20_000;

/**
 * jsPDF's own text widths, remembered: a width is the sum of its characters' widths plus the
 * kerning of each pair (how jsPDF's getStringUnitWidth counts for the built-in fonts), so each
 * character and each pair is asked of jsPDF once per weight, and each text once. Laying out a long
 * report measures every word; asking jsPDF each time made the layout slower than drawing it.
 */
export function createJsPdfMeasure(JsPdfClass: JsPdfClass): TextMeasure {
  const scratch = new JsPdfClass({ unit: 'pt', format: 'a4' });
  const scale = scratch.internal.scaleFactor;
  const memoryOf = (): WeightMemory => ({
    characters: new Float64Array(256).fill(Number.NaN),
    wide: new Map(),
    kerning: new Map(),
    texts: new Map(),
  });
  const memory = { normal: memoryOf(), bold: memoryOf() };
  let style: PdfFont['style'] | null = null;
  const ask = (weight: PdfFont['style'], text: string): number => {
    if (style !== weight) {
      style = weight;
      scratch.setFont(FAMILY, weight);
    }
    return scratch.getStringUnitWidth(text);
  };
  const character = (known: WeightMemory, weight: PdfFont['style'], code: number): number => {
    if (code < 256) {
      const width = known.characters[code] ?? Number.NaN;
      if (!Number.isNaN(width)) return width;
      const asked = ask(weight, String.fromCharCode(code));
      known.characters[code] = asked;
      return asked;
    }
    const width = known.wide.get(code);
    if (width !== undefined) return width;
    const asked = ask(weight, String.fromCharCode(code));
    known.wide.set(code, asked);
    return asked;
  };
  const units = (known: WeightMemory, weight: PdfFont['style'], text: string): number => {
    let sum = 0;
    let previous = -1;
    let previousWidth = 0;
    // WinAnsi text: every character is one UTF-16 code unit.
    for (let at = 0; at < text.length; at++) {
      const code = text.charCodeAt(at);
      const width = character(known, weight, code);
      sum += width;
      if (previous >= 0) {
        const pair = previous * 65536 + code;
        let kerning = known.kerning.get(pair);
        if (kerning === undefined) {
          kerning = ask(weight, String.fromCharCode(previous, code)) - previousWidth - width;
          known.kerning.set(pair, kerning);
        }
        sum += kerning;
      }
      previous = code;
      previousWidth = width;
    }
    return sum;
  };
  return {
    width(text, font) {
      const known = memory[font.style];
      let remembered = known.texts.get(text);
      if (remembered === undefined) {
        remembered = units(known, font.style, winAnsiText(text));
        if (known.texts.size >= MAX_REMEMBERED_TEXTS) known.texts.clear();
        known.texts.set(text, remembered);
      }
      return (remembered * font.size) / scale;
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
      if (pdf.identity) {
        doc.setCreationDate(pdf.identity.createdAt);
        doc.setFileId(pdf.identity.fileId);
      }
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
