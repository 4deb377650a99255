// jsdom ships no types and @types/jsdom lags its releases; the script tests need only this much.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
