import { describe, expect, it } from 'vitest';
import { type HtmlSanitizer, type SanitizePolicy, SURVEY_HTML_POLICY } from '../../html';
import { sanitizeSurveyHtml } from './surveyHtml';

describe('SURVEY_HTML_POLICY', () => {
  it('should allow text formatting, lists, headings, quotes and links only', () => {
    expect(SURVEY_HTML_POLICY.allowedTags).not.toContain('img');
    expect(SURVEY_HTML_POLICY.allowedTags).not.toContain('script');
    expect(SURVEY_HTML_POLICY.allowedTags).not.toContain('style');
    expect(SURVEY_HTML_POLICY.allowedAttributes).toEqual(['href', 'target', 'rel']);
    expect(SURVEY_HTML_POLICY.linksInNewTab).toBe(true);
  });
});

describe('sanitizeSurveyHtml', () => {
  it('should hand the HTML to the sanitizer as it is, with the survey policy', () => {
    const calls: [string, SanitizePolicy][] = [];
    const sanitizer: HtmlSanitizer = {
      sanitize: (html, policy) => {
        calls.push([html, policy]);
        return 'clean';
      },
    };
    expect(sanitizeSurveyHtml('<p>&lt;b&gt;</p>', sanitizer)).toBe('clean');
    expect(calls).toEqual([['<p>&lt;b&gt;</p>', SURVEY_HTML_POLICY]]);
  });
});
