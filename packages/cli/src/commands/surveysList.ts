import { createSurveysGateway } from '@loop/adapters/http';
import type { SurveyStatus, SurveySummary } from '@loop/core';
import { formatCount } from '@loop/core/format';
import { SURVEY_STATUS_LABELS } from '@loop/core/surveys/results';
import { textTable } from '../io/reporter';
import { type Command, EXIT, failCall, isExit, text } from './command';

/** Surveys asked per call: the most a page of the API holds. */
const PAGE_SIZE = 100;

const STATUSES = Object.keys(SURVEY_STATUS_LABELS) as SurveyStatus[];

/** `loop surveys list`: every survey of the organisation, page after page of GET /surveys. */
export const surveysList: Command = {
  group: 'surveys',
  action: 'list',
  summary: 'Toont de surveys van de organisatie (id, titel, status, reacties).',
  usage: 'loop surveys list [--status draft|open|closed] [--search <tekst>]',
  options: { status: { type: 'string' }, search: { type: 'string' } },
  help: [
    '--status <status>   alleen surveys met deze status: draft, open of closed',
    '--search <tekst>    alleen surveys met deze tekst in de titel',
  ],
  arguments: { min: 0, max: 0 },
  async run({ values, report, connect }) {
    const status = text(values, 'status');
    if (status !== undefined && !STATUSES.includes(status as SurveyStatus)) {
      return report.fail(EXIT.usage, `Kies als status ${STATUSES.join(', ')}.`);
    }
    const connection = connect();
    if (isExit(connection)) return connection;
    const gateway = createSurveysGateway(connection.client);
    const search = text(values, 'search');
    const surveys: SurveySummary[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await gateway.list({
        page,
        page_size: PAGE_SIZE,
        ...(status === undefined ? {} : { status: status as SurveyStatus }),
        ...(search === undefined ? {} : { q: search }),
      });
      if (!answer.ok) return failCall(report, answer, connection);
      surveys.push(...answer.value.items);
      if (answer.value.items.length === 0 || surveys.length >= answer.value.total) break;
    }
    report.data({
      surveys: surveys.map((survey) => ({
        id: survey.id,
        title: survey.title,
        status: survey.status,
        response_count: survey.response_count,
      })),
    });
    if (surveys.length === 0) {
      report.line('Geen surveys gevonden.');
      return EXIT.ok;
    }
    const rows = surveys.map((survey) => [
      String(survey.id),
      survey.title,
      SURVEY_STATUS_LABELS[survey.status],
      formatCount(survey.response_count),
    ]);
    for (const line of textTable(['Id', 'Titel', 'Status', 'Reacties'], rows)) report.line(line);
    return EXIT.ok;
  },
};
