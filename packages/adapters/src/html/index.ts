// DOMPurify behind core's HtmlSanitizer port. A separate entry point, so the app loads DOMPurify
// only on the screens that render server HTML.
export { createDomPurifySanitizer } from './createDomPurifySanitizer';
