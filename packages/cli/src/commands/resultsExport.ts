import type { ExportFormat } from '@loop/core';
import { formatCount, formatNumber } from '@loop/core/format';
import { EXPORT_FORMAT_MESSAGE, isExportFormat, responsesExportFileName } from '@loop/core/surveys/results';
import { CLI_MESSAGES } from '../cliMessages';
import { streamDownload } from '../connection/streamDownload';
import { progressBar } from '../io/progressBar';
import { type Command, EXIT, failCall, isExit, text } from './command';
import { positiveId } from './positiveId';

const sizeText = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${formatCount(Math.ceil(bytes / 1024))} kB`
    : `${formatNumber(bytes / 1024 / 1024)} MB`;

/** `loop results export`: the responses as CSV or XLSX, streamed to a file. */
export const resultsExport: Command = {
  group: 'results',
  action: 'export',
  summary: 'Exporteert de reacties van een survey als CSV of XLSX naar een bestand.',
  usage: 'loop results export <survey-id> [--format csv|xlsx] [--output <bestand>]',
  options: { format: { type: 'string' }, output: { type: 'string', short: 'o' } },
  help: [
    '--format csv|xlsx   het formaat (standaard csv; xlsx alleen met de functie export in het abonnement)',
    '--output <bestand>  waar het bestand komt (standaard survey-<id>-antwoorden-<datum>.<formaat>)',
  ],
  arguments: { min: 1, max: 1 },
  async run({ values, positionals, io, report, connect }) {
    const surveyId = positiveId(positionals[0]);
    if (surveyId === null) return report.fail(EXIT.usage, `'${positionals[0]}' is geen survey-id.`);
    const format = text(values, 'format') ?? 'csv';
    if (!isExportFormat(format)) return report.fail(EXIT.usage, EXPORT_FORMAT_MESSAGE);
    const connection = connect();
    if (isExit(connection)) return connection;
    const file =
      text(values, 'output') ?? responsesExportFileName(surveyId, format as ExportFormat, io.now());
    const bar = progressBar(io.stderr, 'Exporteren');
    const answer = await streamDownload(connection, io.files, {
      path: `/surveys/${surveyId}/export`,
      query: { format },
      file,
      onProgress: (received, total) =>
        bar.update(total === null ? null : received / total, `${sizeText(received)} ontvangen`),
    });
    bar.done();
    if ('fileError' in answer) return report.fail(EXIT.file, CLI_MESSAGES.fileUnwritable(answer.fileError));
    if (!answer.ok) return failCall(report, answer, connection);
    report.data({ survey_id: surveyId, format, file: answer.value.file, bytes: answer.value.bytes });
    report.line(
      `Reacties van survey ${surveyId} opgeslagen in ${answer.value.file} (${sizeText(answer.value.bytes)}).`,
    );
    return EXIT.ok;
  },
};
