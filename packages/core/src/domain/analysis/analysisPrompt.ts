import { createPersonalDataMasker } from '../privacy';
import { analysisFindings, financeSums, recentResponses } from './analysisFindings';
import type { AnalysisInput } from './analysisInput';
import { ANALYSIS_SECTIONS } from './builtinAnalysis';

/**
 * The LLM analyst's prompt, in Dutch: the organisation's aggregates as JSON and the findings of the
 * built-in rules as signals, with the report's sections. Only what AnalysisInput holds goes in
 * (labels and numbers, never a respondent's answer), and every label the organisation typed (its
 * name, KPI names and sources, survey titles, questions, statements, options, units) goes through
 * the personal data masker on top (R-PRIV-4 to R-PRIV-8), with the names of the organisation's
 * people, in case someone typed an address, an account or a name into one.
 */
export interface AnalysisPrompt {
  readonly system: string;
  readonly user: string;
}

/** A label as it may go into the prompt. */
type Mask = (label: string) => string;

/** The masker for an input's labels, with the names of the organisation's people. */
const maskOf = (input: AnalysisInput): Mask => {
  const masker = createPersonalDataMasker(input.names ?? []);
  return (label) => masker.mask(label);
};

const round = (value: number | null): number | null => (value === null ? null : Math.round(value * 10) / 10);

/**
 * The surveys in rounds with their largest changes between the last two rounds (R-ROUND-10), or
 * nothing without such changes: figures per question, never an answer.
 */
function roundFacts(input: AnalysisInput, scrubLabel: Mask) {
  const named = (input.rounds ?? []).filter((each) => each.figures.length > 0);
  if (named.length === 0) return {};
  return {
    pulsrondes: named.map((each) => ({
      titel: scrubLabel(each.survey),
      grootste_veranderingen: each.figures.map((figure) => ({
        vraag: scrubLabel(figure.question),
        maat: scrubLabel(figure.measure),
        ronde: figure.round,
        waarde: round(figure.value),
        antwoorden: figure.answered,
        vorige_ronde: figure.previousRound,
        waarde_vorige_ronde: round(figure.previousValue),
        antwoorden_vorige_ronde: figure.previousAnswered,
        verandering: round(figure.change),
      })),
    })),
  };
}

/** The facts as the prompt's JSON: short Dutch keys, rounded numbers, masked labels. */
export function promptFacts(input: AnalysisInput, scrubLabel: Mask = maskOf(input)) {
  return {
    organisatie: scrubLabel(input.organization),
    datum: input.today,
    kpis: input.kpis.map((kpi) => ({
      naam: scrubLabel(kpi.name),
      eenheid: kpi.unit,
      richting: kpi.direction === 'higher' ? 'hoger is beter' : 'lager is beter',
      periode: kpi.periodKind,
      bron: scrubLabel(kpi.source),
      bron_werkt: kpi.state === 'ok',
      huidig:
        kpi.current === null
          ? null
          : {
              periode: kpi.current.period,
              waarde: round(kpi.current.value),
              doel: round(kpi.current.target),
              waarschuwingsgrens: round(kpi.current.warning),
              status: kpi.current.status,
            },
      trend:
        kpi.trend === null
          ? null
          : {
              vorige_periode: kpi.trend.previous_period,
              verandering: round(kpi.trend.change),
              oordeel: kpi.trend.assessment,
            },
      verloop: kpi.points.map((point) => [point.period, round(point.value)]),
    })),
    surveys: input.surveys.map((survey) => ({
      titel: scrubLabel(survey.title),
      status: survey.status,
      reacties: survey.completed,
      reacties_laatste_drie_maanden: recentResponses(survey),
      reacties_per_maand: survey.months.map((month) => [month.month, month.completed]),
      reactiepercentage: round(survey.responseRate),
      persoonlijke_links: survey.personalLinks,
      nps: survey.nps.map((nps) => ({
        vraag: scrubLabel(nps.question),
        score: nps.overall.score,
        antwoorden: nps.overall.answered,
        laatste_drie_maanden: nps.recent.score,
        drie_maanden_daarvoor: nps.previous.score,
        verandering: nps.change,
      })),
      stellingen: survey.statements.map((statement) => ({
        vraag: scrubLabel(statement.question),
        stelling: scrubLabel(statement.statement),
        score_0_100: round(statement.overall.score),
        gemiddelde: round(statement.mean),
        schaal: statement.points,
        antwoorden: statement.overall.answered,
        verandering: round(statement.change),
      })),
      getallen: survey.numbers.map((number) => ({
        vraag: scrubLabel(number.question),
        eenheid: number.unit === null ? null : scrubLabel(number.unit),
        antwoorden: number.answered,
        mediaan: round(number.median),
        kwartielen: [round(number.q1), round(number.q3)],
        mediaan_laatste_drie_maanden: round(number.recent.median),
        mediaan_drie_maanden_daarvoor: round(number.previous.median),
        verandering: round(number.change),
        opvallend: number.notable,
      })),
      rangordes: survey.rankings.map((ranking) => ({
        vraag: scrubLabel(ranking.question),
        antwoorden: ranking.answered,
        opties: ranking.options.map((option) => ({
          optie: scrubLabel(option.label),
          gemiddelde_plaats: round(option.average),
          keren_op_plaats_1: option.first,
        })),
      })),
      keuzelijsten: survey.dropdowns.map((dropdown) => ({
        vraag: scrubLabel(dropdown.question),
        antwoorden: dropdown.answered,
        grootste_groepen: dropdown.groups.map((group) => [scrubLabel(group.label), group.count]),
      })),
      datums: survey.dates.map((date) => ({
        vraag: scrubLabel(date.question),
        antwoorden: date.answered,
        drukste_maand: date.busiest === null ? null : [date.busiest.month, date.busiest.count],
      })),
    })),
    ...roundFacts(input, scrubLabel),
    financien:
      input.finance === null
        ? null
        : {
            bedragen: 'in centen, inclusief btw',
            per_maand: input.finance.months.map((month) => ({
              maand: month.month,
              inkomsten: month.incomeCents,
              kosten: month.costCents,
            })),
            laatste_twaalf_maanden: financeSums(input.finance).year,
          },
  };
}

/** The system and user messages for an OpenAI-compatible chat model. */
export function analysisPrompt(input: AnalysisInput): AnalysisPrompt {
  const findings = analysisFindings(input);
  const scrubLabel = maskOf(input);
  const facts = promptFacts(input, scrubLabel);
  const sections = [
    ANALYSIS_SECTIONS.summary,
    ANALYSIS_SECTIONS.kpis,
    ANALYSIS_SECTIONS.surveys,
    ...(input.finance === null ? [] : [ANALYSIS_SECTIONS.finance]),
    ANALYSIS_SECTIONS.strengths,
    ANALYSIS_SECTIONS.risks,
    ANALYSIS_SECTIONS.recommendations,
  ];
  const system = [
    'Je bent een zakelijk analist voor Nederlandse organisaties. Je schrijft een bedrijfsanalyse in het ' +
      'Nederlands, in Markdown, uitsluitend op basis van de cijfers die je krijgt. Verzin geen cijfers, namen of ' +
      'gebeurtenissen.',
    '',
    `Begin met de kop "# Bedrijfsanalyse ${scrubLabel(input.organization)}" en gebruik daarna precies deze koppen, in deze volgorde:`,
    ...sections.map((heading) => `## ${heading}`),
    '',
    'Gebruik alleen koppen (#, ## en ###), opsommingen met "- ", vetgedrukte regels en gewone alinea\'s. ' +
      'Geen tabellen, geen HTML, geen afbeeldingen en geen links. Noem bij elk sterk punt, risico en elke ' +
      "aanbeveling het cijfer waar het op rust. Bedragen zijn in centen; schrijf ze als euro's (€ 1.234,56).",
    ...('pulsrondes' in facts
      ? [
          'Surveys onder "pulsrondes" worden in rondes verstuurd: noem onder Surveys de grootste veranderingen ' +
            'tussen de laatste twee rondes, met beide cijfers.',
        ]
      : []),
  ].join('\n');
  const user = [
    'De cijfers van de organisatie (JSON):',
    JSON.stringify(facts),
    '',
    'Signalen volgens vaste regels (gebruik ze als uitgangspunt, vul aan waar de cijfers dat rechtvaardigen):',
    ...findings.strengths.map((item) => `Sterk punt: ${scrubLabel(item)}`),
    ...findings.risks.map((item) => `Risico: ${scrubLabel(item)}`),
    ...findings.recommendations.map((item) => `Aanbeveling: ${scrubLabel(item)}`),
  ].join('\n');
  return { system, user };
}
