import { describe, expect, it } from 'vitest';
import { PDF_PAGE, PDF_TEXT_LEFT, PDF_TEXT_RIGHT, PdfPageFlow } from '../../report';
import { fixedWidthMeasure, rectsOf, textsOf } from './resultsPdf.fixtures';
import { barRows, legend, stackedBar } from './resultsPdfCharts';
import { BAR_TRACK_MAX, RESULTS_PDF_COLOURS, RESULTS_PDF_FONTS } from './resultsPdfStyle';

const RED = [255, 0, 0] as const;
const BLUE = [0, 0, 255] as const;

const itemsOf = (flow: PdfPageFlow) => flow.pages.flat();

describe('barRows', () => {
  it('should draw a track per row and a bar of its share, clamped to 0–1', () => {
    const flow = new PdfPageFlow(fixedWidthMeasure);
    barRows(flow, [
      { label: 'Half', share: 0.5, valueText: '1 (50%)', fill: RED },
      { label: 'Te veel', share: 1.7, valueText: '9 (170%)', fill: RED },
      { label: 'Niets', share: 0, valueText: '0 (0%)', fill: RED },
      { label: 'Onzin', share: Number.NaN, valueText: '–', fill: RED },
    ]);
    const rects = rectsOf(itemsOf(flow));
    const tracks = rects.filter((rect) => rect.fill === RESULTS_PDF_COLOURS.track);
    const bars = rects.filter((rect) => rect.fill === RED);
    expect(tracks).toHaveLength(4);
    expect(bars.map((bar) => bar.width / tracks[0]!.width)).toEqual([0.5, 1]);
  });

  it('should narrow the track so the widest numbers still end within the margin', () => {
    const flow = new PdfPageFlow(fixedWidthMeasure);
    const valueText = '1.234.567.890 (100%)';
    barRows(flow, [{ label: 'Veel', share: 1, valueText, fill: RED }]);
    const [track] = rectsOf(itemsOf(flow));
    expect(track!.width).toBeLessThan(BAR_TRACK_MAX);
    const value = textsOf(itemsOf(flow)).find((item) => item.text === valueText)!;
    expect(value.x).toBeGreaterThan(track!.x + track!.width);
    expect(value.x + fixedWidthMeasure.width(valueText, RESULTS_PDF_FONTS.body)).toBeCloseTo(
      PDF_TEXT_RIGHT,
      6,
    );
  });
});

describe('stackedBar', () => {
  it('should lay the parts side by side over the track, never past its end', () => {
    const flow = new PdfPageFlow(fixedWidthMeasure);
    stackedBar(
      flow,
      [
        { share: 0.25, fill: RED, legend: 'Oneens 25%' },
        { share: 0.9, fill: BLUE, legend: 'Eens 90%' },
      ],
      'Gemiddelde 3,0',
    );
    const [track, red, blue] = rectsOf(itemsOf(flow));
    expect(red).toMatchObject({ x: PDF_TEXT_LEFT, fill: RED });
    expect(red!.width).toBeCloseTo(track!.width / 4, 10);
    expect(blue!.x).toBeCloseTo(red!.x + red!.width, 10);
    expect(blue!.x + blue!.width).toBeCloseTo(track!.x + track!.width, 10);
    const texts = textsOf(itemsOf(flow)).map((item) => item.text);
    expect(texts).toEqual(['Gemiddelde 3,0', 'Oneens 25%', 'Eens 90%']);
  });
});

describe('legend', () => {
  it('should put squares with their texts side by side and wrap at the margin, a long text under its square', () => {
    const flow = new PdfPageFlow(fixedWidthMeasure);
    const items = [
      ...Array.from({ length: 12 }, (_, i) => ({ fill: RED, legend: `Punt nummer ${i + 1} 8%` })),
      { fill: BLUE, legend: 'Heel '.repeat(30).trim() },
    ];
    legend(flow, items);
    const all = itemsOf(flow);
    const texts = textsOf(all);
    const lines = [...new Set(texts.map((item) => item.y))];
    expect(lines.length).toBeGreaterThan(3);
    for (const item of texts) {
      expect(item.x + fixedWidthMeasure.width(item.text, item.font)).toBeLessThanOrEqual(PDF_TEXT_RIGHT);
    }
    // One square per item: the long text's further lines have none.
    expect(rectsOf(all)).toHaveLength(items.length);
    expect(rectsOf(all).filter((rect) => rect.fill === BLUE)).toHaveLength(1);
    expect(texts.filter((item) => item.text.startsWith('Heel')).length).toBeGreaterThan(1);
    expect(Math.max(...texts.map((item) => item.y))).toBeLessThanOrEqual(PDF_PAGE.bottomLimit);
  });
});
