// jsdom 29 ships no types and @types/jsdom has no release for 29; the sanitizer needs only this much.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: unknown;
  }
}
