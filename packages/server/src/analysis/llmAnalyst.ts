import { analysisPrompt } from '@loop/core/analysis';
import OpenAI from 'openai';
import type { LlmSettings } from '../config';
import { type Analyst, AnalystError } from './analyst';

/** Longest report kept from a model; a longer answer is not a report (runaway generation). */
export const LLM_REPORT_MAX_LENGTH = 100_000;

/** Local servers (Ollama, vLLM) want no key, but the SDK insists on one; they ignore this. */
const NO_KEY = 'geen-sleutel';

/** A whole answer fenced as a code block (```markdown … ```): the report is what is inside. */
function unfenced(text: string): string {
  const fenced = /^```[\w-]*\n([\s\S]*?)\n```$/.exec(text.trim());
  return (fenced?.[1] ?? text).trim();
}

/**
 * The LLM analyst: any OpenAI-compatible chat endpoint (OpenAI, Azure OpenAI, Mistral, Ollama,
 * vLLM) through the official SDK, asked with core's prompt (aggregates only, see
 * `analysisPrompt`). One attempt, no retries: the time limit belongs to the analysis, and a
 * member can simply ask again. Every failure of the service (unreachable, an HTTP error, an answer
 * without text) becomes an AnalystError; the answer itself is untrusted text that the client
 * sanitises like every report.
 */
export function createLlmAnalyst(settings: LlmSettings): Analyst {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey ?? NO_KEY,
    organization: null,
    project: null,
    maxRetries: 0,
  });
  return {
    kind: 'llm',
    async analyse(input, signal) {
      const prompt = analysisPrompt(input);
      let answer: Awaited<ReturnType<typeof client.chat.completions.create>>;
      try {
        answer = await client.chat.completions.create(
          {
            model: settings.model,
            messages: [
              { role: 'system', content: prompt.system },
              { role: 'user', content: prompt.user },
            ],
            temperature: 0.2,
          },
          { signal },
        );
      } catch (error) {
        if (signal.aborted) throw signal.reason ?? error;
        if (error instanceof OpenAI.APIConnectionError)
          throw new AnalystError('unreachable', 'language model not reachable', { cause: error });
        throw new AnalystError('unusable', 'language model refused or failed', { cause: error });
      }
      const content = (answer as { choices?: Array<{ message?: { content?: unknown } }> }).choices?.[0]
        ?.message?.content;
      const report = typeof content === 'string' ? unfenced(content) : '';
      if (report === '' || report.length > LLM_REPORT_MAX_LENGTH)
        throw new AnalystError('unusable', 'language model answered without a usable report');
      return report;
    },
  };
}
