import { describe, expect, it } from 'vitest';
import type { LogoImage, LogoLoader, PdfDocument, PdfEngine } from '../../report';
import { exportResultsPdf } from './exportResultsPdf';
import { allTexts, fixedWidthMeasure, viewOf } from './resultsPdf.fixtures';

const NOW = new Date('2026-11-26T10:00:00Z');
const LOGO: LogoImage = { dataUrl: 'data:image/png;base64,AAAA', format: 'PNG', width: 240, height: 60 };
const BYTES = new Uint8Array([0x25, 0x50, 0x44, 0x46]);

/** Draws nothing: keeps the document it was given and answers with fixed bytes. */
class RecordingEngine implements PdfEngine {
  readonly measure = fixedWidthMeasure;
  readonly rendered: PdfDocument[] = [];
  render(doc: PdfDocument): Uint8Array {
    this.rendered.push(doc);
    return BYTES;
  }
}

type Saved = { filename: string; bytes: Uint8Array; mimeType: string };
const files = (saved: Saved[]) => ({
  saveBytes: (filename: string, bytes: Uint8Array, mimeType: string) =>
    void saved.push({ filename, bytes, mimeType }),
});

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
  surveyTitle: 'Medewerkerstevredenheid 2026',
  filter: { from: '2025-11-01', to: '' },
  view: viewOf(),
  logoUrls: ['https://app.loop.example/logo.png'],
  now: NOW,
};

describe('exportResultsPdf', () => {
  it('should lay the results out with the engine’s metrics and the logo, and save the PDF', async () => {
    const engine = new RecordingEngine();
    const saved: Saved[] = [];
    const logos = loader(async () => LOGO);
    const result = await exportResultsPdf(
      { loadPdfEngine: async () => engine, logoLoader: logos, fileSaver: files(saved) },
      INPUT,
    );
    expect(result).toEqual({ ok: true, fileName: 'resultaten-medewerkerstevredenheid-2026-2026-11-26.pdf' });
    expect(logos.asked).toEqual([['https://app.loop.example/logo.png']]);
    const [doc] = engine.rendered;
    expect(doc!.pages[0]!.items.find((item) => item.kind === 'image')).toMatchObject({
      width: 120,
      height: 30,
    });
    const texts = allTexts(doc!);
    expect(texts).toContain('Periode: vanaf 1 november 2025');
    expect(texts).toContain('Gemaakt op 26 november 2026 om 11:00');
    expect(texts).toContain('NPS +25');
    expect(saved).toEqual([
      {
        filename: 'resultaten-medewerkerstevredenheid-2026-2026-11-26.pdf',
        bytes: BYTES,
        mimeType: 'application/pdf',
      },
    ]);
  });

  // The shared steps (no logo when none loads, any failure is { ok: false }) are exportPdf's,
  // tested through the analysis export; here: that a failure reaches the results page as one.
  it('should answer { ok: false } and save nothing when the engine does not load', async () => {
    const saved: Saved[] = [];
    const result = await exportResultsPdf(
      {
        loadPdfEngine: () => Promise.reject(new Error('chunk failed')),
        logoLoader: loader(async () => LOGO),
        fileSaver: files(saved),
      },
      INPUT,
    );
    expect(result).toEqual({ ok: false });
    expect(saved).toEqual([]);
  });
});
