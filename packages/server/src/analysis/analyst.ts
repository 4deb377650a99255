import { type AnalysisInput, builtinAnalysis } from '@loop/core/analysis';
import {
  type OpenAnswerSummaryInput,
  type SummaryThemes,
  summariseOpenAnswers,
} from '@loop/core/surveys/summary';
import type { AnalystKind } from '../db/schema';

/**
 * Writes an analysis report (Markdown) from an organisation's aggregates, and summarises the
 * answers to an open question (plan feature 'ai'). `signal` aborts when the work runs out of time;
 * an analyst stops then (the caller answers 504 either way). Expected failures of an outside
 * service are thrown as AnalystError.
 */
export interface Analyst {
  /** Stored with each analysis and named with each summary: who wrote it. */
  readonly kind: AnalystKind;
  analyse(input: AnalysisInput, signal: AbortSignal): Promise<string>;
  /** Themes of the answers (their texts, newest first), with counts and quotes taken from them. */
  summarise(input: OpenAnswerSummaryInput, signal: AbortSignal): Promise<SummaryThemes>;
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

/**
 * The built-in analyst: core's rules over the numbers, and core's summariser (shared words and
 * phrases) over the answers, in this process, without a network.
 */
export const builtinAnalyst: Analyst = {
  kind: 'builtin',
  async analyse(input, signal) {
    signal.throwIfAborted();
    return builtinAnalysis(input);
  },
  async summarise(input, signal) {
    signal.throwIfAborted();
    return summariseOpenAnswers(input.texts, input.names);
  },
};
