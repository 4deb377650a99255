import { PDF_TEXT_LEFT, PDF_TEXT_RIGHT, type PdfColor, type PdfPageFlow, wrapText } from '../../report';
import {
  BAR_GAP,
  BAR_HEIGHT,
  BAR_LABEL_WIDTH,
  BAR_TRACK_MAX,
  LEGEND_ITEM_GAP,
  RESULTS_PDF_COLOURS,
  RESULTS_PDF_FONTS,
  RESULTS_PDF_STEPS,
  STACKED_TRACK_MAX,
  SWATCH_GAP,
  SWATCH_SIZE,
} from './resultsPdfStyle';

/**
 * The charts of the results summary, drawn as filled boxes beside their numbers in text: a bar
 * never says anything its text does not. Each writes through the page flow, so a chart breaks over
 * pages the way a paragraph does, a bar always on the page of its label.
 */

/** One bar of a bar chart: its label, its share of the track (0–1) and its numbers in text. */
export interface PdfBarRow {
  readonly label: string;
  readonly share: number;
  /** E.g. '12 (40%)', beside the bar. */
  readonly valueText: string;
  readonly fill: PdfColor;
}

/** One part of a stacked bar (its share, 0–1) with what its legend says ('Eens 40%'). */
export interface PdfBarPart {
  readonly share: number;
  readonly fill: PdfColor;
  readonly legend: string;
}

const clampShare = (share: number): number => (Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : 0);

/** The box of a bar on the line with baseline `y`: its top `BAR_HEIGHT` above it. */
function bar(flow: PdfPageFlow, x: number, y: number, width: number, fill: PdfColor): void {
  if (width > 0) flow.draw({ kind: 'rect', x, y: y - BAR_HEIGHT, width, height: BAR_HEIGHT, fill });
}

/**
 * Horizontal bars, one per row: the label left (wrapped in its column), a grey track with the
 * bar's share of it, and the numbers right of the track. The track is as wide as the widest
 * numbers leave room for, at most `BAR_TRACK_MAX`, so the numbers never pass the margin.
 */
export function barRows(flow: PdfPageFlow, rows: readonly PdfBarRow[]): void {
  const { body } = RESULTS_PDF_FONTS;
  const step = RESULTS_PDF_STEPS.bar;
  const valueWidth = Math.max(0, ...rows.map((row) => flow.measure.width(row.valueText, body)));
  const trackX = PDF_TEXT_LEFT + BAR_LABEL_WIDTH + BAR_GAP;
  const track = Math.max(0, Math.min(BAR_TRACK_MAX, PDF_TEXT_RIGHT - trackX - BAR_GAP - valueWidth));
  for (const row of rows) {
    const lines = wrapText(row.label, BAR_LABEL_WIDTH, body, flow.measure);
    // A row stays on one page: its bar beside its label's first line.
    flow.keepTogether(step + Math.max(0, lines.length - 1) * RESULTS_PDF_STEPS.barLabel);
    const y = flow.advance(step);
    flow.draw({
      kind: 'rect',
      x: trackX,
      y: y - BAR_HEIGHT,
      width: track,
      height: BAR_HEIGHT,
      fill: RESULTS_PDF_COLOURS.track,
    });
    bar(flow, trackX, y, track * clampShare(row.share), row.fill);
    flow.draw({ kind: 'text', x: trackX + track + BAR_GAP, y, text: row.valueText, font: body });
    lines.forEach((line, index) => {
      const lineY = index === 0 ? y : flow.advance(RESULTS_PDF_STEPS.barLabel);
      flow.draw({ kind: 'text', x: PDF_TEXT_LEFT, y: lineY, text: line, font: body });
    });
  }
}

/**
 * A bar of parts that together make 100 % (a Likert statement's answers per point), each part its
 * share of the track, `summary` (mean and top-2-box) beside it; then the parts' legend below, each
 * with its colour and its share in text, so no part is told by colour alone.
 */
export function stackedBar(flow: PdfPageFlow, parts: readonly PdfBarPart[], summary: string): void {
  const { body } = RESULTS_PDF_FONTS;
  const summaryWidth = flow.measure.width(summary, body);
  const track = Math.max(
    0,
    Math.min(STACKED_TRACK_MAX, PDF_TEXT_RIGHT - PDF_TEXT_LEFT - BAR_GAP - summaryWidth),
  );
  flow.keepTogether(RESULTS_PDF_STEPS.bar + RESULTS_PDF_STEPS.note);
  const y = flow.advance(RESULTS_PDF_STEPS.bar);
  flow.draw({
    kind: 'rect',
    x: PDF_TEXT_LEFT,
    y: y - BAR_HEIGHT,
    width: track,
    height: BAR_HEIGHT,
    fill: RESULTS_PDF_COLOURS.track,
  });
  let done = 0;
  for (const part of parts) {
    const share = Math.min(clampShare(part.share), 1 - done);
    bar(flow, PDF_TEXT_LEFT + track * done, y, track * share, part.fill);
    done += share;
  }
  flow.draw({ kind: 'text', x: PDF_TEXT_LEFT + track + BAR_GAP, y, text: summary, font: body });
  legend(flow, parts);
}

interface LegendEntry {
  readonly x: number;
  /** Null on the further lines of a text too long for one line. */
  readonly fill: PdfColor | null;
  readonly text: string;
}

/**
 * Colour squares with their texts, side by side in lines that wrap at the margin; a text longer
 * than a whole line (a scale label may have 60 characters) wraps under its own square.
 */
export function legend(
  flow: PdfPageFlow,
  items: readonly { readonly fill: PdfColor; readonly legend: string }[],
): void {
  const font = RESULTS_PDF_FONTS.note;
  const textX = SWATCH_SIZE + SWATCH_GAP;
  const lines: LegendEntry[][] = [];
  let line: LegendEntry[] = [];
  let x = PDF_TEXT_LEFT;
  const endLine = () => {
    if (line.length > 0) lines.push(line);
    line = [];
    x = PDF_TEXT_LEFT;
  };
  for (const item of items) {
    const width = textX + flow.measure.width(item.legend, font);
    if (PDF_TEXT_LEFT + width > PDF_TEXT_RIGHT) {
      endLine();
      const pieces = wrapText(item.legend, PDF_TEXT_RIGHT - PDF_TEXT_LEFT - textX, font, flow.measure);
      for (const [index, text] of pieces.entries())
        lines.push([{ x, fill: index === 0 ? item.fill : null, text }]);
      continue;
    }
    if (x + width > PDF_TEXT_RIGHT) endLine();
    line.push({ x, fill: item.fill, text: item.legend });
    x += width + LEGEND_ITEM_GAP;
  }
  endLine();
  for (const entries of lines) {
    const y = flow.advance(RESULTS_PDF_STEPS.note);
    for (const entry of entries) {
      if (entry.fill)
        flow.draw({
          kind: 'rect',
          x: entry.x,
          y: y - SWATCH_SIZE,
          width: SWATCH_SIZE,
          height: SWATCH_SIZE,
          fill: entry.fill,
        });
      flow.draw({ kind: 'text', x: entry.x + textX, y, text: entry.text, font });
    }
  }
}
