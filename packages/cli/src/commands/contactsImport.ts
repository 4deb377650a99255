import { basename } from 'node:path';
import { createContactsGateway } from '@loop/adapters/http';
import type {
  ContactCsvMapping,
  ContactImport,
  ContactImportPreview,
  DuplicatePolicy,
  FileDuplicateChoice,
} from '@loop/core';
import {
  type ChosenContactFile,
  CONTACT_IMPORT_BYTES_MAX,
  CONTACT_IMPORT_FIELD_LABELS,
  CONTACT_IMPORT_MESSAGES,
  contactImportProgress,
  contactImportReport,
  contactMappingProblem,
  createContactsUseCases,
  DELIMITER_LABELS,
  duplicateLinesText,
  duplicatesIntro,
  ENCODING_LABELS,
  FILE_DUPLICATE_LABELS,
} from '@loop/core/contactsScreen';
import { formatCount } from '@loop/core/format';
import { CLI_MESSAGES } from '../cliMessages';
import { progressBar } from '../io/progressBar';
import type { Reporter } from '../io/reporter';
import { type Command, type CommandInput, EXIT, type ExitCode, failCall, isExit, text } from './command';

const ON_DUPLICATE: readonly DuplicatePolicy[] = ['update', 'skip'];
const FILE_DUPLICATES = Object.keys(FILE_DUPLICATE_LABELS) as FileDuplicateChoice[];

/** `loop contacts import`: a CSV file through the server's import routes, as the web app's import. */
export const contactsImport: Command = {
  group: 'contacts',
  action: 'import',
  summary: 'Importeert contacten uit een CSV-bestand (met --dry-run: alleen nakijken).',
  usage:
    'loop contacts import <bestand.csv> [--dry-run] [--on-duplicate update|skip] [--file-duplicates first|last] [--mapping <bestand.json>]',
  options: {
    'dry-run': { type: 'boolean' },
    'on-duplicate': { type: 'string' },
    'file-duplicates': { type: 'string' },
    mapping: { type: 'string' },
  },
  help: [
    '--dry-run                  de server leest het bestand en toont kolommen en indeling; er wordt niets opgeslagen',
    '--on-duplicate update|skip een adres dat al contact is: bijwerken (standaard) of overslaan',
    '--file-duplicates first|last  een adres op meer regels van het bestand: de eerste of de laatste regel telt',
    '--mapping <bestand.json>   de kolomindeling (ContactCsvMapping); zonder: wat de server in de kopregel herkent',
  ],
  arguments: { min: 1, max: 1 },
  run: importContacts,
};

async function importContacts(input: CommandInput): Promise<ExitCode> {
  const { values, positionals, io, report } = input;
  const path = positionals[0] as string;
  const onDuplicate = text(values, 'on-duplicate') ?? 'update';
  if (!ON_DUPLICATE.includes(onDuplicate as DuplicatePolicy)) {
    return report.fail(EXIT.usage, `Kies bij --on-duplicate ${ON_DUPLICATE.join(' of ')}.`);
  }
  const fileDuplicates = text(values, 'file-duplicates') ?? null;
  if (fileDuplicates !== null && !FILE_DUPLICATES.includes(fileDuplicates as FileDuplicateChoice)) {
    return report.fail(EXIT.usage, `Kies bij --file-duplicates ${FILE_DUPLICATES.join(' of ')}.`);
  }
  const mapping = await readMapping(input);
  if (isExit(mapping)) return mapping;
  const opened = await io.files.openBlob(path).catch(() => null);
  if (opened === null) return report.fail(EXIT.file, CLI_MESSAGES.fileUnreadable(path));
  // The server's limits, as core states them for every client (R-CONT-5).
  if (opened.size === 0) return report.fail(EXIT.refused, CONTACT_IMPORT_MESSAGES.emptyFile);
  if (opened.size > CONTACT_IMPORT_BYTES_MAX)
    return report.fail(EXIT.refused, CONTACT_IMPORT_MESSAGES.tooLarge);
  const connection = input.connect();
  if (isExit(connection)) return connection;
  const contacts = createContactsUseCases({
    gateway: createContactsGateway(connection.client),
    // Only the export saves files, and the command-line client exports nothing here.
    files: { saveFile: () => {}, saveText: () => {}, saveBytes: () => {} },
    wait: io.wait,
  });
  const file: ChosenContactFile = { name: basename(path), content: opened.blob };
  const upload = progressBar(io.stderr, 'Uploaden');
  const preview = await contacts.previewImport(file, mapping ?? undefined, (sent) => upload.update(sent));
  upload.done();
  if (!preview.ok) return failCall(report, preview, connection);
  const used = mapping ?? preview.value.mapping;
  const problem = contactMappingProblem(used);
  const repeated = (preview.value.duplicates?.addresses ?? 0) > 0;
  if (values['dry-run'] === true) {
    report.data({ preview: preview.value, problem });
    for (const line of previewLines(preview.value, used)) report.line(line);
    if (problem !== null) report.note(problem);
    return problem === null ? EXIT.ok : EXIT.refused;
  }
  if (problem !== null) return report.fail(EXIT.refused, `${problem} Geef --mapping <bestand.json>.`);
  if (repeated && fileDuplicates === null) {
    for (const line of duplicateLines(preview.value)) report.note(line);
    return report.fail(
      EXIT.refused,
      `${CONTACT_IMPORT_MESSAGES.chooseRow} Geef --file-duplicates first of last.`,
    );
  }
  const send = progressBar(io.stderr, 'Uploaden');
  const started = await contacts.startImport(
    file,
    used,
    onDuplicate as DuplicatePolicy,
    repeated ? (fileDuplicates as FileDuplicateChoice) : null,
    (sent) => send.update(sent),
  );
  send.done();
  if (!started.ok) return failCall(report, started, connection);
  const work = progressBar(io.stderr, 'Verwerken');
  const followed = await contacts.followImport(started.value, (run) => {
    const progress = contactImportProgress(run);
    work.update(progress.value / progress.max, progress.text);
  });
  work.done();
  if (!followed.ok) return failCall(report, followed, connection);
  return reportRun(report, followed.value);
}

/** `--mapping`: a JSON file of the mapping; null without the option. */
async function readMapping({
  values,
  io,
  report,
}: CommandInput): Promise<ContactCsvMapping | null | ExitCode> {
  const path = text(values, 'mapping');
  if (path === undefined) return null;
  const content = await io.files.readText(path).catch(() => null);
  if (content === null) return report.fail(EXIT.file, CLI_MESSAGES.fileUnreadable(path));
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed === 'object' && parsed !== null && 'fields' in parsed)
      return parsed as ContactCsvMapping;
  } catch {
    // Reported below, as every other file that is not a mapping.
  }
  return report.fail(
    EXIT.usage,
    `${CLI_MESSAGES.notJson(path)} Verwacht {"fields": {"email": "<kolom>", …}}.`,
  );
}

function previewLines(preview: ContactImportPreview, mapping: ContactCsvMapping): string[] {
  const fields = Object.entries(mapping.fields).filter((entry): entry is [string, string] => !!entry[1]);
  return [
    `${preview.file_name}: ${formatCount(preview.rows)} rijen, ${ENCODING_LABELS[preview.encoding]}, gescheiden door ${DELIMITER_LABELS[preview.delimiter]}.`,
    `Kolommen: ${preview.headers.join(', ')}`,
    'Indeling:',
    ...fields.map(
      ([field, column]) =>
        `  ${CONTACT_IMPORT_FIELD_LABELS[field as keyof typeof CONTACT_IMPORT_FIELD_LABELS]}: ${column}`,
    ),
    ...duplicateLines(preview),
    'Er is niets opgeslagen (--dry-run).',
  ];
}

const duplicateLines = (preview: ContactImportPreview): string[] => {
  const intro = duplicatesIntro(preview.duplicates);
  if (intro === null || preview.duplicates === null) return [];
  return [intro, ...preview.duplicates.items.map((item) => `  ${duplicateLinesText(item)}`)];
};

/** The import's report (core's words), each refused row with its line and the server's reason. */
function reportRun(report: Reporter, run: ContactImport): ExitCode {
  const { headline, lines } = contactImportReport(run);
  report.data({ import: run });
  report.line(headline);
  for (const line of lines) report.line(line);
  for (const refusal of run.refusals) report.line(`  regel ${refusal.line}: ${refusal.reason}`);
  if (run.state === 'failed') return report.fail(EXIT.server, run.error ?? headline);
  return run.refused > 0 ? EXIT.refused : EXIT.ok;
}
