import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/testApp';
import { MESSAGES } from './apiError';
import { contentSecurityPolicy, serializePolicy } from './securityHeaders';

const INDEX_HTML =
  '<!doctype html><html lang="nl"><head><script type="module" src="/assets/index-Ab12Cd.js"></script></head><body><div id="root"></div></body></html>';

const RESPOND_HTML =
  '<!doctype html><html lang="nl"><head><script type="module" src="/assets/respond-Ef34Gh.js"></script></head><body><div id="root"></div></body></html>';

/** A built script big enough that @fastify/compress would compress it (over 1 kB). */
const SCRIPT = `export const vragen = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Vraag ${i}`))};\n`;
const SCRIPT_BR = brotliCompressSync(SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const SCRIPT_GZ = gzipSync(SCRIPT, { level: 9 });

const INDEX_HTML_BR = brotliCompressSync(INDEX_HTML, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

/** A token of the shape the server makes (32 characters of base64url). */
const TOKEN = 'AbC_12-xyzAbC_12-xyzAbC_12-xyz00';

let ctx: TestContext;
let web: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  const webDist = join(ctx.dataDir, 'web-dist');
  await mkdir(join(webDist, 'assets'), { recursive: true });
  await writeFile(join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(join(webDist, 'respond.html'), RESPOND_HTML);
  await writeFile(join(webDist, 'assets', 'index-Ab12Cd.js'), 'console.log("loop");');
  // What the build's precompression writes (scripts/precompress.mjs).
  await writeFile(join(webDist, 'assets', 'respond-Ef34Gh.js'), SCRIPT);
  await writeFile(join(webDist, 'assets', 'respond-Ef34Gh.js.br'), SCRIPT_BR);
  await writeFile(join(webDist, 'assets', 'respond-Ef34Gh.js.gz'), SCRIPT_GZ);
  await writeFile(join(webDist, 'index.html.br'), INDEX_HTML_BR);
  await writeFile(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  web = await ctx.buildApp({ config: { webDist } });
});

afterAll(async () => {
  await ctx?.close();
});

const page = (app: FastifyInstance, url: string) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

describe('the built web app', () => {
  it('should serve index.html for / and for every app route (history fallback), never cached', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/dashboard',
      '/assets',
      '/reset-password/abc',
      '/survey/12/edit?tab=2',
      '/onbekende/route',
    ]) {
      const response = await page(web, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('should serve respond.html, never cached, for the answering page under /respond/', async () => {
    for (const url of [
      '/respond/AbC_12-xyz',
      '/respond/AbC_12-xyz/',
      '/respond/voorbeeld?utm=mail',
      '/respond',
    ]) {
      const response = await page(web, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(RESPOND_HTML);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toBe(
        (await page(web, '/login')).headers['content-security-policy'],
      );
    }
    // Only the answering page: lookalike paths stay the app's.
    for (const url of ['/respondent', '/survey/3/respond', '/respond-x/abc']) {
      expect((await page(web, url)).body, url).toBe(INDEX_HTML);
    }
  });

  it('should preload the survey request in the answering page of a well-formed token, adding no script', async () => {
    const login = await page(web, '/login');
    for (const url of [`/respond/${TOKEN}`, `/respond/${TOKEN}/`, `/respond/${TOKEN}?utm=mail`]) {
      const response = await page(web, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(
        `<link rel="preload" as="fetch" crossorigin href="/api/v1/respond/${TOKEN}">`,
      );
      expect(response.body.match(/<script/g), url).toHaveLength(1);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toBe(login.headers['content-security-policy']);
    }
  });

  it('should echo nothing of an answering-page address whose token has the wrong shape', async () => {
    for (const url of [
      '/respond/voorbeeld',
      `/respond/${TOKEN}%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E`,
      `/respond/${TOKEN}"><script>alert(1)</script>`,
      `/respond/<img src=x onerror=alert(1)>${TOKEN}`,
      `/respond/${'A'.repeat(129)}`,
    ]) {
      const response = await page(web, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(RESPOND_HTML);
    }
  });

  it('should send the precompressed files as they were built, brotli first, never compressed again', async () => {
    const get = (encoding?: string) =>
      web.inject({
        method: 'GET',
        url: '/assets/respond-Ef34Gh.js',
        headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
      });

    const br = await get('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The bytes of the .br file, not a compression of them: identical to the script once decompressed.
    expect(br.rawPayload.equals(SCRIPT_BR)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(SCRIPT_GZ)).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    for (const encoding of [undefined, 'identity']) {
      const plain = await get(encoding);
      expect(plain.headers['content-encoding'], encoding).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it("should send the app's page precompressed too", async () => {
    const response = await web.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('text/html');
    // The built file, whole (a compression on the fly would stream it without a length).
    expect(response.headers['content-length']).toBe(String(INDEX_HTML_BR.length));
    expect(response.rawPayload.equals(INDEX_HTML_BR)).toBe(true);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('should send the strict Content-Security-Policy and the other security headers with the page', async () => {
    const response = await page(web, '/login');
    const csp = String(response.headers['content-security-policy']);
    const directives = (policy: string) =>
      policy
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean)
        .sort();

    // The map's tiles (OpenStreetMap's by default) are the one foreign origin images may come from.
    expect(directives(csp)).toEqual(
      directives(serializePolicy(contentSecurityPolicy([], ['https://tile.openstreetmap.org']))),
    );
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https://tile.openstreetmap.org",
      "connect-src 'self'",
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('should cache hashed assets forever and other files only with revalidation', async () => {
    const asset = await web.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("loop");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const icon = await web.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('should let the sandboxed e-mail preview (an opaque origin) show an uploaded logo', async () => {
    await mkdir(join(ctx.dataDir, 'uploads', '1'), { recursive: true });
    await writeFile(join(ctx.dataDir, 'uploads', '1', 'logo-Xy12.png'), 'png');
    const logo = await web.inject({
      method: 'GET',
      url: '/uploads/1/logo-Xy12.png',
      headers: { accept: 'image/*' },
    });
    expect(logo.statusCode).toBe(200);
    // same-origin would block it in the preview's sandboxed iframe (ERR_BLOCKED_BY_RESPONSE).
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    // The app's own files keep the strict policy.
    const icon = await web.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('should answer 404 {detail} for missing assets, API and upload paths and non-page requests', async () => {
    const cases = [
      web.inject({ method: 'GET', url: '/assets/bestaat-niet.js', headers: { accept: '*/*' } }),
      page(web, '/api/v1/bestaat-niet'),
      page(web, '/uploads/1/bestaat-niet.png'),
      web.inject({ method: 'POST', url: '/dashboard', headers: { accept: 'text/html' } }),
      web.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'application/json' } }),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: MESSAGES.notFound });
    }
  });

  it('should serve only the API when WEB_DIST has no index.html', async () => {
    const response = await page(ctx.app, '/dashboard');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: MESSAGES.notFound });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });
});
