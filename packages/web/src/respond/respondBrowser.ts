import { EMBED_PARAM } from '@loop/core/surveys/embed';
import type { RespondentBrowser } from '@loop/core/surveys/respond';

/**
 * The query values of an address's search part, the first one per name (`?bron=mail&bron=x` → mail).
 * The embedding origin /embed.js adds (`loop_embed`, R-EMBED-4) is the snippet's, never a hidden field.
 */
export function queryValues(search: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (name !== EMBED_PARAM && !Object.hasOwn(values, name)) values[name] = value;
  }
  return values;
}

/**
 * What the answering page reads of the browser (R-RESP-9): the address's query values, for hidden
 * fields and `?lang=`, and the browser's language. Read when a survey loads.
 */
export const browserFacts: RespondentBrowser = {
  query: () => queryValues(globalThis.location?.search ?? ''),
  language: () => globalThis.navigator?.language ?? null,
};
