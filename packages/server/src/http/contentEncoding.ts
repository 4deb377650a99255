import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** How an answer body travels: brotli, gzip or as it is. */
export type BodyEncoding = 'br' | 'gzip' | 'identity';

/** Bodies under this size go out as they are, as with the app's global compression. */
const THRESHOLD_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The encoding to answer with for an `Accept-Encoding` header (RFC 9110 §12.5.3): brotli before
 * gzip, each only when the client accepts it with a quality above zero (`*` counts for both),
 * else the body as it is.
 */
export function preferredEncoding(header: string | undefined): BodyEncoding {
  if (header === undefined || header === '') return 'identity';
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((each) => each.trim()).find((each) => each.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

/**
 * A serialised answer with its compressed forms, each made once, off the event loop, when a client
 * first asks for it: an answer kept for many requests (the KPI board) is then compressed once
 * instead of once per request by the app's global compression.
 */
export class EncodedBody {
  readonly #variants = new Map<Exclude<BodyEncoding, 'identity'>, Promise<Buffer>>();

  constructor(readonly identity: Buffer) {}

  /** The body in `encoding`, and the encoding it really has (small bodies stay as they are). */
  async encoded(encoding: BodyEncoding): Promise<{ readonly body: Buffer; readonly encoding: BodyEncoding }> {
    if (encoding === 'identity' || this.identity.length < THRESHOLD_BYTES) {
      return { body: this.identity, encoding: 'identity' };
    }
    let variant = this.#variants.get(encoding);
    if (variant === undefined) {
      variant =
        encoding === 'br'
          ? brotli(this.identity, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
              },
            })
          : gzip(this.identity, { level: 6 });
      this.#variants.set(encoding, variant);
      // A failed compression is not kept: the next request tries again.
      variant.catch(() => this.#variants.delete(encoding));
    }
    return { body: await variant, encoding };
  }
}
