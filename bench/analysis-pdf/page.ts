// Runs in Chromium (bundled by bench/browserPage.ts): the analysis PDF as the screen makes it (the
// HTML the screen shows read back, core's layout on jsPDF's metrics, then the adapter's renderer)
// beside a bare jsPDF loop that writes the same text lines in the same fonts on the same pages.
import { loadJsPdfEngine } from '@loop/adapters';
import { createInertDomSanitizer } from '@loop/adapters/dom';
import {
  createReportRenderer,
  layoutAnalysisPdf,
  type PdfDocument,
  type PdfEngine,
  type PdfItem,
} from '@loop/core/report';
import { jsPDF } from 'jspdf';
import { stepTimer } from '../pageTimer';
import { dutchReport } from '../report-pipeline/dutchReport';

type TextItem = Extract<PdfItem, { kind: 'text' }>;

const GENERATED_AT = new Date('2026-11-26T09:30:00Z');
let engine: PdfEngine;
let markdown = '';
// As the app's composition root makes it; the screen rendered the report before 'PDF' is clicked.
const renderer = createReportRenderer(createInertDomSanitizer(() => window));
/** The text lines of the layout, page by page: what the bare loop writes. */
let lines: TextItem[][] = [];
/** The layout, made once, for timing the drawing alone. */
let laidOut: PdfDocument | null = null;

/** What the 'PDF' click does before drawing: read the screen's HTML, lay it out. */
const layout = (): PdfDocument =>
  layoutAnalysisPdf({
    report: renderer.read(renderer.html(markdown)),
    organizationName: 'Bakkerij Noor',
    generatedAt: GENERATED_AT,
    logo: null,
    measure: engine.measure,
  });

/** Grows the report until it lays out on `pages` pages; answers its size and line count. */
async function prepare(pages: number): Promise<{ chars: number; pages: number; lines: number }> {
  engine = await loadJsPdfEngine();
  let size = 20_000;
  let doc = layout();
  while (doc.pages.length < pages) {
    size = Math.ceil(size * 1.03);
    markdown = dutchReport(size);
    doc = layout();
  }
  lines = doc.pages.map((page) => page.items.filter((item): item is TextItem => item.kind === 'text'));
  return { chars: markdown.length, pages: doc.pages.length, lines: lines.flat().length };
}

/** The bare loop: a new A4 document, the same strings at the same places, font set when it changes. */
function bare(): number {
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  lines.forEach((page, index) => {
    if (index > 0) doc.addPage();
    let style = '';
    let size = 0;
    for (const line of page) {
      if (line.font.style !== style) {
        style = line.font.style;
        doc.setFont('helvetica', style);
      }
      if (line.font.size !== size) {
        size = line.font.size;
        doc.setFontSize(size);
      }
      doc.text(line.text, line.x, line.y, line.align === 'center' ? { align: 'center' } : undefined);
    }
  });
  return doc.output('arraybuffer').byteLength;
}

const time = stepTimer({
  ours: () => engine.render(layout()).length,
  layout: () => layout().pages.length,
  render: () => {
    laidOut ??= layout();
    return engine.render(laidOut).length;
  },
  bare,
});

Object.assign(window, { __bench: { prepare, time }, __ready: true });
