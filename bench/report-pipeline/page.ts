// Runs in Chromium (bundled by bench/browserPage.ts): core's report pipeline as the screen calls
// it, and its parts alone for comparison, each run timed on its own.
import { createDomSanitizer } from '@loop/adapters/dom';
import { REPORT_HTML_POLICY } from '@loop/core/html';
import { reportHtml } from '@loop/core/report';
import { Marked } from 'marked';

// As the app's composition root makes it: DOMPurify on the browser's window.
const sanitizer = createDomSanitizer(() => window);
// marked alone, with the pipeline's options: the baseline every Markdown view pays.
const marked = new Marked({ gfm: true, breaks: true, async: false });

type Step = (report: string) => unknown;

const steps: Record<string, Step> = {
  pipeline: (report) => reportHtml(report, sanitizer),
  marked: (report) => marked.parse(report, { async: false }),
  sanitize: (report) => sanitizer.sanitize(marked.parse(report, { async: false }), REPORT_HTML_POLICY),
};

/** `runs` timings in ms of step `name` on `report`; the output's length is kept so nothing is skipped. */
function time(name: string, report: string, runs: number): { times: number[]; length: number } {
  const step = steps[name];
  if (!step) throw new Error(`unknown step ${name}`);
  const times: number[] = [];
  let length = 0;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    length = String(step(report)).length;
    times.push(performance.now() - start);
  }
  return { times, length };
}

Object.assign(window, { __bench: { time }, __ready: true });
