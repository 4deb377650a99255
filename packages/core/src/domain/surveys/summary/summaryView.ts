import { type ApiResult, NETWORK_ERROR_MESSAGE } from '../../api';
import {
  ANALYSIS_MESSAGES,
  type OpenAnswerSummary,
  SUMMARY_MESSAGES,
  SUMMARY_MIN_ANSWERS,
} from '../../contract';
import { formatCount, formatRate } from '../../format';

/** The fixed texts of the summary panel. */
export const SUMMARY_TEXTS = {
  heading: 'Samenvatting van de antwoorden',
  button: 'Vat samen',
  again: 'Opnieuw samenvatten',
  busy: 'Bezig met samenvatten...',
  intro: "Terugkerende thema's in de antwoorden van deze periode, met hoe vaak ze genoemd worden.",
  other: 'Overig',
  quotes: 'Citaten',
  builtin:
    'Gemaakt door Loop zelf: woorden en woordgroepen die in meerdere antwoorden terugkomen, zonder taalmodel.',
  llm:
    "Gemaakt door het AI-taalmodel dat aan deze Loop-server gekoppeld is. Controleer de thema's in de antwoorden " +
    'zelf; de citaten staan letterlijk in de antwoorden.',
  noThemes: "Er komen geen woorden of woordgroepen in meerdere antwoorden terug: geen thema's gevonden.",
  tooFew: `Te weinig antwoorden om samen te vatten: er zijn er minstens ${SUMMARY_MIN_ANSWERS} nodig.`,
} as const;

/** The error texts that depend only on the status, for answers without a detail (a proxy's page). */
const STATUS_TEXTS: Readonly<Record<number, string>> = {
  0: NETWORK_ERROR_MESSAGE,
  403: SUMMARY_MESSAGES.featureMissing,
  429: SUMMARY_MESSAGES.tooMany,
  504: ANALYSIS_MESSAGES.timeout,
};

/** A failed summary's text: the server's Dutch detail, else one by status, else the fallback. */
export function summaryErrorText(failure: Extract<ApiResult<never>, { ok: false }>): string {
  if (failure.fallback !== true && failure.detail.trim() !== '') return failure.detail;
  return STATUS_TEXTS[failure.status] ?? SUMMARY_MESSAGES.fallback;
}

export interface SummaryThemeView {
  /** Unique within the summary (a model may name two themes alike). */
  readonly key: string;
  readonly label: string;
  readonly count: number;
  /** '12 antwoorden (30%)'. */
  readonly countText: string;
  /** 0–1 of the considered answers: the bar's length. */
  readonly share: number;
  readonly quotes: readonly string[];
}

export interface OpenAnswerSummaryView {
  readonly themes: readonly SummaryThemeView[];
  /** 'Overig: 3 antwoorden (8%)', or null when every answer is in a theme or nothing was summarised. */
  readonly otherText: string | null;
  /** 'Gebaseerd op 40 antwoorden.' or '… op de nieuwste 250 van 1.200 antwoorden.' */
  readonly basisText: string;
  /** Who made it: Loop's own counting or the connected language model. */
  readonly madeByText: string;
  /** Why there are no themes; null when there are. */
  readonly emptyText: string | null;
}

const answersText = (count: number): string =>
  `${formatCount(count)} ${count === 1 ? 'antwoord' : 'antwoorden'}`;

const countText = (count: number, considered: number): string =>
  `${answersText(count)} (${formatRate(considered > 0 ? count / considered : 0)})`;

/** What the summary panel shows of a summary. */
export function summaryView(summary: OpenAnswerSummary): OpenAnswerSummaryView {
  const considered = summary.answers_considered;
  return {
    themes: summary.themes.map((theme, index) => ({
      key: `theme-${index + 1}`,
      label: theme.label,
      count: theme.count,
      countText: countText(theme.count, considered),
      share: considered > 0 ? Math.min(1, theme.count / considered) : 0,
      quotes: theme.quotes,
    })),
    otherText:
      summary.too_few || summary.themes.length === 0 || summary.other_count === 0
        ? null
        : `${SUMMARY_TEXTS.other}: ${countText(summary.other_count, considered)}`,
    basisText:
      considered < summary.answers_total
        ? `Gebaseerd op de nieuwste ${formatCount(considered)} van ${answersText(summary.answers_total)}.`
        : `Gebaseerd op ${answersText(considered)}.`,
    madeByText: summary.analyst === 'llm' ? SUMMARY_TEXTS.llm : SUMMARY_TEXTS.builtin,
    emptyText: summary.too_few
      ? SUMMARY_TEXTS.tooFew
      : summary.themes.length === 0
        ? SUMMARY_TEXTS.noThemes
        : null,
  };
}
