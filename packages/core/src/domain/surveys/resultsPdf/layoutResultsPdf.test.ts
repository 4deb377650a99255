import { describe, expect, it } from 'vitest';
import type { Question } from '../../contract';
import { PDF_PAGE, type PdfDocument } from '../../report';
import { seenView } from '../results';
import { layoutResultsPdf } from './layoutResultsPdf';
import {
  allTexts,
  fixedWidthMeasure,
  npsQuestion,
  openQuestion,
  PRIVATE_WORDS,
  pdfInput,
  QUESTIONS,
  rectsOf,
  singleQuestion,
  textsOf,
  viewOf,
} from './resultsPdf.fixtures';
import { RESULTS_PDF_TEXTS } from './resultsPdfQuestions';
import { RESULTS_PDF_COLOURS } from './resultsPdfStyle';

const { width, height, margin, bottomLimit, footerY } = PDF_PAGE;
const RIGHT = width - margin;

/** Fifteen copies of every question: a summary of many pages. */
const MANY: Question[] = Array.from({ length: 15 }, (_, i) =>
  QUESTIONS.map((question) => ({ ...question, title: `${question.title} (${i + 1})` })),
).flat();

/** The page and item of the text `text`; throws when it is not in the document. */
function find(doc: PdfDocument, text: string) {
  for (const [page, { items }] of doc.pages.entries()) {
    const item = textsOf(items).find((each) => each.text === text);
    if (item) return { page, item, items };
  }
  throw new Error(`'${text}' is not in the PDF`);
}

/** The bars (not the tracks, not legend squares) drawn on the line of `label`. */
function barsBeside(doc: PdfDocument, label: string) {
  const { item, items } = find(doc, label);
  return rectsOf(items).filter(
    (rect) => rect.y + rect.height === item.y && rect.fill !== RESULTS_PDF_COLOURS.track && rect.height > 7,
  );
}

describe('layoutResultsPdf', () => {
  it("should lay out Loop's A4 page with a header: 'Resultaten', the title, the period and the date", () => {
    const doc = layoutResultsPdf(pdfInput({ filter: { from: '2025-11-01', to: '2025-11-30' } }));
    expect(doc).toMatchObject({
      width: 595.28,
      height: 841.89,
      title: 'Resultaten: Medewerkerstevredenheid 2026',
    });
    expect(
      textsOf(doc.pages[0]!.items)
        .slice(0, 4)
        .map((item) => [item.text, item.font]),
    ).toEqual([
      ['Resultaten', { style: 'bold', size: 12 }],
      ['Medewerkerstevredenheid 2026', { style: 'bold', size: 20 }],
      ['Periode: 1 november 2025 tot en met 30 november 2025', { style: 'normal', size: 11 }],
      ['Gemaakt op 26 november 2026 om 10:30', { style: 'normal', size: 11 }],
    ]);
    expect(doc.pages[0]!.items.find((item) => item.kind === 'line')).toMatchObject({ x1: margin, x2: RIGHT });
  });

  it('should say the results filter under the period when one is set (R-RES-8)', () => {
    const doc = layoutResultsPdf(pdfInput({ filterText: 'Afdeling is Verkoop en Taal is Nederlands' }));
    expect(textsOf(doc.pages[0]!.items).map((item) => item.text)).toContain(
      'Filter: Afdeling is Verkoop en Taal is Nederlands',
    );
    expect(
      textsOf(layoutResultsPdf(pdfInput({})).pages[0]!.items)
        .map((item) => item.text)
        .join(' '),
    ).not.toContain('Filter:');
  });

  it('should name an untitled survey as the results page does', () => {
    const doc = layoutResultsPdf(pdfInput({ surveyTitle: '   ' }));
    expect(doc.title).toBe('Resultaten: Naamloze survey');
    expect(allTexts(doc)).toContain('Naamloze survey');
  });

  it("should end every page with 'Pagina X van Y' and keep every item within the margins and limit", () => {
    const doc = layoutResultsPdf(pdfInput({ view: viewOf(MANY) }));
    expect(doc.pages.length).toBeGreaterThan(5);
    doc.pages.forEach((page, index) => {
      expect(page.items.at(-1)).toMatchObject({
        kind: 'text',
        text: `Pagina ${index + 1} van ${doc.pages.length}`,
        x: width / 2,
        y: footerY,
        align: 'center',
      });
      expect(textsOf(page.items).filter((item) => item.text.startsWith('Pagina '))).toHaveLength(1);
      for (const item of page.items.slice(0, -1)) {
        if (item.kind === 'text') {
          expect(item.y - item.font.size).toBeGreaterThanOrEqual(margin);
          expect(item.y).toBeLessThanOrEqual(bottomLimit);
          expect(item.x).toBeGreaterThanOrEqual(margin);
          expect(item.x + fixedWidthMeasure.width(item.text, item.font)).toBeLessThanOrEqual(RIGHT + 1e-9);
        } else if (item.kind === 'rect') {
          expect(item.x).toBeGreaterThanOrEqual(margin);
          expect(item.x + item.width).toBeLessThanOrEqual(RIGHT + 1e-9);
          expect(item.y).toBeGreaterThanOrEqual(margin);
          expect(item.y + item.height).toBeLessThanOrEqual(bottomLimit);
        } else if (item.kind === 'line') {
          expect(Math.min(item.y1, item.y2)).toBeGreaterThanOrEqual(margin);
          expect(Math.max(item.y1, item.y2)).toBeLessThanOrEqual(bottomLimit);
        }
      }
    });
    expect(footerY).toBeGreaterThan(bottomLimit);
    expect(footerY).toBeLessThan(height);
    // Every question is there, in order.
    const titles = allTexts(doc).filter((text) => /^\d+\. /.test(text));
    expect(titles).toHaveLength(MANY.length);
    expect(titles.at(-1)).toBe(`${MANY.length}. Wat kan beter? (15)`);
  });

  it('should keep a question that fits on a page on one page, its notes with its bars', () => {
    const doc = layoutResultsPdf(pdfInput({ view: viewOf(MANY) }));
    const placed = doc.pages.flatMap((page, index) =>
      textsOf(page.items).map((item) => ({ index, text: item.text })),
    );
    const starts = placed.flatMap((entry, at) => (/^\d+\. /.test(entry.text) ? [at] : []));
    let broken = 0;
    for (const [n, start] of starts.entries()) {
      const end = starts[n + 1] ?? placed.length - 1;
      const pages = new Set(
        placed
          .slice(start, end)
          .filter((entry) => !entry.text.startsWith('Pagina '))
          .map((entry) => entry.index),
      );
      if (pages.size > 1) broken++;
    }
    expect(starts).toHaveLength(MANY.length);
    expect(broken).toBe(0);
  });

  it('should give the summary figures of the results page', () => {
    const texts = allTexts(layoutResultsPdf(pdfInput()));
    const at = texts.indexOf('Samenvatting');
    expect(texts.slice(at, at + 11)).toEqual([
      'Samenvatting',
      'Ingevulde reacties',
      '20',
      'Responspercentage',
      '45%',
      'Voltooid',
      '87%',
      'Nog bezig',
      '3',
      'Laatste reactie',
      '3 nov. 2025',
    ]);
    expect(texts.join(' ')).toContain('ingevulde persoonlijke links van de 40 gemaakte');
  });

  it('should give the NPS and its groups as bars with count and percentage, bars proportional', () => {
    const doc = layoutResultsPdf(pdfInput());
    const texts = allTexts(doc);
    expect(texts).toContain('2. Zou je ons aanbevelen?');
    expect(texts).toContain('NPS · 20 antwoorden');
    expect(texts).toContain('NPS +25');
    const groups = [
      ['Promotors (9–10)', '10 (50%)', 0.5, RESULTS_PDF_COLOURS.nps.promoters],
      ['Passieven (7–8)', '5 (25%)', 0.25, RESULTS_PDF_COLOURS.nps.passives],
      ['Criticasters (0–6)', '5 (25%)', 0.25, RESULTS_PDF_COLOURS.nps.detractors],
    ] as const;
    for (const [label, value, share, fill] of groups) {
      const { item, items } = find(doc, label);
      const track = rectsOf(items).find(
        (rect) => rect.fill === RESULTS_PDF_COLOURS.track && rect.y + rect.height === item.y,
      )!;
      const [bar] = barsBeside(doc, label);
      expect(bar).toMatchObject({ x: track.x, fill });
      expect(bar!.width / track.width).toBeCloseTo(share, 10);
      // The numbers in text right of the track, on the bar's line.
      expect(textsOf(items).find((each) => each.text === value && each.y === item.y)!.x).toBeGreaterThan(
        track.x + track.width,
      );
    }
  });

  it('should give each Likert statement its mean, top-2-box and a bar of its answers per point', () => {
    const doc = layoutResultsPdf(pdfInput());
    const texts = allTexts(doc);
    expect(texts).toContain('Ik heb plezier in mijn werk');
    expect(texts).toContain('Gemiddelde 3,5 · top-2-box 60%');
    for (const legend of [
      'Helemaal oneens 10%',
      'Oneens 10%',
      'Neutraal 20%',
      'Eens 40%',
      'Helemaal eens 20%',
    ])
      expect(texts).toContain(legend);
    const { item, items } = find(doc, 'Gemiddelde 3,5 · top-2-box 60%');
    const onLine = rectsOf(items).filter((rect) => rect.y + rect.height === item.y);
    const [track, ...parts] = onLine;
    expect(track!.fill).toBe(RESULTS_PDF_COLOURS.track);
    expect(parts.map((part) => part.fill)).toEqual([
      RESULTS_PDF_COLOURS.likert['negative-strong'],
      RESULTS_PDF_COLOURS.likert['negative-mild'],
      RESULTS_PDF_COLOURS.likert.middle,
      RESULTS_PDF_COLOURS.likert['positive-mild'],
      RESULTS_PDF_COLOURS.likert['positive-strong'],
    ]);
    expect(parts.map((part) => part.width / track!.width)).toEqual(
      [0.1, 0.1, 0.2, 0.4, 0.2].map((share) => expect.closeTo(share, 10)),
    );
    // Side by side from the track's start to its end.
    for (const [i, part] of parts.slice(1).entries())
      expect(part.x).toBeCloseTo(parts[i]!.x + parts[i]!.width, 10);
    expect(parts.at(-1)!.x + parts.at(-1)!.width).toBeCloseTo(track!.x + track!.width, 10);
    // A statement nobody answered says so, without a bar.
    expect(texts[texts.indexOf('Ik krijg genoeg steun') + 1]).toBe('Nog geen antwoorden op deze stelling.');
  });

  it("should give choices and ratings as bars with their numbers, 'anders' counted", () => {
    const doc = layoutResultsPdf(pdfInput());
    const texts = allTexts(doc);
    for (const [label, value, share] of [
      ['Op kantoor', '5 (63%)', 5 / 8],
      ['Thuis', '2 (25%)', 2 / 8],
      ['Anders, namelijk', '1 (13%)', 1 / 8],
      ['5 sterren', '2 (50%)', 0.5],
      ['2 sterren', '1 (25%)', 0.25],
    ] as const) {
      const [bar] = barsBeside(doc, label);
      expect(bar!.fill).toBe(RESULTS_PDF_COLOURS.bar);
      expect(bar!.width).toBeCloseTo(220 * share, 10);
      const { item, items } = find(doc, label);
      expect(textsOf(items).some((each) => each.text === value && each.y === item.y)).toBe(true);
    }
    // No answers: no bar, but the row and its zero.
    expect(barsBeside(doc, '3 sterren')).toEqual([]);
    expect(texts[texts.indexOf('3 sterren') - 1]).toBe('0 (0%)');
    expect(texts).toContain('Gemiddeld 4,0 van 5');
    expect(texts).toContain('Percentages van de 8 reacties met een antwoord op deze vraag.');
  });

  it("should count open answers and never print them, nor the texts typed at 'Anders, namelijk'", () => {
    const doc = layoutResultsPdf(pdfInput());
    const texts = allTexts(doc);
    const all = texts.join('\n');
    for (const word of PRIVATE_WORDS) expect(all).not.toContain(word);
    expect(texts).toContain('5. Wat kan beter?');
    expect(texts).toContain('Open vraag (lang) · 2 antwoorden');
    expect(texts).toContain('Open antwoorden staan niet in deze samenvatting.');
    expect(texts).toContain("Wat bij 'Anders, namelijk' is ingevuld, staat niet in deze samenvatting.");
    // Without 'anders' texts that line is left out; the row with their count stays.
    const single = viewOf([singleQuestion]);
    const plain = layoutResultsPdf(
      pdfInput({
        view: {
          ...single,
          questions: single.questions.map((view) =>
            view.kind === 'choice' ? { ...view, otherTexts: [] } : view,
          ),
        },
      }),
    );
    expect(allTexts(plain)).toContain('Anders, namelijk');
    expect(allTexts(plain)).not.toContain(RESULTS_PDF_TEXTS.otherTexts);
  });

  it('should say a question without answers has none, and a survey without questions so', () => {
    const empty = { ...viewOf([openQuestion, singleQuestion]) };
    const noAnswers = layoutResultsPdf(
      pdfInput({
        view: {
          ...empty,
          questions: empty.questions.map((view) =>
            view.kind === 'choice' ? { ...view, answered: 0 } : view,
          ),
        },
      }),
    );
    const texts = allTexts(noAnswers);
    expect(texts[texts.indexOf('2. Waar werk je meestal?') + 2]).toBe('Nog geen antwoorden op deze vraag.');
    expect(texts).not.toContain('Op kantoor');
    const none = layoutResultsPdf(pdfInput({ view: viewOf([]) }));
    expect(allTexts(none)).toContain('Deze survey heeft nog geen vragen.');
    expect(none.pages).toHaveLength(1);
  });

  it('should say by how many of the respondents a question was seen when not by all of them', () => {
    const base = viewOf([singleQuestion, npsQuestion]);
    const seen = (count: number, answered: number) => seenView(count, 20, answered);
    const doc = layoutResultsPdf(
      pdfInput({
        view: {
          ...base,
          questions: base.questions.map((view) =>
            view.kind === 'choice'
              ? { ...view, seen: seen(10, view.answered) }
              : { ...view, seen: seen(20, view.answered) },
          ),
        },
      }),
    );
    const texts = allTexts(doc);
    const choice = texts.indexOf('1. Waar werk je meestal?');
    expect(texts[choice + 2]).toBe('Gezien door 10 van de 20 respondenten; 80% van hen gaf een antwoord.');
    // Seen by everyone: nothing to say, as in a survey without rules.
    expect(texts.filter((text) => text.startsWith('Gezien door'))).toHaveLength(1);
  });

  it('should put the logo at the top left within 120 × 60 and the header below it', () => {
    const logo = {
      dataUrl: 'data:image/png;base64,iVBORw0KGgo=',
      format: 'PNG',
      width: 600,
      height: 100,
    } as const;
    const doc = layoutResultsPdf(pdfInput({ logo }));
    const image = doc.pages[0]!.items.find((item) => item.kind === 'image');
    expect(image).toMatchObject({ x: margin, y: margin, width: 120, height: 20, dataUrl: logo.dataUrl });
    const kicker = find(doc, 'Resultaten').item;
    expect(kicker.y - kicker.font.size).toBeGreaterThan(margin + 20);
    expect(layoutResultsPdf(pdfInput()).pages[0]!.items.some((item) => item.kind === 'image')).toBe(false);
  });

  it('should keep a bar on the page of its label, wrapping a long label in its column', () => {
    const options = Array.from({ length: 60 }, (_, i) => ({
      id: `o${i}`,
      label: `Optie ${i} ${'met een heel lange omschrijving '.repeat(i % 3)}`.trim(),
    }));
    const question = { ...singleQuestion, settings: { options, allow_other: false } };
    const doc = layoutResultsPdf(pdfInput({ view: viewOf([question]) }));
    expect(doc.pages.length).toBeGreaterThan(1);
    for (const [i] of options.entries()) {
      const page = doc.pages.find((each) =>
        textsOf(each.items).some((t) => t.text === `Optie ${i}` || t.text.startsWith(`Optie ${i} `)),
      )!;
      const label = textsOf(page.items).find(
        (t) => t.text === `Optie ${i}` || t.text.startsWith(`Optie ${i} `),
      )!;
      expect(rectsOf(page.items).filter((rect) => rect.y + rect.height === label.y).length).toBeGreaterThan(
        0,
      );
    }
    const wrapped = textsOf(doc.pages.flatMap((page) => page.items)).filter((t) =>
      t.text.includes('omschrijving'),
    );
    for (const line of wrapped)
      expect(fixedWidthMeasure.width(line.text, line.font)).toBeLessThanOrEqual(160);
  });
});
