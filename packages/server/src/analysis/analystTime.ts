import { err, ok, type Result } from '@loop/core';
import { AnalystError, type AnalystFailure } from './analyst';

/** Why an analyst's work came to nothing: out of time (504) or the outside service (502). */
export type AnalystRefusal = 'timeout' | AnalystFailure;

class AnalystTimeout extends Error {
  override readonly name = 'AnalystTimeout';
}

/**
 * An analyst's work within `timeoutMs` (ANALYSIS_TIMEOUT_MS): the signal aborts the analyst when
 * time is up, and the answer is 'timeout' then even if an analyst ignores its signal. An
 * AnalystError becomes its failure; anything else is a bug and is thrown.
 */
export async function analystWithin<T>(
  timeoutMs: number,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<Result<T, AnalystRefusal>> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new AnalystTimeout('analyst took too long');
      controller.abort(reason);
      reject(reason);
    }, timeoutMs);
  });
  try {
    return ok(await Promise.race([run(controller.signal), expired]));
  } catch (error) {
    if (controller.signal.aborted) return err('timeout');
    if (error instanceof AnalystError) return err(error.failure);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
