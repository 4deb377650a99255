import type { ParseArgsConfig } from 'node:util';
import type { ApiResult } from '@loop/core';
import type { Connection } from '../connection/connection';
import { EXIT, type ExitCode, exitCodeOfStatus } from '../exitCodes';
import type { CliIo } from '../io/cliIo';
import type { Reporter } from '../io/reporter';

export type OptionValues = Readonly<Record<string, string | boolean | undefined>>;

/** What a command gets: its parsed arguments and the world. */
export interface CommandInput {
  readonly values: OptionValues;
  readonly positionals: readonly string[];
  readonly io: CliIo;
  readonly report: Reporter;
  /** The API connection from the options and environment; reports the missing key itself. */
  connect(): Connection | ExitCode;
}

/** One `loop <group> <action>` command. */
export interface Command {
  readonly group: string;
  readonly action: string;
  /** One line for `loop help`. */
  readonly summary: string;
  /** `loop kpi set <kpi> <periode> <waarde>` */
  readonly usage: string;
  /** Its own options (the global ones are added) and their help lines. */
  readonly options: NonNullable<ParseArgsConfig['options']>;
  readonly help: readonly string[];
  /** How many positional arguments it takes. */
  readonly arguments: { readonly min: number; readonly max: number };
  run(input: CommandInput): Promise<ExitCode>;
}

/** Reports a failed API call: the server's Dutch `detail`, and the exit code of its status. */
export function failCall(
  report: Reporter,
  failure: Extract<ApiResult<unknown>, { ok: false }>,
  connection?: Connection,
): ExitCode {
  const where = failure.status === 0 && connection ? ` (${connection.apiBase})` : '';
  return report.fail(exitCodeOfStatus(failure.status), `${failure.detail}${where}`, {
    status: failure.status,
    ...(failure.fields === undefined ? {} : { fields: failure.fields }),
  });
}

export const text = (values: OptionValues, name: string): string | undefined => {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
};

export const isExit = (value: unknown): value is ExitCode => typeof value === 'number';

export { EXIT, type ExitCode };
