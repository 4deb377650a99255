// Runs in Chromium (bundled by bench/browserPage.ts): core's report pipeline as the screen calls
// it, and its parts alone for comparison, each run timed on its own.
import { createInertDomSanitizer } from '@loop/adapters/dom';
import { REPORT_HTML_POLICY } from '@loop/core/html';
import { reportHtml } from '@loop/core/report';
import { Marked } from 'marked';
import { stepTimer } from '../pageTimer';

// As the app's composition root makes it: DOMPurify in a realm without a browsing context.
const sanitizer = createInertDomSanitizer(() => window);
// marked alone, with the pipeline's options: the baseline every Markdown view pays.
const marked = new Marked({ gfm: true, breaks: true, async: false });

let report = '';

const time = stepTimer({
  pipeline: () => reportHtml(report, sanitizer).length,
  marked: () => marked.parse(report, { async: false }).length,
  sanitize: () => sanitizer.sanitize(marked.parse(report, { async: false }), REPORT_HTML_POLICY).length,
});

const setReport = (text: string) => {
  report = text;
};

Object.assign(window, { __bench: { setReport, time }, __ready: true });
