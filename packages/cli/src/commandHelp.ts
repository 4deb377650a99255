import type { Command } from './commands/command';
import { CONNECTION_ENV, DEFAULT_URL } from './connection/connection';
import { EXIT } from './exitCodes';

/** The options every command takes. */
export const GLOBAL_HELP = [
  `--url <adres>          het adres van Loop (of ${CONNECTION_ENV.url}; standaard ${DEFAULT_URL}); /api/v1 komt erachter`,
  `--key <sleutel>        de API-sleutel (of ${CONNECTION_ENV.key}); wordt nooit getoond`,
  `--organisation <id>    stuurt X-Organization-Id mee (of ${CONNECTION_ENV.organisation}); een API-sleutel hoort al bij één organisatie`,
  '--json                 het resultaat als JSON op stdout; meldingen blijven op stderr',
  '--help, -h             hulp bij een commando',
];

const EXIT_HELP = [
  `${EXIT.ok} gelukt`,
  `${EXIT.usage} verkeerd gebruik (commando, optie of argument)`,
  `${EXIT.auth} geen of geweigerde sleutel (401, 403)`,
  `${EXIT.notFound} niet gevonden (404)`,
  `${EXIT.refused} invoer geweigerd (400, 409, 413, 422; of door de regels van Loop vooraf)`,
  `${EXIT.server} server of netwerk (5xx, 429, geen verbinding)`,
  `${EXIT.signature} handtekening ongeldig of levering te oud`,
  `${EXIT.file} bestand niet te lezen of te schrijven`,
];

/** `loop help`: the commands, the global options and the exit codes. */
export function overviewHelp(commands: readonly Command[]): string[] {
  const width = Math.max(...commands.map((command) => `${command.group} ${command.action}`.length));
  return [
    'loop: de opdrachtregel van Loop',
    '',
    'Gebruik: loop <commando> [argumenten] [opties]',
    '',
    "Commando's:",
    ...commands.map(
      (command) => `  ${`${command.group} ${command.action}`.padEnd(width)}  ${command.summary}`,
    ),
    `  ${'help [commando]'.padEnd(width)}  deze hulp, of die van één commando`,
    '',
    'Opties voor elk commando:',
    ...GLOBAL_HELP.map((line) => `  ${line}`),
    '',
    'Afsluitcodes:',
    ...EXIT_HELP.map((line) => `  ${line}`),
  ];
}

/** `loop <group> <action> --help` */
export function commandHelp(command: Command): string[] {
  return [
    command.summary,
    '',
    `Gebruik: ${command.usage}`,
    ...(command.help.length === 0 ? [] : ['', ...command.help.map((line) => `  ${line}`)]),
    '',
    'Opties voor elk commando:',
    ...GLOBAL_HELP.map((line) => `  ${line}`),
  ];
}

/** `loop <group> --help`: the group's commands. */
export function groupHelp(group: string, commands: readonly Command[]): string[] {
  return [
    `Commando's van loop ${group}:`,
    ...commands.map((command) => `  ${command.usage}\n      ${command.summary}`),
  ];
}
