import type { ExitCode } from '../exitCodes';
import type { CliIo } from './cliIo';

/**
 * How a command speaks (R-CLI-2): results on stdout, as text or (`--json`) as one JSON document;
 * messages, progress and failures on stderr, in Dutch. A failure under `--json` also puts
 * `{"error": …}` on stdout, so a script reading stdout always gets JSON.
 */
export interface Reporter {
  readonly json: boolean;
  /** A line of the human result (left out under --json). */
  line(text: string): void;
  /** The machine result (only under --json). */
  data(value: unknown): void;
  /** A message to the person on stderr, in both modes. */
  note(text: string): void;
  /** Reports a failure and answers its exit code. */
  fail(code: ExitCode, message: string, details?: Readonly<Record<string, unknown>>): ExitCode;
}

export function createReporter(io: CliIo, json: boolean): Reporter {
  return {
    json,
    line: (text) => {
      if (!json) io.stdout.write(`${text}\n`);
    },
    data: (value) => {
      if (json) io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    },
    note: (text) => io.stderr.write(`${text}\n`),
    fail: (code, message, details = {}) => {
      io.stderr.write(`loop: ${message}\n`);
      if (json)
        io.stdout.write(`${JSON.stringify({ error: { exit_code: code, message, ...details } }, null, 2)}\n`);
      return code;
    },
  };
}

/** Rows as aligned text columns under a header (the surveys list). */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const render = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [render(header), render(widths.map((width) => '-'.repeat(width))), ...rows.map(render)];
}
