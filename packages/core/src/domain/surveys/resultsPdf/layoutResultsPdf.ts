import {
  finishPdf,
  fitLogo,
  type LogoImage,
  PDF_TEXT_LEFT,
  type PdfDocument,
  PdfPageFlow,
  type TextMeasure,
} from '../../report';
import type { DateFilter, SurveyResultsPage } from '../results';
import { writeQuestion } from './resultsPdfQuestions';
import { RESULTS_PDF_FONTS, RESULTS_PDF_STEPS } from './resultsPdfStyle';
import { madeAtText, RESULTS_PDF_KICKER, resultsPeriodText, UNTITLED_SURVEY } from './resultsPdfTexts';

/** What of the results page's view the summary prints: the summary figures and every question. */
export type ResultsPdfView = Pick<SurveyResultsPage['view'], 'summary' | 'questions'>;

export interface ResultsPdfInput {
  readonly surveyTitle: string;
  /** The date filter the results were loaded with: the period the summary names. */
  readonly filter: DateFilter;
  /** The results filter's conditions in Dutch (R-RES-8); absent or '' when all responses count. */
  readonly filterText?: string;
  readonly view: ResultsPdfView;
  readonly generatedAt: Date;
  readonly logo: LogoImage | null;
  readonly measure: TextMeasure;
}

const X = PDF_TEXT_LEFT;
/** Where the summary's values stand, right of their labels. */
const SUMMARY_VALUE_X = X + 170;
/** Room between the header's logo and its first line. */
const LOGO_SPACE = 4;

function header(flow: PdfPageFlow, input: ResultsPdfInput, title: string): void {
  const { logo } = input;
  const size = logo ? fitLogo(logo) : null;
  if (logo && size && size.width > 0) {
    flow.draw({ kind: 'image', x: X, y: flow.y, ...size, dataUrl: logo.dataUrl, format: logo.format });
    flow.advance(size.height + LOGO_SPACE);
  }
  const fonts = RESULTS_PDF_FONTS;
  const steps = RESULTS_PDF_STEPS;
  flow.text(X, RESULTS_PDF_KICKER, fonts.kicker, steps.kicker);
  flow.wrapped(X, title, fonts.title, { step: steps.title });
  flow.wrapped(X, resultsPeriodText(input.filter), fonts.header, { step: steps.header + 4 });
  if (input.filterText)
    flow.wrapped(X, `Filter: ${input.filterText}`, fonts.header, { step: steps.header + 4 });
  flow.wrapped(X, madeAtText(input.generatedAt), fonts.header, { step: steps.header });
  flow.rule();
}

function section(flow: PdfPageFlow, title: string): void {
  flow.gap(4);
  // A section's title keeps a few lines of it on its page.
  flow.wrapped(X, title, RESULTS_PDF_FONTS.section, {
    step: RESULTS_PDF_STEPS.section,
    keep: 3 * RESULTS_PDF_STEPS.bar,
  });
}

/** The results page's summary: responses, response rate, completion, in progress, last response. */
function summary(flow: PdfPageFlow, view: ResultsPdfView['summary']): void {
  section(flow, 'Samenvatting');
  const rows: ReadonlyArray<readonly [string, string]> = [
    ['Ingevulde reacties', view.completedText],
    ['Responspercentage', view.responseRateText],
    ['Voltooid', view.completionRateText],
    ['Nog bezig', view.inProgressText],
    ['Laatste reactie', view.lastResponseText],
  ];
  for (const [label, value] of rows) {
    const y = flow.text(X, label, RESULTS_PDF_FONTS.summaryLabel, RESULTS_PDF_STEPS.bar);
    flow.draw({ kind: 'text', x: SUMMARY_VALUE_X, y, text: value, font: RESULTS_PDF_FONTS.summaryValue });
  }
  flow.gap(4);
  flow.wrapped(
    X,
    `Responspercentage: ingevulde persoonlijke links van de ${view.invitedText} gemaakte. Voltooid: ingevulde van alle begonnen reacties.`,
    RESULTS_PDF_FONTS.note,
    { step: RESULTS_PDF_STEPS.note },
  );
}

/**
 * A survey's results as a PDF display list, on the business analysis PDF's page (A4, margin 60,
 * the same wrapping, page breaks and 'Pagina X van Y' on every page). Page 1 opens with a header
 * (the logo when there is one, 'Resultaten', the survey's title, the period of the date filter and
 * when it was made), then the results page's summary figures, then every question in order with
 * its numbers: an NPS with its promoters, passives and detractors, each Likert statement with its
 * mean, top-2-box and a bar of its answers per point, choices and ratings as bars with count and
 * percentage. Every bar has its numbers in text beside it. Open answers (and 'anders' texts) are
 * counted, never printed: they may name people.
 */
export function layoutResultsPdf(input: ResultsPdfInput): PdfDocument {
  const title = input.surveyTitle.trim() || UNTITLED_SURVEY;
  const flow = new PdfPageFlow(input.measure);
  header(flow, input, title);
  summary(flow, input.view.summary);
  section(flow, 'Resultaten per vraag');
  if (input.view.questions.length === 0)
    flow.wrapped(X, 'Deze survey heeft nog geen vragen.', RESULTS_PDF_FONTS.body, {
      step: RESULTS_PDF_STEPS.body,
    });
  input.view.questions.forEach((question, index) => {
    writeQuestion(flow, question, index + 1);
  });
  return finishPdf(flow.pages, `${RESULTS_PDF_KICKER}: ${title}`);
}
