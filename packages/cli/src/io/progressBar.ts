import type { OutputStream } from './cliIo';

export interface ProgressBar {
  /** `share` of the work done (0..1; null: unknown, only the text) and a short text after the bar. */
  update(share: number | null, text?: string): void;
  /** Clears the bar's line. */
  done(): void;
}

const SILENT: ProgressBar = { update: () => {}, done: () => {} };
const BAR_WIDTH = 30;
/** Redraws at most this often: a fast download reports thousands of chunks a second. */
const REDRAW_MS = 100;

/** `[#########---------]  45%` */
function bar(share: number): string {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(share) ? share : 0));
  const filled = Math.round(clamped * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(clamped * 100)).padStart(3)}%`;
}

/**
 * A one-line bar on stderr, redrawn in place with a carriage return (R-CLI-4): only on a terminal,
 * so a pipe or a log file gets no control characters and stdout stays the result alone.
 */
export function progressBar(stream: OutputStream, label: string, now: () => number = Date.now): ProgressBar {
  if (!stream.isTTY) return SILENT;
  let drawn = '';
  let last = -Infinity;
  const draw = (share: number | null, text: string) => {
    const line = share === null ? `${label} ${text}` : `${label} ${bar(share)} ${text}`;
    const width = (stream.columns ?? 80) - 1;
    const shown = line.slice(0, width);
    stream.write(`\r${shown.padEnd(drawn.length)}`);
    drawn = shown;
  };
  return {
    update(share, text = '') {
      const at = now();
      if (share !== 1 && at - last < REDRAW_MS) return;
      last = at;
      draw(share, text);
    },
    done() {
      if (drawn !== '') stream.write(`\r${' '.repeat(drawn.length)}\r`);
      drawn = '';
    },
  };
}
