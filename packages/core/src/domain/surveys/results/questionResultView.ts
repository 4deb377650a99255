import type { Question, QuestionOf, QuestionResult } from '../../contract';
import { formatCount, formatShare } from '../../format';
import type { AnswerableQuestion } from '../model';
import {
  type ChoiceSummary,
  formatMean,
  formatNps,
  likertSummary,
  multipleChoiceSummary,
  NPS_DEFAULT_LABELS,
  npsFromCounts,
  QUESTION_TYPE_LABELS,
  ratingSummary,
  singleChoiceSummary,
} from '../model';
import { seenView } from './logicResults';
import { dateView, numberView, rankingView } from './newTypeViews';
import { answersText, responsesText } from './resultsFormat';
import type { LikertStatementView, LikertTone, NpsGroupView, QuestionResultView } from './resultsViewTypes';
import { barRow, base } from './viewParts';

/** The colour family of a point on a scale of `points`. */
export function likertTone(point: number, points: 5 | 7): LikertTone {
  const middle = (points + 1) / 2;
  if (point === middle) return 'middle';
  const side = point < middle ? 'negative' : 'positive';
  const distance = Math.abs(point - middle);
  const outer = middle - 1;
  const strength = distance >= outer ? 'strong' : distance === 1 ? 'mild' : 'medium';
  return `${side}-${strength}`;
}

const NPS_GROUPS = {
  detractors: { label: 'Criticasters', range: '0–6' },
  passives: { label: 'Passieven', range: '7–8' },
  promoters: { label: 'Promotors', range: '9–10' },
} as const;

const npsGroupOf = (score: number): NpsGroupView['key'] =>
  score >= 9 ? 'promoters' : score >= 7 ? 'passives' : 'detractors';

/** An empty result of the question's type, for a question the server sent nothing for. */
function emptyResult(question: AnswerableQuestion): QuestionResult {
  const base = { question_id: question.id, answered: 0, seen_count: 0 };
  switch (question.type) {
    case 'likert':
      return { ...base, type: 'likert', by_statement: {} };
    case 'nps':
    case 'rating':
      return { ...base, type: question.type, by_score: {} };
    case 'single_choice':
    case 'multiple_choice':
    case 'dropdown':
      return { ...base, type: question.type, by_option: {}, other: 0, other_texts: [], other_text_count: 0 };
    case 'open_short':
    case 'open_long':
      return { ...base, type: question.type, latest: [] };
    case 'number':
      return { ...base, type: 'number', by_value: {} };
    case 'date':
      return { ...base, type: 'date', by_month: {} };
    case 'ranking':
      return { ...base, type: 'ranking', by_position: {} };
  }
}

const safeAnswered = (answered: number): number =>
  Number.isFinite(answered) && answered > 0 ? Math.floor(answered) : 0;

/**
 * The display of one question's results. A result of another type than the question (which the
 * server never sends) or none at all counts as no answers, so a page never breaks on it. With
 * `respondents` (the submitted responses of a survey whose rules can hide questions) the view
 * also says who saw it and what share of them answered (R-RES-6); without, `seen` is null.
 */
export function questionResultView(
  question: Question,
  result: QuestionResult | undefined,
  respondents: number | null = null,
): QuestionResultView {
  const view = viewOf(question, result);
  if (respondents === null) return view;
  const seenCount = result && result.type === question.type ? result.seen_count : 0;
  return { ...view, seen: seenView(seenCount, respondents, view.answered) };
}

function viewOf(question: Question, result: QuestionResult | undefined): QuestionResultView {
  // A text block has no answers (R-SURV-23); the results leave it out, this only keeps a page whole.
  if (question.type === 'text_block') return { ...base(question, 0), kind: 'texts', latest: [] };
  const fitting = result && result.type === question.type ? result : emptyResult(question);
  const answered = safeAnswered(fitting.answered);
  switch (question.type) {
    case 'likert':
      return likertView(question, fitting.type === 'likert' ? fitting.by_statement : {}, answered);
    case 'nps':
      return npsView(question, 'by_score' in fitting ? fitting.by_score : {}, answered);
    case 'rating':
      return ratingView(question, 'by_score' in fitting ? fitting.by_score : {}, answered);
    case 'single_choice':
    case 'multiple_choice':
      return choiceView(question, 'by_option' in fitting ? fitting : null, answered);
    case 'open_short':
    case 'open_long':
      return {
        ...base(question, answered),
        kind: 'texts',
        latest: 'latest' in fitting ? fitting.latest : [],
      };
    case 'number':
      return numberView(question, 'by_value' in fitting ? fitting.by_value : {}, answered);
    case 'date':
      return dateView(question, 'by_month' in fitting ? fitting.by_month : {}, answered);
    case 'ranking':
      return rankingView(question, 'by_position' in fitting ? fitting.by_position : {}, answered);
    case 'dropdown': {
      // Counted as a single choice without 'anders, namelijk', named as a dropdown.
      const single: QuestionOf<'single_choice'> = {
        ...question,
        type: 'single_choice',
        settings: { options: question.settings.options, allow_other: false },
      };
      const view = choiceView(single, 'by_option' in fitting ? fitting : null, answered);
      return { ...view, type: 'dropdown', typeLabel: QUESTION_TYPE_LABELS.dropdown };
    }
  }
}

function likertView(
  question: QuestionOf<'likert'>,
  byStatement: Readonly<Record<string, Readonly<Record<string, number>>>>,
  answered: number,
): QuestionResultView {
  const { points, neutral_middle: neutralMiddle, labels } = question.settings;
  const labelOf = (point: number) => labels[point - 1]?.trim() || String(point);
  const legend = Array.from({ length: points }, (_, i) => ({
    point: i + 1,
    label: labelOf(i + 1),
    tone: likertTone(i + 1, points),
  }));
  const statements = question.settings.statements.map((statement): LikertStatementView => {
    const summary = likertSummary(question.settings, byStatement[statement.id] ?? {});
    // The parts of one 100 % bar: their labels add up to 100 (largest remainder), unlike a table's.
    const rounded = new Map(summary.distribution.map((row) => [row.value, row.stackedPercent]));
    const segments = summary.bar.segments.map((segment) => ({
      point: segment.point,
      label: labelOf(segment.point),
      tone: likertTone(segment.point, points),
      left: (segment.start + 100) / 2,
      width: (segment.end - segment.start) / 2,
      percentText: `${rounded.get(segment.point) ?? 0}%`,
    }));
    const neutralPoint = summary.bar.neutralPoint;
    const meanText = formatMean(summary.mean);
    const shares = summary.distribution
      .map((row) => `${labelOf(row.value)} ${row.stackedPercent}%`)
      .join(', ');
    return {
      id: statement.id,
      text: statement.text,
      answered: summary.total,
      mean: summary.mean,
      meanText,
      segments,
      neutral:
        neutralPoint === null
          ? null
          : {
              point: neutralPoint,
              label: labelOf(neutralPoint),
              tone: 'middle',
              width: summary.bar.neutral,
              percentText: `${rounded.get(neutralPoint) ?? 0}%`,
            },
      negativeText: formatShare(summary.bar.negative),
      positiveText: formatShare(summary.bar.positive),
      description:
        summary.total === 0
          ? `${statement.text}: nog geen antwoorden.`
          : `${statement.text}: ${shares}; gemiddelde ${meanText} op een schaal van 1 tot ${points}; ${answersText(summary.total)}.`,
    };
  });
  return { ...base(question, answered), kind: 'likert', points, neutralMiddle, legend, statements };
}

function npsView(
  question: QuestionOf<'nps'>,
  byScore: Readonly<Record<string, number>>,
  answered: number,
): QuestionResultView {
  const summary = npsFromCounts(byScore);
  const tallest = Math.max(0, ...summary.distribution.map((row) => row.count));
  const group = (key: NpsGroupView['key'], count: number, rounded: number): NpsGroupView => ({
    key,
    label: NPS_GROUPS[key].label,
    range: NPS_GROUPS[key].range,
    count,
    percentText: summary.total === 0 ? '–' : `${rounded}%`,
  });
  return {
    ...base(question, Math.max(answered, summary.total)),
    kind: 'nps',
    score: summary.score,
    scoreText: formatNps(summary.score),
    groups: [
      group('promoters', summary.promoters, summary.roundedPercents.promoters),
      group('passives', summary.passives, summary.roundedPercents.passives),
      group('detractors', summary.detractors, summary.roundedPercents.detractors),
    ],
    distribution: summary.distribution.map((row) => ({
      score: row.value,
      count: row.count,
      height: tallest === 0 ? 0 : (row.count / tallest) * 100,
      percentText: `${row.roundedPercent}%`,
      group: npsGroupOf(row.value),
    })),
    lowLabel: question.settings.low_label?.trim() || NPS_DEFAULT_LABELS.low_label,
    highLabel: question.settings.high_label?.trim() || NPS_DEFAULT_LABELS.high_label,
  };
}

/** The option id under which 'anders, namelijk' is listed (no option id can start with '~'). */
export const OTHER_ROW_KEY = '~other';

function choiceView(
  question: QuestionOf<'single_choice' | 'multiple_choice'>,
  result: Extract<QuestionResult, { readonly by_option: unknown }> | null,
  answered: number,
): QuestionResultView {
  const multiple = question.type === 'multiple_choice';
  const byOption = result?.by_option ?? {};
  const otherCount = result?.other ?? 0;
  const summary: ChoiceSummary = multiple
    ? multipleChoiceSummary(question.settings.options, byOption, otherCount, answered)
    : singleChoiceSummary(question.settings.options, byOption, otherCount);
  const offersOther = question.settings.allow_other || summary.other.count > 0;
  const otherTexts = result?.other_texts ?? [];
  const otherTextCount = Math.max(otherTexts.length, safeAnswered(result?.other_text_count ?? 0));
  return {
    ...base(question, Math.max(answered, multiple ? summary.respondents : 0)),
    kind: 'choice',
    multiple,
    rows: summary.rows.map((row) => barRow(row.id, row.label, row.count, row.percent, row.roundedPercent)),
    other: offersOther
      ? barRow(
          OTHER_ROW_KEY,
          'Anders, namelijk',
          summary.other.count,
          summary.other.percent,
          summary.other.roundedPercent,
        )
      : null,
    otherTexts: otherTexts.map((other, index) => ({
      key: `${index}:${other.text}`,
      text: other.text,
      count: other.count,
      countText: `${formatCount(other.count)} keer`,
    })),
    otherTextsNote:
      otherTextCount > otherTexts.length
        ? `De ${formatCount(otherTexts.length)} meest gegeven van ${formatCount(otherTextCount)} verschillende antwoorden; elk antwoord staat onder 'Alle antwoorden' op de pagina van de vraag.`
        : null,
    note: multiple
      ? `Percentages van de ${responsesText(summary.respondents)} met een antwoord op deze vraag; meerdere antwoorden mogelijk, dus samen vaak meer dan 100%.`
      : `Percentages van de ${responsesText(summary.respondents)} met een antwoord op deze vraag.`,
  };
}

function ratingView(
  question: QuestionOf<'rating'>,
  byScore: Readonly<Record<string, number>>,
  answered: number,
): QuestionResultView {
  const summary = ratingSummary(byScore, question.settings.scale);
  const stars = question.settings.style === 'stars';
  const label = (value: number) => (stars ? (value === 1 ? '1 ster' : `${value} sterren`) : String(value));
  return {
    ...base(question, Math.max(answered, summary.total)),
    kind: 'rating',
    stars,
    rows: [...summary.distribution]
      .reverse()
      .map((row) => barRow(String(row.value), label(row.value), row.count, row.percent, row.roundedPercent)),
    mean: summary.mean,
    meanText: formatMean(summary.mean),
    roundedStars: summary.mean === null ? 0 : Math.round(summary.mean * 2) / 2,
  };
}
