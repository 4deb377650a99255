/**
 * Reads back what a test needs of a PDF that jsPDF wrote (uncompressed, jsPDF's default): the pages
 * in order with their MediaBox, the text runs with position and font, images, lines and filled
 * boxes. A small reader for our own output, not a general PDF parser; shared by the adapters' tests
 * and the browser tests of the PDFs. Pure: no Node or DOM API, so it runs anywhere.
 */

export interface PdfTextRun {
  readonly text: string;
  /** Where the run starts (its left edge, also for centred text), in points from the left. */
  readonly x: number;
  /** Its baseline in points from the bottom, as PDF counts. */
  readonly y: number;
  /** The font resource's name ('F1', 'F2') and size. */
  readonly font: string;
  readonly size: number;
}

/** A filled box (`re f`), in points with y from the bottom, as PDF counts. */
export interface PdfRect {
  readonly x: number;
  /** Its bottom edge. */
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** The fill colour it was drawn in, red, green and blue from 0 to 1 (a grey as three equal parts). */
  readonly fill: readonly number[];
}

export interface PdfPageContent {
  /** [x0, y0, x1, y1], rounded to hundredths. */
  readonly mediaBox: readonly number[];
  readonly texts: readonly PdfTextRun[];
  /** Images drawn (`Do` operators). */
  readonly images: number;
  /** Straight lines stroked (`m … l … S`). */
  readonly lines: number;
  /** Filled boxes, in drawing order. */
  readonly rects: readonly PdfRect[];
}

export interface ReadPdf {
  readonly version: string;
  readonly pages: readonly PdfPageContent[];
  /** Font resource name → base font ('F2' → 'Helvetica-Bold'). */
  readonly fonts: Readonly<Record<string, string>>;
  /** The document information's Title, if any. */
  readonly title: string | null;
}

// Windows-1252 at 0x80–0x9F (the rest of the bytes are Latin-1): how the standard fonts read a string.
const WIN_ANSI_80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

const latin1 = (bytes: Uint8Array): string => {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return text;
};

const winAnsi = (raw: string): string =>
  raw.replace(/[\u0080-\u009f]/g, (char) => WIN_ANSI_80.charAt(char.charCodeAt(0) - 0x80));

/**
 * A text string of the document information: UTF-16BE after its byte order mark (how jsPDF writes a
 * title with characters outside Latin-1), else PDFDocEncoding, read as WinAnsi (they agree on
 * what our titles hold).
 */
function textString(raw: string): string {
  if (!raw.startsWith('\u00fe\u00ff')) return winAnsi(raw);
  let text = '';
  for (let at = 2; at + 1 < raw.length; at += 2)
    text += String.fromCharCode((raw.charCodeAt(at) << 8) | raw.charCodeAt(at + 1));
  return text;
}

/** A PDF literal string's body (between the parentheses) with its escapes resolved. */
function unescapeLiteral(body: string): string {
  return body.replace(/\\(\d{1,3}|.)/gs, (_, escaped: string) => {
    if (/^\d/.test(escaped)) return String.fromCharCode(Number.parseInt(escaped, 8) & 0xff);
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[escaped] ?? escaped;
  });
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The objects of the file by number: their dictionary text and stream, if any. */
function objectsOf(source: string): Map<number, { dict: string; stream: string | null }> {
  const objects = new Map<number, { dict: string; stream: string | null }>();
  const pattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (const match of source.matchAll(pattern)) {
    const body = match[2] ?? '';
    const streamAt = body.indexOf('stream');
    if (streamAt >= 0 && /\/Length\s+\d+/.test(body.slice(0, streamAt))) {
      const start = body[streamAt + 6] === '\r' ? streamAt + 8 : streamAt + 7;
      const end = body.lastIndexOf('endstream');
      objects.set(Number(match[1]), { dict: body.slice(0, streamAt), stream: body.slice(start, end) });
    } else {
      objects.set(Number(match[1]), { dict: body, stream: null });
    }
  }
  return objects;
}

/** The filled boxes of a content stream, each in the fill colour last set before it. */
function readRects(stream: string): PdfRect[] {
  const rects: PdfRect[] = [];
  let fill: readonly number[] = [0, 0, 0];
  const token =
    /([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+rg\b|([\d.]+)\s+g\b|([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+re\s+f\b/g;
  for (const match of stream.matchAll(token)) {
    if (match[1] !== undefined) fill = [Number(match[1]), Number(match[2]), Number(match[3])];
    else if (match[4] !== undefined) fill = [Number(match[4]), Number(match[4]), Number(match[4])];
    else {
      const [x, y, width, height] = [match[5], match[6], match[7], match[8]].map(Number) as [
        number,
        number,
        number,
        number,
      ];
      rects.push({
        x: round2(Math.min(x, x + width)),
        y: round2(Math.min(y, y + height)),
        width: round2(Math.abs(width)),
        height: round2(Math.abs(height)),
        fill,
      });
    }
  }
  return rects;
}

/** The text runs, images, lines and boxes of one content stream, as jsPDF writes them. */
function readContent(stream: string): Pick<PdfPageContent, 'texts' | 'images' | 'lines' | 'rects'> {
  const texts: PdfTextRun[] = [];
  let font = '';
  let size = 0;
  let x = 0;
  let y = 0;
  const token =
    /\/(\w+)\s+([\d.]+)\s+Tf|([-\d.]+)\s+([-\d.]+)\s+Td|\(((?:\\.|[^\\)])*)\)\s*Tj|\[((?:\\.|[^\]])*)\]\s*TJ|\bBT\b/gs;
  for (const match of stream.matchAll(token)) {
    if (match[1] !== undefined) {
      font = match[1];
      size = Number(match[2]);
    } else if (match[3] !== undefined) {
      x += Number(match[3]);
      y += Number(match[4]);
    } else if (match[5] !== undefined) {
      texts.push({ text: winAnsi(unescapeLiteral(match[5])), x: round2(x), y: round2(y), font, size });
    } else if (match[6] !== undefined) {
      const parts = [...match[6].matchAll(/\(((?:\\.|[^\\)])*)\)/gs)].map((part) =>
        unescapeLiteral(part[1] ?? ''),
      );
      texts.push({ text: winAnsi(parts.join('')), x: round2(x), y: round2(y), font, size });
    } else {
      // BT starts a text object: the text matrix starts again at the origin.
      x = 0;
      y = 0;
    }
  }
  const images = stream.match(/\/\w+\s+Do\b/g)?.length ?? 0;
  const lines = stream.match(/[-\d.]+\s+[-\d.]+\s+m\s+[-\d.]+\s+[-\d.]+\s+l\s+S\b/g)?.length ?? 0;
  return { texts, images, lines, rects: readRects(stream) };
}

/** The pages of a PDF jsPDF wrote, in order; throws on a file it cannot read (compressed, not a PDF). */
export function readPdf(bytes: Uint8Array): ReadPdf {
  const source = latin1(bytes);
  const version = /^%PDF-(\d\.\d)/.exec(source)?.[1];
  if (!version) throw new Error('Not a PDF: no %PDF- header.');
  if (!/%%EOF\s*$/.test(source)) throw new Error('The PDF ends early: no %%EOF.');
  if (source.includes('/FlateDecode'))
    throw new Error('Compressed streams: readPdf reads uncompressed PDFs only.');
  const objects = objectsOf(source);
  const tree = [...objects.values()].find((object) => /\/Type\s*\/Pages\b/.test(object.dict));
  if (!tree) throw new Error('No page tree.');
  const kids = [...(/\/Kids\s*\[([^\]]*)\]/.exec(tree.dict)?.[1] ?? '').matchAll(/(\d+)\s+0\s+R/g)].map(
    (kid) => Number(kid[1]),
  );
  const pages = kids.map((number) => {
    const page = objects.get(number);
    if (!page) throw new Error(`Page object ${number} is missing.`);
    const mediaBox = (/\/MediaBox\s*\[([^\]]*)\]/.exec(page.dict)?.[1] ?? '')
      .trim()
      .split(/\s+/)
      .map((value) => round2(Number(value)));
    const contents = /\/Contents\s+(\d+)\s+0\s+R/.exec(page.dict)?.[1];
    const stream = contents === undefined ? '' : (objects.get(Number(contents))?.stream ?? '');
    return { mediaBox, ...readContent(stream) };
  });
  const fonts: Record<string, string> = {};
  const resources = [...objects.values()].find((object) => /\/Font\s*<</.test(object.dict));
  for (const entry of (resources?.dict ?? '').matchAll(/\/(F\d+)\s+(\d+)\s+0\s+R/g)) {
    const base = /\/BaseFont\s*\/([\w-]+)/.exec(objects.get(Number(entry[2]))?.dict ?? '')?.[1];
    if (base) fonts[entry[1] ?? ''] = base;
  }
  const titleMatch = /\/Title\s*\(((?:\\.|[^\\)])*)\)/s.exec(source);
  return {
    version,
    pages,
    fonts,
    title: titleMatch ? textString(unescapeLiteral(titleMatch[1] ?? '')) : null,
  };
}

/** The text of each page, one string per run, in drawing order. */
export const pageTexts = (pdf: ReadPdf): string[][] =>
  pdf.pages.map((page) => page.texts.map((run) => run.text));
