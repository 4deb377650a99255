import { formatCount, formatShare } from '../../format';
import { PDF_PAGE, PDF_TEXT_LEFT, PdfPageFlow } from '../../report';
import type { LikertStatementView, QuestionResultView } from '../results';
import { barRows, type PdfBarPart, stackedBar } from './resultsPdfCharts';
import { RESULTS_PDF_COLOURS, RESULTS_PDF_FONTS, RESULTS_PDF_STEPS } from './resultsPdfStyle';

type LikertView = Extract<QuestionResultView, { kind: 'likert' }>;

/** What the summary says besides the numbers. */
export const RESULTS_PDF_TEXTS = {
  noAnswers: 'Nog geen antwoorden op deze vraag.',
  noStatementAnswers: 'Nog geen antwoorden op deze stelling.',
  /** Open answers may name people: the summary counts them and leaves them out. */
  openAnswers: 'Open antwoorden staan niet in deze samenvatting.',
  otherTexts: "Wat bij 'Anders, namelijk' is ingevuld, staat niet in deze samenvatting.",
} as const;

const X = PDF_TEXT_LEFT;

/**
 * A Likert statement's answers per point, from disagree to agree, as parts of one bar. The view
 * draws them diverging around the middle (`width`: half the percentage, on a track from −100 % to
 * 100 %; a neutral middle drawn apart at its full percentage); here they stand side by side.
 */
export function likertParts(statement: LikertStatementView): PdfBarPart[] {
  const parts = statement.segments.map((segment) => ({
    point: segment.point,
    share: (segment.width * 2) / 100,
    fill: RESULTS_PDF_COLOURS.likert[segment.tone],
    legend: `${segment.label} ${segment.percentText}`,
  }));
  const { neutral } = statement;
  if (neutral)
    parts.push({
      point: neutral.point,
      share: neutral.width / 100,
      fill: RESULTS_PDF_COLOURS.likert[neutral.tone],
      legend: `${neutral.label} ${neutral.percentText}`,
    });
  return parts.sort((a, b) => a.point - b.point).map(({ share, fill, legend }) => ({ share, fill, legend }));
}

/** The share (0–100) of the two highest points: the top-2-box, as the KPIs compute it. */
export function topTwoPercent(statement: LikertStatementView): number {
  const parts = likertParts(statement);
  return parts.slice(-2).reduce((sum, part) => sum + part.share * 100, 0);
}

function note(flow: PdfPageFlow, text: string): void {
  flow.wrapped(X, text, RESULTS_PDF_FONTS.note, { step: RESULTS_PDF_STEPS.note });
}

function bold(flow: PdfPageFlow, text: string): void {
  flow.wrapped(X, text, RESULTS_PDF_FONTS.strong, { step: RESULTS_PDF_STEPS.body + 4 });
}

function likert(flow: PdfPageFlow, view: LikertView): void {
  for (const statement of view.statements) {
    flow.gap(4);
    // The statement stays with its bar: never alone at the foot of a page.
    flow.wrapped(X, statement.text, RESULTS_PDF_FONTS.body, {
      step: RESULTS_PDF_STEPS.body,
      keep: RESULTS_PDF_STEPS.bar + RESULTS_PDF_STEPS.note,
    });
    if (statement.answered === 0) {
      note(flow, RESULTS_PDF_TEXTS.noStatementAnswers);
      continue;
    }
    const summary = `Gemiddelde ${statement.meanText} · top-2-box ${formatShare(topTwoPercent(statement))}`;
    stackedBar(flow, likertParts(statement), summary);
  }
}

function chart(flow: PdfPageFlow, view: QuestionResultView): void {
  const bar = RESULTS_PDF_COLOURS.bar;
  switch (view.kind) {
    case 'likert':
      likert(flow, view);
      return;
    case 'nps': {
      bold(flow, `NPS ${view.scoreText}`);
      const total = view.groups.reduce((sum, group) => sum + group.count, 0);
      barRows(
        flow,
        view.groups.map((group) => ({
          label: `${group.label} (${group.range})`,
          share: total > 0 ? group.count / total : 0,
          valueText: `${formatCount(group.count)} (${group.percentText})`,
          fill: RESULTS_PDF_COLOURS.nps[group.key],
        })),
      );
      return;
    }
    case 'choice': {
      const rows = view.other ? [...view.rows, view.other] : view.rows;
      barRows(
        flow,
        rows.map((row) => ({
          label: row.label,
          share: row.width / 100,
          valueText: row.valueText,
          fill: bar,
        })),
      );
      note(flow, view.note);
      // Typed by respondents, like open answers: counted above, not quoted.
      if (view.otherTexts.length > 0) note(flow, RESULTS_PDF_TEXTS.otherTexts);
      return;
    }
    case 'rating':
      bold(flow, `Gemiddeld ${view.meanText} van ${view.rows.length}`);
      barRows(
        flow,
        view.rows.map((row) => ({
          label: row.label,
          share: row.width / 100,
          valueText: row.valueText,
          fill: bar,
        })),
      );
      return;
    case 'ranking':
    case 'date':
      barRows(
        flow,
        view.rows.map((row) => ({
          label: row.label,
          share: row.width / 100,
          valueText: row.valueText,
          fill: bar,
        })),
      );
      return;
    case 'number':
      for (const figure of view.figures) bold(flow, `${figure.label}: ${figure.text}`);
      barRows(
        flow,
        view.rows.map((row) => ({
          label: row.label,
          share: row.width / 100,
          valueText: row.valueText,
          fill: bar,
        })),
      );
      return;
    case 'texts':
      flow.wrapped(X, RESULTS_PDF_TEXTS.openAnswers, RESULTS_PDF_FONTS.body, {
        step: RESULTS_PDF_STEPS.body,
      });
      return;
  }
}

/** A question's title, its kind and count, who saw it when not everyone did, and its chart. */
function questionBlock(flow: PdfPageFlow, view: QuestionResultView, number: number): void {
  // The title keeps its first lines of numbers with it on its page.
  flow.wrapped(X, `${number}. ${view.title}`, RESULTS_PDF_FONTS.question, {
    step: RESULTS_PDF_STEPS.questionLine,
    keep: RESULTS_PDF_STEPS.meta + 2 * RESULTS_PDF_STEPS.bar,
  });
  flow.wrapped(X, `${view.typeLabel} · ${view.answeredText}`, RESULTS_PDF_FONTS.meta, {
    step: RESULTS_PDF_STEPS.meta,
  });
  // A question some respondents' paths skipped says by how many it was seen (R-RES-6).
  if (view.seen?.partial)
    flow.wrapped(X, view.seen.text, RESULTS_PDF_FONTS.meta, { step: RESULTS_PDF_STEPS.meta });
  if (view.answered === 0 && view.kind !== 'texts') {
    flow.wrapped(X, RESULTS_PDF_TEXTS.noAnswers, RESULTS_PDF_FONTS.body, { step: RESULTS_PDF_STEPS.body });
    return;
  }
  chart(flow, view);
}

/**
 * One question of the summary: its number and title, its kind and number of answers, and its
 * numbers with their chart; an open question only its count (its answers are never printed). A
 * question that fits on a page is kept on one (laid out once aside to learn its height); a longer
 * one flows on, its title never alone at a page's foot.
 */
export function writeQuestion(flow: PdfPageFlow, view: QuestionResultView, number: number): void {
  flow.gap(12);
  const aside = new PdfPageFlow(flow.measure);
  questionBlock(aside, view, number);
  if (aside.pages.length === 1) flow.keepTogether(aside.y - PDF_PAGE.margin);
  questionBlock(flow, view, number);
}
