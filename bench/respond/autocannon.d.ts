// autocannon ships no types; the bench uses only this much of its API.
declare module 'autocannon' {
  interface Histogram {
    readonly average: number;
    readonly p50: number;
    readonly p90: number;
    readonly p99: number;
    readonly max: number;
  }
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Options {
    readonly url: string;
    readonly connections?: number;
    readonly duration?: number;
    readonly amount?: number;
    readonly pipelining?: number;
    readonly timeout?: number;
    readonly method?: string;
    readonly headers?: Record<string, string>;
    readonly body?: string;
    readonly requests?: ReadonlyArray<
      RawRequest & {
        /** `context` is one object per connection, kept across its requests. */
        setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest | null;
      }
    >;
  }
  export interface Result {
    readonly requests: Histogram & { readonly total: number };
    readonly latency: Histogram;
    readonly duration: number;
    readonly errors: number;
    readonly timeouts: number;
    readonly non2xx: number;
    readonly '2xx': number;
    readonly statusCodeStats: Readonly<Record<string, { readonly count: number }>>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
