import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EncodedBody, preferredEncoding } from './contentEncoding';

describe('preferredEncoding', () => {
  it('should prefer brotli, then gzip, as a browser offers them', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('GZIP')).toBe('gzip');
  });

  it('should answer as it is without a header or with only unknown encodings', () => {
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('')).toBe('identity');
    expect(preferredEncoding('deflate, zstd')).toBe('identity');
  });

  it('should honour a quality of zero and the wildcard', () => {
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=abc, gzip')).toBe('gzip');
  });
});

describe('EncodedBody', () => {
  const json = Buffer.from(
    JSON.stringify({ cards: Array.from({ length: 200 }, (_, id) => ({ id, name: `KPI ${id}` })) }),
  );

  it('should give bodies that decompress to the original', async () => {
    const body = new EncodedBody(json);
    const br = await body.encoded('br');
    const gz = await body.encoded('gzip');
    expect(br.encoding).toBe('br');
    expect(gz.encoding).toBe('gzip');
    expect(zlib.brotliDecompressSync(br.body).equals(json)).toBe(true);
    expect(zlib.gunzipSync(gz.body).equals(json)).toBe(true);
    expect(br.body.length).toBeLessThan(json.length / 4);
  });

  it('should compress each encoding once', async () => {
    const body = new EncodedBody(json);
    const [first, second] = await Promise.all([body.encoded('br'), body.encoded('br')]);
    expect(second.body).toBe(first.body);
    expect((await body.encoded('br')).body).toBe(first.body);
  });

  it('should leave small bodies and identity requests as they are', async () => {
    const small = new EncodedBody(Buffer.from('{"cards":[]}'));
    expect(await small.encoded('br')).toEqual({ body: small.identity, encoding: 'identity' });
    const big = new EncodedBody(json);
    expect((await big.encoded('identity')).body).toBe(json);
  });
});
