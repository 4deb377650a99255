import { KPI_STATE_TEXTS } from '../kpis';
import { ANALYSIS_MIN_ANSWERS, type AnalysisInput, type KpiFacts, type SurveyFacts } from './analysisInput';
import {
  euros,
  kpiChange,
  kpiPeriod,
  kpiValue,
  npsText,
  numberText,
  percentText,
  quoted,
  scoreChange,
  scoreText,
} from './analysisText';
import { NUMBER_SHIFT } from './answerFacts';

/**
 * The strengths, risks and recommendations of the built-in analyst: each follows from the numbers
 * by one stated rule (ANALYSIS_RULES holds the thresholds), in a fixed order, so the same numbers
 * always give the same report.
 *
 * KPIs (a KPI whose source computes, with a current value; status and trend as the board has them):
 * 1. Not on track and its trend is a deterioration → risk, and a recommendation to make a plan.
 * 2. Not on track otherwise → risk, and a recommendation to discuss what reaching the target needs.
 * 3. At risk and its trend is a deterioration → risk, and a recommendation to watch it closely.
 * 4. On track and its trend is no deterioration → strength.
 * 5. A source that cannot compute → recommendation to fix the source.
 * 6. KPIs without a target → one recommendation to give them one; KPIs without any value in the
 *    recent periods → one recommendation to enter values.
 *
 * Surveys (scores over at least ANALYSIS_MIN_ANSWERS answers; a change compares the last three
 * months with the three before, see ScoreOverTime):
 * 7. NPS rising by at least `npsChange` → strength; falling by as much → risk and recommendation.
 * 8. NPS of at least `npsStrong` → strength; below 0 → risk and recommendation.
 * 9. A Likert statement scoring at least `statementStrong` of 100 → strength; below
 *    `statementWeak` → risk and recommendation; rising or falling by `statementChange` → strength
 *    or risk.
 * 10. Response rate over at least `minLinks` personal links: at least `rateGood` % → strength;
 *     below `rateLow` % → risk and recommendation.
 * 11. Surveys, but no responses in the last three months → recommendation to ask again.
 * 15. A number question whose median moved by at least `numberShift` × its interquartile range
 *     between the two windows → recommendation to find out why (R-ANALYSIS-17). A number has no
 *     better direction, so the shift is neither a strength nor a risk.
 *
 * Finance (months of the last twelve):
 * 12. Result over the twelve months positive → strength; negative → risk and recommendation.
 * 13. Loss over the last three months → risk and recommendation.
 * 14. Costs of the last three months at least `costRise` % above the three before while income
 *     rose less → risk and recommendation; income up by at least `incomeRise` % → strength.
 */
export const ANALYSIS_RULES = {
  npsChange: 5,
  npsStrong: 30,
  statementStrong: 75,
  statementWeak: 50,
  statementChange: 10,
  minLinks: 10,
  rateGood: 60,
  rateLow: 30,
  costRise: 10,
  incomeRise: 10,
  numberShift: NUMBER_SHIFT,
} as const;

export interface AnalysisFindings {
  readonly strengths: readonly string[];
  readonly risks: readonly string[];
  readonly recommendations: readonly string[];
}

/** Sums of the finance months the rules compare. */
export interface FinanceSums {
  readonly incomeCents: number;
  readonly costCents: number;
  readonly resultCents: number;
}

const sumMonths = (months: readonly { incomeCents: number; costCents: number }[]): FinanceSums => {
  const incomeCents = months.reduce((sum, month) => sum + month.incomeCents, 0);
  const costCents = months.reduce((sum, month) => sum + month.costCents, 0);
  return { incomeCents, costCents, resultCents: incomeCents - costCents };
};

/** The finance sums of the twelve months, the last three and the three before them. */
export function financeSums(finance: NonNullable<AnalysisInput['finance']>) {
  const months = finance.months;
  return {
    year: sumMonths(months),
    recent: sumMonths(months.slice(-3)),
    previous: sumMonths(months.slice(-6, -3)),
  };
}

/** Submitted responses of a survey in its last three months. */
export const recentResponses = (survey: SurveyFacts): number =>
  survey.months.slice(-3).reduce((sum, month) => sum + month.completed, 0);

const below = (kpi: KpiFacts) => (kpi.direction === 'higher' ? 'onder' : 'boven');

function kpiPosition(kpi: KpiFacts): string {
  const current = kpi.current;
  if (current === null) return '';
  const target = current.target === null ? '' : `, doel ${kpiValue(kpi, current.target)}`;
  return `${kpiValue(kpi, current.value)} in ${kpiPeriod(kpi, current.period)}${target}`;
}

function kpiMove(kpi: KpiFacts): string {
  const trend = kpi.trend;
  if (trend === null) return '';
  return `${kpiChange(kpi, trend.change)} ten opzichte van ${kpiPeriod(kpi, trend.previous_period)}`;
}

function kpiRules(kpis: readonly KpiFacts[], out: Lists): void {
  const withoutTarget: string[] = [];
  const withoutValue: string[] = [];
  for (const kpi of kpis) {
    const name = quoted(kpi.name);
    if (kpi.state !== 'ok') {
      out.recommendations.push(`Herstel de bron van KPI ${name}: ${KPI_STATE_TEXTS[kpi.state]}`);
      continue;
    }
    const current = kpi.current;
    if (current === null) {
      withoutValue.push(name);
      continue;
    }
    const worse = kpi.trend?.assessment === 'bad';
    switch (current.status) {
      case 'off_track':
        if (worse) {
          out.risks.push(
            `${name} is niet op koers (${kpiPosition(kpi)}) en gaat achteruit: ${kpiMove(kpi)}.`,
          );
          out.recommendations.push(
            `Maak een verbeterplan voor ${name}: de waarde ligt ${below(kpi)} het doel en verslechtert.`,
          );
        } else {
          out.risks.push(`${name} is niet op koers (${kpiPosition(kpi)}).`);
          out.recommendations.push(
            `Bespreek met de eigenaar van ${name} wat er nodig is om het doel te halen.`,
          );
        }
        break;
      case 'at_risk':
        if (worse) {
          out.risks.push(`${name} loopt risico (${kpiPosition(kpi)}) en gaat achteruit: ${kpiMove(kpi)}.`);
          out.recommendations.push(
            `Houd ${name} de komende periode extra in de gaten: nog een verslechtering brengt de KPI buiten de waarschuwingsgrens.`,
          );
        }
        break;
      case 'on_track':
        if (!worse) {
          const better = kpi.trend?.assessment === 'good' ? ` en verbetert: ${kpiMove(kpi)}` : '';
          out.strengths.push(`${name} is op koers (${kpiPosition(kpi)})${better}.`);
        }
        break;
      case 'no_target':
        withoutTarget.push(name);
        break;
      case 'no_value':
        withoutValue.push(name);
        break;
    }
  }
  if (withoutTarget.length > 0)
    out.recommendations.push(
      `Geef ${listed(withoutTarget)} een doel, zodat ${withoutTarget.length === 1 ? 'die' : 'ze'} een status ${withoutTarget.length === 1 ? 'krijgt' : 'krijgen'}.`,
    );
  if (withoutValue.length > 0)
    out.recommendations.push(
      `Vul waarden in voor ${listed(withoutValue)}: de laatste perioden hebben geen waarde.`,
    );
}

/** 'A', 'A en B', 'A, B en 3 andere KPI's'. */
function listed(names: readonly string[]): string {
  if (names.length === 1) return names[0] as string;
  if (names.length <= 3) return `${names.slice(0, -1).join(', ')} en ${names.at(-1)}`;
  return `${names.slice(0, 2).join(', ')} en ${names.length - 2} andere KPI's`;
}

function surveyRules(surveys: readonly SurveyFacts[], out: Lists): void {
  const rules = ANALYSIS_RULES;
  for (const survey of surveys) {
    const title = quoted(survey.title);
    for (const nps of survey.nps) {
      const where = `de NPS van ${quoted(nps.question)} in ${title}`;
      const { change, recent, previous, overall } = nps;
      if (change !== null && change >= rules.npsChange) {
        out.strengths.push(
          `${capital(where)} steeg van ${npsText(previous.score)} naar ${npsText(recent.score)} (laatste drie maanden tegenover de drie daarvoor).`,
        );
      }
      const falling = change !== null && change <= -rules.npsChange;
      if (falling) {
        out.risks.push(
          `${capital(where)} daalde van ${npsText(previous.score)} naar ${npsText(recent.score)} (laatste drie maanden tegenover de drie daarvoor).`,
        );
        out.recommendations.push(
          `Zoek uit waarom ${where} daalt: bekijk de laagst scorende stellingen en de open antwoorden van de laatste maanden.`,
        );
      }
      if (overall.score === null || overall.answered < ANALYSIS_MIN_ANSWERS) continue;
      if (overall.score >= rules.npsStrong && !falling) {
        out.strengths.push(
          `${capital(where)} is sterk: ${npsText(overall.score)} over ${overall.answered} antwoorden.`,
        );
      } else if (overall.score < 0) {
        out.risks.push(
          `${capital(where)} is negatief (${npsText(overall.score)} over ${overall.answered} antwoorden): er zijn meer criticasters dan promotors.`,
        );
        out.recommendations.push(
          `Neem contact op met ontevreden respondenten van ${title} (via een vervolgvraag of -survey) om de NPS te verbeteren.`,
        );
      }
    }
    for (const statement of survey.statements) {
      const what = `de stelling ${quoted(statement.statement)} in ${title}`;
      const { overall, change, recent, previous } = statement;
      if (overall.score !== null && overall.answered >= ANALYSIS_MIN_ANSWERS) {
        if (overall.score >= rules.statementStrong) {
          out.strengths.push(`${capital(what)} scoort hoog: ${scoreText(overall.score)} van 100.`);
        } else if (overall.score < rules.statementWeak) {
          out.risks.push(`${capital(what)} scoort laag: ${scoreText(overall.score)} van 100.`);
          out.recommendations.push(
            `Pak het onderwerp van ${what} aan en meet over een paar maanden opnieuw.`,
          );
        }
      }
      if (change !== null && change >= rules.statementChange) {
        out.strengths.push(
          `${capital(what)} steeg van ${scoreText(previous.score)} naar ${scoreText(recent.score)} van 100 (${scoreChange(change)}).`,
        );
      } else if (change !== null && change <= -rules.statementChange) {
        out.risks.push(
          `${capital(what)} daalde van ${scoreText(previous.score)} naar ${scoreText(recent.score)} van 100 (${scoreChange(change)}).`,
        );
      }
    }
    for (const number of survey.numbers) {
      if (!number.notable || number.change === null) continue;
      const from = numberText(number.previous.median, number.unit);
      const to = numberText(number.recent.median, number.unit);
      out.recommendations.push(
        `Zoek uit waarom de mediaan van ${quoted(number.question)} in ${title} ${number.change > 0 ? 'steeg' : 'daalde'} ` +
          `van ${from} naar ${to} (laatste drie maanden tegenover de drie daarvoor): een opvallende verschuiving.`,
      );
    }
    if (survey.responseRate !== null && survey.personalLinks >= rules.minLinks) {
      const rate = `${percentText(survey.responseRate)} van ${survey.personalLinks} persoonlijke links`;
      if (survey.responseRate >= rules.rateGood) {
        out.strengths.push(`Het reactiepercentage van ${title} is hoog: ${rate}.`);
      } else if (survey.responseRate < rules.rateLow) {
        out.risks.push(`Het reactiepercentage van ${title} is laag: ${rate}.`);
        out.recommendations.push(
          `Stuur een herinnering voor ${title} of verleng de looptijd: met meer reacties worden de scores betrouwbaarder.`,
        );
      }
    }
  }
  if (surveys.length > 0 && surveys.every((survey) => recentResponses(survey) === 0)) {
    out.recommendations.push(
      'Er zijn de laatste drie maanden geen reacties binnengekomen: zet een nieuwe survey uit om te zien of de scores nog kloppen.',
    );
  }
}

function financeRules(finance: NonNullable<AnalysisInput['finance']>, out: Lists): void {
  const { year, recent, previous } = financeSums(finance);
  if (year.resultCents > 0) {
    out.strengths.push(
      `Het resultaat over de laatste twaalf maanden is positief: ${euros(year.resultCents)}.`,
    );
  } else if (year.resultCents < 0) {
    out.risks.push(`Het resultaat over de laatste twaalf maanden is negatief: ${euros(year.resultCents)}.`);
    out.recommendations.push(
      'Bekijk op de pagina Financiën welke kostencategorieën het meest zijn gegroeid en waar de inkomsten achterblijven.',
    );
  }
  if (recent.resultCents < 0 && (recent.incomeCents > 0 || recent.costCents > 0)) {
    out.risks.push(`De laatste drie maanden zijn met verlies afgesloten: ${euros(recent.resultCents)}.`);
    out.recommendations.push('Stel voor de komende maanden een kostenplafond vast en volg het maandelijks.');
  }
  const rise = (now: number, before: number) => (before > 0 ? ((now - before) * 100) / before : null);
  const costRise = rise(recent.costCents, previous.costCents);
  const incomeRise = rise(recent.incomeCents, previous.incomeCents);
  if (
    costRise !== null &&
    costRise >= ANALYSIS_RULES.costRise &&
    (incomeRise === null || incomeRise < costRise)
  ) {
    out.risks.push(
      `De kosten van de laatste drie maanden liggen ${percentText(costRise)} hoger dan in de drie maanden daarvoor, sneller dan de inkomsten.`,
    );
    out.recommendations.push('Zoek uit welke kosten de stijging veroorzaken voordat die structureel wordt.');
  }
  if (incomeRise !== null && incomeRise >= ANALYSIS_RULES.incomeRise) {
    out.strengths.push(
      `De inkomsten van de laatste drie maanden liggen ${percentText(incomeRise)} hoger dan in de drie maanden daarvoor.`,
    );
  }
}

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

interface Lists {
  readonly strengths: string[];
  readonly risks: string[];
  readonly recommendations: string[];
}

/** The findings of the rules above, in rule order (KPIs, surveys, finance), each said once. */
export function analysisFindings(input: AnalysisInput): AnalysisFindings {
  const out: Lists = { strengths: [], risks: [], recommendations: [] };
  kpiRules(input.kpis, out);
  surveyRules(input.surveys, out);
  if (input.finance !== null) financeRules(input.finance, out);
  const once = (items: readonly string[]) => [...new Set(items)];
  return {
    strengths: once(out.strengths),
    risks: once(out.risks),
    recommendations: once(out.recommendations),
  };
}
