import type { HtmlSanitizer, SanitizePolicy } from '../domain/html';

/**
 * A sanitiser for tests of code that hands HTML to one: records what it is given and answers with
 * a marked copy (padded with white space, so trimming or any other after-treatment shows), so the
 * test sees what went in and what came out.
 */
export class RecordingSanitizer implements HtmlSanitizer {
  readonly calls: Array<{ html: string; policy: SanitizePolicy }> = [];

  sanitize(html: string, policy: SanitizePolicy): string {
    this.calls.push({ html, policy });
    return ` [clean]${html}[/clean]\n`;
  }

  /** The HTML of the only call. */
  get received(): string {
    if (this.calls.length !== 1) throw new Error(`expected one sanitize call, found ${this.calls.length}`);
    return this.calls[0]!.html;
  }
}
