// The shared DOM entry: implementations of core's ports that need a DOM but no browser globals, so
// the browser (with its window) and the server (with jsdom's) use the same code. It imports only
// core and the libraries it wraps; the architecture test holds it to that.
export type { DomHtml, DomWindow } from './createDomPurifySanitizer';
export {
  createDomPurifySanitizer,
  createDomSanitizer,
  createInertDomSanitizer,
} from './createDomPurifySanitizer';
