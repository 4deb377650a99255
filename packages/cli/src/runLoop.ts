import { type ParseArgsConfig, parseArgs } from 'node:util';
import { CLI_MESSAGES } from './cliMessages';
import { commandHelp, groupHelp, overviewHelp } from './commandHelp';
import { type Command, type OptionValues, text } from './commands/command';
import { COMMANDS } from './commands/commands';
import { connect } from './connection/connection';
import { EXIT, type ExitCode } from './exitCodes';
import type { CliIo } from './io/cliIo';
import { createReporter, type Reporter } from './io/reporter';

/** The options of every command (R-CLI-1, R-CLI-2). */
const GLOBAL_OPTIONS: NonNullable<ParseArgsConfig['options']> = {
  url: { type: 'string' },
  key: { type: 'string' },
  organisation: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

const isHelpFlag = (word: string | undefined) => word === '--help' || word === '-h';

/** A negative number typed as an argument (`-12,50`), which reads as an option without `--` before it. */
const looksNegative = (word: string) =>
  word.length > 1 && word[0] === '-' && '0123456789'.includes(word[1] ?? '');

/** Node's English parse errors in Dutch; the option's name is the part between quotes. */
function parseProblem(error: unknown, args: readonly string[]): string {
  const code = (error as { code?: unknown }).code;
  const quoted = String((error as { message?: unknown }).message ?? '').split("'")[1] ?? '';
  const option = quoted.split(' ')[0] ?? quoted;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `De optie ${option} verwacht een waarde.`;
  if (args.some(looksNegative)) return `Onbekende optie ${option}. Zet -- voor een negatieve waarde.`;
  return `Onbekende optie ${option}.`;
}

/** Writes help to stdout (it is what was asked for) and answers `code`. */
function show(io: CliIo, lines: readonly string[], code: ExitCode = EXIT.ok): ExitCode {
  io.stdout.write(`${lines.join('\n')}\n`);
  return code;
}

/** `loop help [group [action]]`, `loop --help`, `loop` alone. */
function help(io: CliIo, report: Reporter, words: readonly string[]): ExitCode {
  const [group, action] = words;
  if (group === undefined) return show(io, overviewHelp(COMMANDS));
  const inGroup = COMMANDS.filter((command) => command.group === group);
  const command = inGroup.find((each) => each.action === action);
  if (command) return show(io, commandHelp(command));
  if (inGroup.length > 0 && action === undefined) return show(io, groupHelp(group, inGroup));
  return report.fail(EXIT.usage, CLI_MESSAGES.unknownCommand(words.join(' ')));
}

/**
 * Runs `loop` with the words after the program's name and answers the exit code (R-CLI-3). All it
 * touches of the world comes in `io`, so the tests run it in-process against a real server.
 */
export async function runLoop(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const report = createReporter(io, argv.includes('--json'));
  const [first, second] = argv;
  if (first === undefined || first === 'help' || isHelpFlag(first)) {
    return help(io, report, first === 'help' ? argv.slice(1) : []);
  }
  const inGroup = COMMANDS.filter((command) => command.group === first);
  const command = inGroup.find((each) => each.action === second);
  if (command === undefined) {
    if (inGroup.length > 0 && (second === undefined || isHelpFlag(second))) {
      return show(io, groupHelp(first, inGroup), second === undefined ? EXIT.usage : EXIT.ok);
    }
    return report.fail(EXIT.usage, CLI_MESSAGES.unknownCommand([first, second].filter(Boolean).join(' ')));
  }
  const args = argv.slice(2);
  let parsed: { values: OptionValues; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...args],
      options: { ...GLOBAL_OPTIONS, ...command.options },
      allowPositionals: true,
      strict: true,
    }) as { values: OptionValues; positionals: string[] };
  } catch (error) {
    return report.fail(EXIT.usage, CLI_MESSAGES.badOption(parseProblem(error, args)));
  }
  if (parsed.values.help === true) return show(io, commandHelp(command));
  return runCommand(command, parsed, io, createReporter(io, parsed.values.json === true));
}

async function runCommand(
  command: Command,
  { values, positionals }: { values: OptionValues; positionals: string[] },
  io: CliIo,
  report: Reporter,
): Promise<ExitCode> {
  if (positionals.length < command.arguments.min || positionals.length > command.arguments.max) {
    return report.fail(EXIT.usage, CLI_MESSAGES.badArguments(command.usage));
  }
  const options = {
    url: text(values, 'url'),
    key: text(values, 'key'),
    organisation: text(values, 'organisation'),
  };
  try {
    return await command.run({
      values,
      positionals,
      io,
      report,
      connect: () => connect(options, io.env, io.fetch) ?? report.fail(EXIT.auth, CLI_MESSAGES.noKey),
    });
  } catch (error) {
    // A fault of loop itself, not of the input or the server: said plainly, never with the key.
    return report.fail(
      EXIT.server,
      `Onverwachte fout: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
