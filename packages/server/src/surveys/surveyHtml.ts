import { createRequire } from 'node:module';
import { createDomSanitizer } from '@loop/adapters/dom';
import type { HtmlSanitizer } from '@loop/core/html';
import { sanitizeSurveyHtml } from '@loop/core/surveys/model';

// jsdom takes about 1.6 s to load: only the first survey text pays for it (and `main.ts` warms it
// up once the server listens), not every server start and test file.
const require = createRequire(import.meta.url);

/**
 * Survey rich text is sanitised on the server before it is stored, by the same adapter the browser
 * uses (`@loop/adapters/dom`: DOMPurify with core's policy), on one jsdom window reused for every
 * call. One policy in core and one piece of code applying it mean the same result on both sides.
 */
export function createServerHtmlSanitizer(): HtmlSanitizer {
  return createDomSanitizer(() => {
    const { JSDOM } = require('jsdom') as typeof import('jsdom');
    return new JSDOM('<!doctype html><html><body></body></html>').window;
  });
}

/** The server's one sanitizer (jsdom is made once, on the first survey text it sees). */
export const serverHtmlSanitizer: HtmlSanitizer = createServerHtmlSanitizer();

const SANITIZED_CAPACITY = 500;
const sanitizedTexts = new Map<string, string>();

/**
 * `sanitizeSurveyHtml` with the server's sanitizer, remembered for the last 500 texts: the answering
 * page shows the same few introductions to every respondent, and DOMPurify on jsdom costs far more
 * than a lookup. The result depends on the text alone, so a remembered one is never stale.
 */
export function sanitizedSurveyHtml(html: string): string {
  const known = sanitizedTexts.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeSurveyHtml(html, serverHtmlSanitizer);
  sanitizedTexts.set(html, clean);
  if (sanitizedTexts.size > SANITIZED_CAPACITY) {
    const oldest = sanitizedTexts.keys().next().value;
    if (oldest !== undefined) sanitizedTexts.delete(oldest);
  }
  return clean;
}

/** Loads jsdom now, so the first respondent or editor after a start does not wait for it. */
export const warmUpHtmlSanitizer = (): void => {
  sanitizeSurveyHtml('<p></p>', serverHtmlSanitizer);
};

/** The rich-text fields of a survey or template, sanitised with core's SURVEY_HTML_POLICY. */
export function withSanitizedHtml<
  T extends { readonly description_html: string; readonly introduction_html: string },
>(input: T, sanitizer: HtmlSanitizer = serverHtmlSanitizer): T {
  return {
    ...input,
    description_html: sanitizeSurveyHtml(input.description_html, sanitizer),
    introduction_html: sanitizeSurveyHtml(input.introduction_html, sanitizer),
  };
}
