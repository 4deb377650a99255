import {
  ANALYSIS_PDF,
  ANALYSIS_PDF_FONTS,
  analysisFileName,
  createReportRenderer,
  exportAnalysisPdf,
  layoutAnalysisPdf,
  type PdfEngine,
  reportHtml,
} from '@loop/core/report';
import { questionResultView } from '@loop/core/surveys/results';
import { layoutResultsPdf } from '@loop/core/surveys/resultsPdf';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDomSanitizer } from '../dom/createDomPurifySanitizer';
import { pageTexts, readPdf } from '../testing/readPdf';
import { pngBytes } from '../testing/testImages';
import { createLogoLoader } from './createLogoLoader';
import { loadJsPdfEngine } from './loadJsPdfEngine';
import { winAnsiText } from './winAnsiText';

/** A report of many sections: headings, paragraphs, lists, bold lines, a rule, Dutch characters. */
const REPORT = [
  '# Bedrijfsanalyse',
  '',
  'Deze analyse is gemaakt op basis van **12 KPI’s** en 4 surveys — café “De Hoek” & co.',
  '',
  ...Array.from({ length: 30 }, (_, i) =>
    [
      `## ${i + 1}. Omzet en marge`,
      `De omzet steeg met ${i}% ten opzichte van vorig jaar. ${'De kosten bleven gelijk en de marge verbeterde licht. '.repeat(3)}`,
      '- Sterk: klanttevredenheid (NPS 42)',
      '- Risico: personeelsverloop',
      '1. Aanbeveling: investeer in [opleiding](https://loop.example/opleiding)',
      '**Conclusie: op koers**',
      '',
    ].join('\n'),
  ),
  '---',
  'Einde.',
].join('\n');

const GENERATED_AT = new Date('2026-11-26T09:30:00Z');

/** The DOMPurify adapter on jsdom, as the server would have it. */
const html = createDomSanitizer(() => new JSDOM('<!doctype html><html><body></body></html>').window);
/** The report as the screen shows it, read back as the PDF gets it. */
const reportOf = (markdown: string) => html.read(reportHtml(markdown, html));

let engine: PdfEngine;

beforeAll(async () => {
  engine = await loadJsPdfEngine();
});

describe('loadJsPdfEngine', () => {
  it('should measure with jsPDF’s Helvetica metrics, by font and size', () => {
    const body = ANALYSIS_PDF_FONTS.body;
    // Helvetica: 'W' is 944/1000 of the size, 'i' 222/1000; bold is wider.
    expect(engine.measure.width('W', { style: 'normal', size: 10 })).toBeCloseTo(9.44, 1);
    expect(engine.measure.width('i', { style: 'normal', size: 10 })).toBeCloseTo(2.22, 1);
    expect(engine.measure.width('Bedrijfsanalyse', { style: 'bold', size: 11 })).toBeGreaterThan(
      engine.measure.width('Bedrijfsanalyse', body),
    );
    expect(engine.measure.width('abc', { style: 'normal', size: 22 })).toBeCloseTo(
      2 * engine.measure.width('abc', { style: 'normal', size: 11 }),
      6,
    );
  });

  it('should measure exactly what jsPDF’s getTextWidth says, kerning included', async () => {
    const { jsPDF } = await import('jspdf');
    const doc = new jsPDF({ unit: 'pt', format: 'a4' });
    const samples = [
      'To Vo AV Wa Ty',
      'Deze analyse is gemaakt op basis van 12 KPI’s en 4 surveys — café “De Hoek” & co.',
      'Pagina 12 van 57',
      'x',
      '',
      'Ĳssel 😀 €5,–',
    ];
    for (const style of ['normal', 'bold'] as const) {
      for (const size of [9, 11, 26]) {
        doc.setFont('helvetica', style);
        doc.setFontSize(size);
        for (const text of samples)
          expect(engine.measure.width(text, { style, size })).toBeCloseTo(
            doc.getTextWidth(winAnsiText(text)),
            9,
          );
      }
    }
    // Kerning counts: 'To' is narrower than 'T' and 'o' apart.
    const font = { style: 'normal', size: 10 } as const;
    expect(engine.measure.width('To', font)).toBeLessThan(
      engine.measure.width('T', font) + engine.measure.width('o', font),
    );
  });

  it('should draw a multi-page analysis that reads back with its pages, sizes, footers and cover', () => {
    const doc = layoutAnalysisPdf({
      report: reportOf(REPORT),
      organizationName: 'Bakkerij Noor',
      generatedAt: GENERATED_AT,
      logo: null,
      measure: engine.measure,
    });
    const bytes = engine.render(doc);
    const pdf = readPdf(bytes);
    expect(pdf.pages.length).toBe(doc.pages.length);
    expect(pdf.pages.length).toBeGreaterThan(5);
    expect(pdf.title).toBe('Bedrijfsanalyse Rapport');
    const texts = pageTexts(pdf);
    pdf.pages.forEach((page, index) => {
      expect(page.mediaBox).toEqual([0, 0, 595.28, 841.89]);
      const footer = page.texts.at(-1)!;
      expect(footer.text).toBe(`Pagina ${index + 1} van ${pdf.pages.length}`);
      // Centred: jsPDF starts the run half its width left of the centre.
      const width = engine.measure.width(footer.text, ANALYSIS_PDF_FONTS.footer);
      expect(footer.x + width / 2).toBeCloseTo(ANALYSIS_PDF.width / 2, 1);
      expect(footer.y).toBeCloseTo(ANALYSIS_PDF.height - ANALYSIS_PDF.footerY, 1);
      // Every other line sits above the bottom limit (PDF counts y from the bottom).
      for (const run of page.texts.slice(0, -1))
        expect(run.y).toBeGreaterThanOrEqual(ANALYSIS_PDF.height - ANALYSIS_PDF.bottomLimit - 1e-6);
    });
    expect(texts[0]).toEqual([
      'Bedrijfsanalyse Rapport',
      'Bakkerij Noor',
      '26 november 2026',
      `Pagina 1 van ${pdf.pages.length}`,
    ]);
    expect(pdf.fonts[pdf.pages[0]!.texts[0]!.font]).toBe('Helvetica-Bold');
    expect(pdf.pages[0]!.lines).toBe(1);
    const body = texts.slice(1).flat();
    expect(body).toContain('Bedrijfsanalyse');
    expect(body.join(' ')).toContain(
      'Deze analyse is gemaakt op basis van 12 KPI’s en 4 surveys — café “De Hoek” & co.',
    );
    expect(body).toContain('Conclusie: op koers');
    expect(body).toContain('•');
    expect(body.join(' ')).toContain('Aanbeveling: investeer in opleiding (https://loop.example/opleiding)');
    expect(body.at(-2)).toBe('Einde.');
    expect(pdf.pages.reduce((sum, page) => sum + page.lines, 0)).toBe(2);
  });

  it('should embed the logo as an image and write characters Helvetica lacks as readable text', () => {
    const png = pngBytes(300, 100);
    const dataUrl = `data:image/png;base64,${btoa(String.fromCharCode(...png))}`;
    const doc = layoutAnalysisPdf({
      report: reportOf('Blij 😀 met Ĳsselmeer'),
      organizationName: 'Café ☕',
      generatedAt: GENERATED_AT,
      logo: { dataUrl, format: 'PNG', width: 300, height: 100 },
      measure: engine.measure,
    });
    const pdf = readPdf(engine.render(doc));
    expect(pdf.pages[0]!.images).toBe(1);
    expect(pageTexts(pdf)[0]![1]).toBe('Café ?');
    expect(pageTexts(pdf)[1]![0]).toBe('Blij ? met IJsselmeer');
  });

  it('should make a PDF through exportAnalysisPdf with a logo from the loader', async () => {
    const saved: Array<{ filename: string; bytes: Uint8Array; mimeType: string }> = [];
    const png = pngBytes(50, 50);
    const result = await exportAnalysisPdf(
      {
        loadPdfEngine: loadJsPdfEngine,
        logoLoader: createLogoLoader(async () => ({ ok: true, arrayBuffer: async () => png.slice().buffer })),
        fileSaver: { saveBytes: (filename, bytes, mimeType) => saved.push({ filename, bytes, mimeType }) },
        report: createReportRenderer(html),
      },
      {
        markdown: '# Kort\nTekst',
        organizationName: 'Bakkerij Noor',
        generatedAt: GENERATED_AT,
        logoUrls: ['https://app.loop.example/logo.png'],
        now: GENERATED_AT,
      },
    );
    expect(result).toEqual({ ok: true, fileName: analysisFileName('Bakkerij Noor', GENERATED_AT, 'pdf') });
    expect(saved[0]?.mimeType).toBe('application/pdf');
    const pdf = readPdf(saved[0]!.bytes);
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.pages[0]!.images).toBe(1);
    expect(pageTexts(pdf)[1]).toEqual(['Kort', 'Tekst', 'Pagina 2 van 2']);
  });

  it('should draw filled boxes in their colour, also after text changed the fill colour', () => {
    const font = { style: 'normal', size: 10 } as const;
    const bytes = engine.render({
      width: 595.28,
      height: 841.89,
      pages: [
        {
          items: [
            { kind: 'rect', x: 60, y: 100, width: 200.5, height: 9, fill: [37, 99, 235] },
            { kind: 'text', x: 60, y: 140, text: 'tekst', font },
            { kind: 'rect', x: 60, y: 150, width: 50, height: 9, fill: [37, 99, 235] },
            { kind: 'rect', x: 70, y: 170, width: 20, height: 7, fill: [243, 243, 243] },
          ],
        },
      ],
    });
    const [page] = readPdf(bytes).pages;
    expect(page!.rects).toEqual([
      // PDF counts y from the bottom: a box from 100 to 109 pt below the top.
      { x: 60, y: 841.89 - 109, width: 200.5, height: 9, fill: [0.15, 0.39, 0.92] },
      { x: 60, y: 841.89 - 159, width: 50, height: 9, fill: [0.15, 0.39, 0.92] },
      { x: 70, y: 841.89 - 177, width: 20, height: 7, fill: [0.95, 0.95, 0.95] },
    ]);
    expect(page!.texts.map((run) => run.text)).toEqual(['tekst']);
  });

  it('should draw the results summary with its bars beside their numbers on every page', () => {
    const nps = {
      id: 'q-nps',
      type: 'nps',
      title: 'Zou je ons aanbevelen?',
      required: false,
      position: 0,
      settings: {},
    } as const;
    const choice = {
      id: 'q-plek',
      type: 'single_choice',
      title: 'Waar werk je meestal?',
      required: false,
      position: 1,
      settings: {
        options: [
          { id: 'a', label: 'Op kantoor' },
          { id: 'b', label: 'Thuis' },
        ],
        allow_other: false,
      },
    } as const;
    const questions = Array.from({ length: 30 }, () => [
      questionResultView(nps, {
        question_id: 'q-nps',
        type: 'nps',
        answered: 4,
        seen_count: 4,
        by_score: { '10': 3, '3': 1 },
      }),
      questionResultView(choice, {
        question_id: 'q-plek',
        type: 'single_choice',
        answered: 4,
        seen_count: 4,
        by_option: { a: 3, b: 1 },
        other: 0,
        other_texts: [],
        other_text_count: 0,
      }),
    ]).flat();
    const doc = layoutResultsPdf({
      surveyTitle: 'Café “De Hoek” – klanten',
      filter: { from: '', to: '' },
      view: {
        summary: {
          completed: 4,
          completedText: '4',
          inProgressText: '0',
          invitedText: '0',
          responseRateText: '–',
          completionRateText: '100%',
          lastResponseText: '3 nov. 2025',
        },
        questions,
      },
      generatedAt: GENERATED_AT,
      logo: null,
      measure: engine.measure,
    });
    const pdf = readPdf(engine.render(doc));
    expect(pdf.title).toBe('Resultaten: Café “De Hoek” – klanten');
    expect(pdf.pages.length).toBe(doc.pages.length);
    expect(pdf.pages.length).toBeGreaterThan(2);
    const texts = pageTexts(pdf);
    pdf.pages.forEach((page, index) => {
      expect(page.mediaBox).toEqual([0, 0, 595.28, 841.89]);
      expect(page.texts.at(-1)!.text).toBe(`Pagina ${index + 1} van ${pdf.pages.length}`);
      for (const rect of page.rects) {
        expect(rect.x).toBeGreaterThanOrEqual(ANALYSIS_PDF.margin);
        expect(rect.x + rect.width).toBeLessThanOrEqual(ANALYSIS_PDF.width - ANALYSIS_PDF.margin + 0.01);
        expect(rect.y).toBeGreaterThanOrEqual(ANALYSIS_PDF.height - ANALYSIS_PDF.bottomLimit - 0.01);
      }
    });
    expect(texts[0]!.slice(0, 2)).toEqual(['Resultaten', 'Café “De Hoek” – klanten']);
    const all = texts.flat();
    expect(all).toContain('NPS +50');
    expect(all).toContain('3 (75%)');
    // The promoters' bar is three quarters of its track, beside '3 (75%)' on the same baseline.
    const first = pdf.pages[0]!;
    const value = first.texts.find((run) => run.text === '3 (75%)')!;
    const onLine = first.rects.filter((rect) => rect.y === value.y);
    expect(onLine).toHaveLength(2);
    expect(onLine[1]!.width / onLine[0]!.width).toBeCloseTo(0.75, 2);
    expect(onLine[1]!.fill).toEqual([0.08, 0.5, 0.24]);
  });
});
