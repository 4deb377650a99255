import { analysisPrompt } from '@loop/core/analysis';
import { parseSummaryAnswer, summaryPrompt } from '@loop/core/surveys/summary';
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
 * vLLM) through the official SDK. The business analysis is asked with core's prompt (aggregates
 * only, see `analysisPrompt`); a summary of open answers with core's summary prompt (the answers'
 * texts, e-mail addresses and phone numbers replaced, see `summaryPrompt`) and its JSON answer is
 * read strictly (`parseSummaryAnswer`). One attempt, no retries: the time limit belongs to the
 * work, and a member can simply ask again. Every failure of the service (unreachable, an HTTP
 * error, an answer without text or without the asked JSON) becomes an AnalystError; what the model
 * writes is untrusted text either way.
 */
export function createLlmAnalyst(settings: LlmSettings): Analyst {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey ?? NO_KEY,
    organization: null,
    project: null,
    maxRetries: 0,
  });

  /** The model's answer to a system and a user message: its text, trimmed ('' when it has none). */
  async function complete(system: string, user: string, signal: AbortSignal): Promise<string> {
    let answer: Awaited<ReturnType<typeof client.chat.completions.create>>;
    try {
      answer = await client.chat.completions.create(
        {
          model: settings.model,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
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
    const content = (answer as { choices?: Array<{ message?: { content?: unknown } }> }).choices?.[0]?.message
      ?.content;
    return typeof content === 'string' ? content.trim() : '';
  }

  return {
    kind: 'llm',
    async analyse(input, signal) {
      const prompt = analysisPrompt(input);
      const report = unfenced(await complete(prompt.system, prompt.user, signal));
      if (report === '' || report.length > LLM_REPORT_MAX_LENGTH)
        throw new AnalystError('unusable', 'language model answered without a usable report');
      return report;
    },
    async summarise(input, signal) {
      const prompt = summaryPrompt(input);
      const content = await complete(prompt.system, prompt.user, signal);
      const themes =
        content.length > LLM_REPORT_MAX_LENGTH
          ? null
          : parseSummaryAnswer(content, prompt.sent, prompt.masker);
      if (themes === null)
        throw new AnalystError('unusable', 'language model answered without the asked JSON');
      return themes;
    },
  };
}
