import { describe, expect, it } from 'vitest';
import { passThroughHtml } from '../../testing/wellFormedHtml';
import type { FileSaver } from '../shared';
import { exportAnalysisMarkdown, exportAnalysisPdf } from './analysisExport';
import type { PdfDocument } from './pdfDocument';
import { fixedWidthMeasure, textsOf } from './report.fixtures';
import type { LogoImage, LogoLoader, PdfEngine } from './reportPorts';
import { createReportRenderer } from './reportRenderer';

const NOW = new Date('2026-11-26T10:00:00Z');
const LOGO: LogoImage = { dataUrl: 'data:image/png;base64,AAAA', format: 'PNG', width: 240, height: 60 };

class RecordingFiles implements FileSaver {
  readonly saved: Array<{ filename: string; content: string | Uint8Array; mimeType: string }> = [];
  saveFile(): void {
    throw new Error('not used');
  }
  saveText(filename: string, text: string, mimeType: string): void {
    this.saved.push({ filename, content: text, mimeType });
  }
  saveBytes(filename: string, bytes: Uint8Array, mimeType: string): void {
    this.saved.push({ filename, content: bytes, mimeType });
  }
}

/** Draws nothing: keeps the document it was given and answers with fixed bytes. */
class RecordingEngine implements PdfEngine {
  readonly measure = fixedWidthMeasure;
  readonly rendered: PdfDocument[] = [];
  render(doc: PdfDocument): Uint8Array {
    this.rendered.push(doc);
    return new Uint8Array([0x25, 0x50, 0x44, 0x46]);
  }
}

const loader = (answer: () => Promise<LogoImage | null>): LogoLoader & { asked: string[][] } => {
  const asked: string[][] = [];
  return {
    asked,
    load: (urls) => {
      asked.push([...urls]);
      return answer();
    },
  };
};

const INPUT = {
  markdown: '# Samenvatting\nGoed bezig.',
  organizationName: 'Bakkerij Noor',
  generatedAt: new Date('2026-11-20T08:00:00Z'),
  logoUrls: ['https://app.loop.example/logo.png'],
  now: NOW,
};

describe('exportAnalysisPdf', () => {
  it('should lay out the report with the engine’s metrics and the logo, and save the PDF bytes', async () => {
    const engine = new RecordingEngine();
    const files = new RecordingFiles();
    const logos = loader(async () => LOGO);
    const result = await exportAnalysisPdf(
      {
        loadPdfEngine: async () => engine,
        logoLoader: logos,
        fileSaver: files,
        report: createReportRenderer(passThroughHtml),
      },
      INPUT,
    );
    expect(result).toEqual({ ok: true, fileName: 'bedrijfsanalyse-bakkerij-noor-2026-11-26.pdf' });
    expect(logos.asked).toEqual([['https://app.loop.example/logo.png']]);
    expect(engine.rendered).toHaveLength(1);
    const [doc] = engine.rendered;
    expect(doc!.pages[0]!.items.find((item) => item.kind === 'image')).toMatchObject({
      width: 120,
      height: 30,
    });
    expect(textsOf(doc!.pages[0]!.items).map((item) => item.text)).toContain('20 november 2026');
    expect(textsOf(doc!.pages[1]!.items).map((item) => item.text)).toEqual([
      'Samenvatting',
      'Goed bezig.',
      'Pagina 2 van 2',
    ]);
    expect(files.saved).toEqual([
      {
        filename: 'bedrijfsanalyse-bakkerij-noor-2026-11-26.pdf',
        content: new Uint8Array([0x25, 0x50, 0x44, 0x46]),
        mimeType: 'application/pdf',
      },
    ]);
  });

  it('should draw what the screen shows: the HTML its renderer made, never the Markdown itself', async () => {
    const engine = new RecordingEngine();
    const sanitised: string[] = [];
    // Stands for DOMPurify: whatever the report held, this is what it kept.
    const renderer = createReportRenderer({
      sanitize: (markup: string) => {
        sanitised.push(markup);
        return '<h1>Kop</h1>\n<p><a target="_blank" rel="noopener noreferrer">klik</a></p>';
      },
      read: passThroughHtml.read,
    });
    const markdown = '# Kop\n\n<script>window.hacked = 1</script>[klik](javascript:alert(1))';
    // The screen showed it first.
    const shown = renderer.html(markdown);
    const result = await exportAnalysisPdf(
      {
        loadPdfEngine: async () => engine,
        logoLoader: loader(async () => null),
        fileSaver: new RecordingFiles(),
        report: renderer,
      },
      { ...INPUT, markdown },
    );
    expect(result.ok).toBe(true);
    // The PDF read the screen's HTML; the report was not sanitised (or made) a second time.
    expect(sanitised).toHaveLength(1);
    expect(sanitised[0]).toContain('<h1>Kop</h1>');
    expect(renderer.html(markdown)).toBe(shown);
    expect(textsOf(engine.rendered[0]!.pages[1]!.items).map((item) => item.text)).toEqual([
      'Kop',
      'klik',
      'Pagina 2 van 2',
    ]);
  });

  it('should make the PDF without a logo when none loads (or the loader fails)', async () => {
    for (const answer of [async () => null, async () => Promise.reject(new Error('offline'))]) {
      const engine = new RecordingEngine();
      const files = new RecordingFiles();
      const result = await exportAnalysisPdf(
        {
          loadPdfEngine: async () => engine,
          logoLoader: loader(answer),
          fileSaver: files,
          report: createReportRenderer(passThroughHtml),
        },
        INPUT,
      );
      expect(result.ok).toBe(true);
      expect(engine.rendered[0]!.pages[0]!.items.some((item) => item.kind === 'image')).toBe(false);
      expect(files.saved).toHaveLength(1);
    }
  });

  it('should answer { ok: false } and save nothing when the engine does not load', async () => {
    const files = new RecordingFiles();
    const result = await exportAnalysisPdf(
      {
        loadPdfEngine: () => Promise.reject(new Error('chunk failed')),
        logoLoader: loader(async () => LOGO),
        fileSaver: files,
        report: createReportRenderer(passThroughHtml),
      },
      INPUT,
    );
    expect(result).toEqual({ ok: false });
    expect(files.saved).toEqual([]);
  });

  it('should answer { ok: false } when drawing or saving fails', async () => {
    const failing: PdfEngine = {
      measure: fixedWidthMeasure,
      render: () => {
        throw new Error('bad image');
      },
    };
    const files = new RecordingFiles();
    expect(
      await exportAnalysisPdf(
        {
          loadPdfEngine: async () => failing,
          logoLoader: loader(async () => null),
          fileSaver: files,
          report: createReportRenderer(passThroughHtml),
        },
        INPUT,
      ),
    ).toEqual({ ok: false });
    const refusing = {
      saveBytes: () => {
        throw new Error('blocked');
      },
    };
    expect(
      await exportAnalysisPdf(
        {
          loadPdfEngine: async () => new RecordingEngine(),
          logoLoader: loader(async () => null),
          fileSaver: refusing,
          report: createReportRenderer(passThroughHtml),
        },
        INPUT,
      ),
    ).toEqual({ ok: false });
  });
});

describe('exportAnalysisMarkdown', () => {
  it('should save the report exactly as it came, as Markdown', () => {
    const files = new RecordingFiles();
    const markdown = '# Rapport\n\n<script>x</script> &amp; **vet**\n';
    expect(
      exportAnalysisMarkdown({ fileSaver: files }, { markdown, organizationName: null, now: NOW }),
    ).toEqual({
      fileName: 'bedrijfsanalyse-export-2026-11-26.md',
    });
    expect(files.saved).toEqual([
      {
        filename: 'bedrijfsanalyse-export-2026-11-26.md',
        content: markdown,
        mimeType: 'text/markdown;charset=utf-8',
      },
    ]);
  });
});
