/**
 * The platform's fetch, looked up at call time (so a page or test that replaces `globalThis.fetch`
 * later is honoured). The composition root hands it to the API client.
 */
export const browserFetch: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init);
