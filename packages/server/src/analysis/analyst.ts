import { type AnalysisInput, builtinAnalysis } from '@loop/core/analysis';
import type { AnalystKind } from '../db/schema';

/**
 * Writes an analysis report (Markdown) from an organisation's aggregates. `signal` aborts when the
 * analysis runs out of time; an analyst stops its work then (the caller answers 504 either way).
 * Expected failures of an outside service are thrown as AnalystError.
 */
export interface Analyst {
  /** Stored with each analysis: who wrote it. */
  readonly kind: AnalystKind;
  analyse(input: AnalysisInput, signal: AbortSignal): Promise<string>;
}

/** Why an analyst could not deliver: the service was not reached, or it answered nothing usable. */
export type AnalystFailure = 'unreachable' | 'unusable';

export class AnalystError extends Error {
  override readonly name = 'AnalystError';

  constructor(
    readonly failure: AnalystFailure,
    message: string,
    options?: { readonly cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The built-in analyst: core's rules over the numbers, in this process, without a network. */
export const builtinAnalyst: Analyst = {
  kind: 'builtin',
  async analyse(input, signal) {
    signal.throwIfAborted();
    return builtinAnalysis(input);
  },
};
