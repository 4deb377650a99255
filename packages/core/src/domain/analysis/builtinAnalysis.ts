import type { KpiStatus } from '../contract';
import { longDayText } from '../format';
import { KPI_STATE_TEXTS, KPI_STATUS_VIEWS, trendView } from '../kpis';
import { calendarDay } from '../periods';
import { type AnalysisFindings, analysisFindings, financeSums, recentResponses } from './analysisFindings';
import type { AnalysisInput, KpiFacts, ScoreOverTime, SurveyFacts } from './analysisInput';
import { roundLines } from './analysisRounds';
import {
  counted,
  euros,
  kpiChange,
  kpiPeriod,
  kpiValue,
  meanText,
  monthName,
  npsText,
  numberText,
  percentText,
  placeText,
  plain,
  quoted,
  scoreText,
  shareText,
} from './analysisText';

/**
 * The built-in analyst's report: Dutch Markdown in fixed sections, written from the facts and the
 * findings of the stated rules (analysisFindings.ts), without a network or a model. Only headings
 * (#, ##, ###), bold lines, '- ' list items and plain paragraphs, which the report pipeline and
 * the PDF layout both know. The same input always gives the same text.
 */

/** The report's section headings, in order (the LLM analyst is asked for the same). */
export const ANALYSIS_SECTIONS = {
  summary: 'Samenvatting',
  kpis: "KPI's",
  surveys: 'Surveys',
  finance: 'Financiën',
  strengths: 'Sterke punten',
  risks: "Risico's",
  recommendations: 'Aanbevelingen',
} as const;

/** The report's title line. */
export const analysisTitle = (organization: string): string => `# Bedrijfsanalyse ${plain(organization)}`;

const STATUS_ORDER: readonly KpiStatus[] = ['off_track', 'at_risk', 'on_track', 'no_target', 'no_value'];

const STATUS_HEADINGS: Readonly<Record<KpiStatus, string>> = {
  off_track: 'Niet op koers',
  at_risk: 'Risico',
  on_track: 'Op koers',
  no_target: 'Zonder doel',
  no_value: 'Zonder recente waarde',
};

const statusOf = (kpi: KpiFacts): KpiStatus => kpi.current?.status ?? 'no_value';

function summaryLines(input: AnalysisInput, findings: AnalysisFindings): string[] {
  const lines: string[] = [];
  if (input.kpis.length > 0) {
    const count = (status: KpiStatus) => input.kpis.filter((kpi) => statusOf(kpi) === status).length;
    const unjudged = count('no_target') + count('no_value');
    lines.push(
      `- KPI's: ${count('on_track')} van de ${counted(input.kpis.length, 'KPI', "KPI's")} op koers, ` +
        `${count('at_risk')} met risico, ${count('off_track')} niet op koers` +
        (unjudged > 0 ? `, ${unjudged} zonder doel of recente waarde.` : '.'),
    );
  } else {
    lines.push("- KPI's: de organisatie heeft nog geen KPI's.");
  }
  if (input.surveys.length > 0) {
    const total = input.surveys.reduce((sum, survey) => sum + survey.completed, 0);
    const recent = input.surveys.reduce((sum, survey) => sum + recentResponses(survey), 0);
    lines.push(
      `- Surveys: ${counted(input.surveys.length, 'survey', 'surveys')} met samen ${counted(total, 'ingevulde reactie', 'ingevulde reacties')}, ` +
        `waarvan ${recent} in de laatste drie maanden.`,
    );
  } else {
    lines.push('- Surveys: nog geen surveys met ingevulde reacties.');
  }
  if (input.finance !== null) {
    const { year } = financeSums(input.finance);
    lines.push(
      `- Financiën over de laatste twaalf maanden: inkomsten ${euros(year.incomeCents)}, kosten ${euros(year.costCents)}, resultaat ${euros(year.resultCents)}.`,
    );
  }
  lines.push(
    `- De regels van de analyse vinden ${counted(findings.strengths.length, 'sterk punt', 'sterke punten')}, ` +
      `${counted(findings.risks.length, 'risico', "risico's")} en ${counted(findings.recommendations.length, 'aanbeveling', 'aanbevelingen')}.`,
  );
  return lines;
}

function kpiLine(kpi: KpiFacts): string {
  const name = plain(kpi.name);
  if (kpi.state !== 'ok') return `- ${name} (${kpi.source}): ${KPI_STATE_TEXTS[kpi.state]}`;
  const current = kpi.current;
  if (current === null) return `- ${name} (${kpi.source}): geen waarde in de laatste perioden.`;
  const target =
    current.target === null
      ? 'geen doel vastgelegd'
      : `doel ${kpiValue(kpi, current.target)}` +
        (current.warning === null ? '' : `, waarschuwingsgrens ${kpiValue(kpi, current.warning)}`) +
        `; ${KPI_STATUS_VIEWS[current.status].label}`;
  const trend =
    kpi.trend === null
      ? ''
      : ` ${trendView(kpi.trend).label}: ${kpiChange(kpi, kpi.trend.change)} ten opzichte van ${kpiPeriod(kpi, kpi.trend.previous_period)}.`;
  const history = kpi.points
    .filter((point) => point.value !== null)
    .map((point) => `${kpiPeriod(kpi, point.period)} ${kpiValue(kpi, point.value)}`)
    .join(', ');
  return (
    `- ${name}: ${kpiValue(kpi, current.value)} in ${kpiPeriod(kpi, current.period)} (${target}).` +
    `${trend} Verloop: ${history}.`
  );
}

function kpiSection(kpis: readonly KpiFacts[]): string[] {
  if (kpis.length === 0) return ["De organisatie heeft nog geen KPI's."];
  const lines: string[] = [];
  for (const status of STATUS_ORDER) {
    const group = kpis.filter(
      (kpi) => statusOf(kpi) === status && (status !== 'no_value' || kpi.state === 'ok'),
    );
    if (group.length === 0) continue;
    lines.push('', `**${STATUS_HEADINGS[status]}**`, '', ...group.map(kpiLine));
  }
  const broken = kpis.filter((kpi) => kpi.state !== 'ok');
  if (broken.length > 0) lines.push('', '**Bron werkt niet**', '', ...broken.map(kpiLine));
  return lines.slice(1);
}

function overTimeText(scores: ScoreOverTime, text: (score: number | null) => string): string {
  if (scores.change === null) return '';
  return ` Laatste drie maanden ${text(scores.recent.score)}, de drie maanden daarvoor ${text(scores.previous.score)}.`;
}

function surveyLines(survey: SurveyFacts): string[] {
  const status = survey.status === 'open' ? 'open' : survey.status === 'closed' ? 'gesloten' : 'concept';
  const lines = [
    `### ${plain(survey.title)} (${status})`,
    '',
    `- Reacties: ${survey.completed} in totaal, ${recentResponses(survey)} in de laatste drie maanden.`,
  ];
  const active = survey.months.filter((month) => month.completed > 0);
  if (active.length > 0)
    lines.push(
      `- Reacties per maand: ${active.map((month) => `${monthName(month.month)} ${month.completed}`).join(', ')}.`,
    );
  if (survey.responseRate !== null)
    lines.push(
      `- Reactiepercentage: ${percentText(survey.responseRate)} van ${survey.personalLinks} persoonlijke links.`,
    );
  for (const nps of survey.nps) {
    lines.push(
      `- NPS van ${quoted(nps.question)}: ${npsText(nps.overall.score)} over ${nps.overall.answered} antwoorden.${overTimeText(nps, npsText)}`,
    );
  }
  for (const statement of survey.statements) {
    lines.push(
      `- Stelling ${quoted(statement.statement)}: ${scoreText(statement.overall.score)} van 100 ` +
        `(gemiddeld ${meanText(statement.mean)} op ${statement.points}, ${statement.overall.answered} antwoorden).` +
        overTimeText(statement, scoreText),
    );
  }
  return [...lines, ...answerLines(survey)];
}

/** The lines of a survey's number, ranking, dropdown and date questions (R-ANALYSIS-16). */
function answerLines(survey: SurveyFacts): string[] {
  const lines: string[] = [];
  for (const number of survey.numbers) {
    const n = (value: number | null) => numberText(value, number.unit);
    const shift =
      number.change === null
        ? ''
        : ` Laatste drie maanden ${n(number.recent.median)}, de drie maanden daarvoor ${n(number.previous.median)}` +
          (number.notable ? ': een opvallende verschuiving.' : '.');
    lines.push(
      `- Getal ${quoted(number.question)}: mediaan ${n(number.median)} (kwartielen ${n(number.q1)} en ${n(number.q3)}), ` +
        `${counted(number.answered, 'antwoord', 'antwoorden')}.${shift}`,
    );
  }
  for (const ranking of survey.rankings) {
    const top = ranking.top;
    const first =
      top === null
        ? ''
        : ` ${quoted(top.label)} staat het vaakst op plaats 1 (${shareText(top.first, ranking.answered)} van ${counted(ranking.answered, 'antwoord', 'antwoorden')}).`;
    const places = ranking.options.map((option) => `${quoted(option.label)} ${placeText(option.average)}`);
    lines.push(`- Rangorde ${quoted(ranking.question)}:${first} Gemiddelde plaats: ${places.join(', ')}.`);
  }
  for (const dropdown of survey.dropdowns) {
    const groups = dropdown.groups.map(
      (group) => `${quoted(group.label)} ${shareText(group.count, dropdown.answered)} (${group.count})`,
    );
    lines.push(
      `- Keuzelijst ${quoted(dropdown.question)}: grootste ${groups.length === 1 ? 'groep' : 'groepen'} ${groups.join(', ')} ` +
        `van ${counted(dropdown.answered, 'antwoord', 'antwoorden')}.`,
    );
  }
  for (const date of survey.dates) {
    if (date.busiest === null) continue;
    lines.push(
      `- Datum ${quoted(date.question)}: de drukste maand is ${monthName(date.busiest.month)} met ` +
        `${date.busiest.count} van ${counted(date.answered, 'antwoord', 'antwoorden')}.`,
    );
  }
  return lines;
}

function surveySection(surveys: readonly SurveyFacts[]): string[] {
  if (surveys.length === 0) return ['Er zijn nog geen surveys met ingevulde reacties.'];
  return surveys.flatMap((survey, index) => [...(index === 0 ? [] : ['']), ...surveyLines(survey)]);
}

function financeSection(finance: NonNullable<AnalysisInput['finance']>): string[] {
  const { year, recent, previous } = financeSums(finance);
  return [
    `- Laatste twaalf maanden: inkomsten ${euros(year.incomeCents)}, kosten ${euros(year.costCents)}, resultaat ${euros(year.resultCents)}.`,
    `- Laatste drie maanden: resultaat ${euros(recent.resultCents)}; de drie maanden daarvoor: ${euros(previous.resultCents)}.`,
    '',
    '**Per maand**',
    '',
    ...finance.months.map(
      (month) =>
        `- ${monthName(month.month)}: inkomsten ${euros(month.incomeCents)}, kosten ${euros(month.costCents)}, ` +
        `resultaat ${euros(month.incomeCents - month.costCents)}.`,
    ),
  ];
}

const dayText = (day: string): string => {
  const parsed = calendarDay(day);
  return parsed === null ? day : longDayText(parsed);
};

const listOr = (items: readonly string[], none: string): string[] =>
  items.length === 0 ? [none] : items.map((item) => `- ${item}`);

/** The built-in analyst's report for `input`, dated on its day. */
export function builtinAnalysis(input: AnalysisInput): string {
  const findings = analysisFindings(input);
  const sections: Array<readonly [string, readonly string[]]> = [
    [ANALYSIS_SECTIONS.summary, summaryLines(input, findings)],
    [ANALYSIS_SECTIONS.kpis, kpiSection(input.kpis)],
    [ANALYSIS_SECTIONS.surveys, [...surveySection(input.surveys), ...roundLines(input.rounds)]],
    ...(input.finance === null ? [] : [[ANALYSIS_SECTIONS.finance, financeSection(input.finance)] as const]),
    [
      ANALYSIS_SECTIONS.strengths,
      listOr(findings.strengths, 'Volgens de regels van deze analyse springt er nog niets positief uit.'),
    ],
    [
      ANALYSIS_SECTIONS.risks,
      listOr(findings.risks, "Volgens de regels van deze analyse zijn er geen risico's."),
    ],
    [
      ANALYSIS_SECTIONS.recommendations,
      listOr(findings.recommendations, 'Ga zo door en maak over een maand een nieuwe analyse.'),
    ],
  ];
  const kpis = counted(input.kpis.length, 'KPI', "KPI's");
  const surveys = counted(input.surveys.length, 'survey', 'surveys');
  const lines = [
    analysisTitle(input.organization),
    '',
    `Gebaseerd op ${kpis} en ${surveys}, gemaakt op ${dayText(input.today)}. Deze analyse is geschreven ` +
      'door de ingebouwde analist van Loop: vaste regels over je cijfers, zonder AI.',
  ];
  for (const [heading, body] of sections) lines.push('', `## ${heading}`, '', ...body);
  return `${lines.join('\n')}\n`;
}
