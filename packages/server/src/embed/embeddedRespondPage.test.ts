import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { EMBED_META } from '@loop/core/surveys/embed';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveys } from '../db/schema';
import { EMBED_SCRIPT_CACHE } from '../http/staticFiles';
import { call, createSurvey, personalLinks, publicToken } from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization } from '../testing/surveyTesting';
import { createTestContext, type TestContext } from '../testing/testApp';
import { EMBED_CACHE_TTL_MS } from './embedOriginsCache';

const RESPOND_HTML =
  '<!doctype html><html lang="nl"><head><script type="module" src="/assets/respond-Ef34Gh.js"></script></head><body><div id="root"></div></body></html>';
const EMBED_JS = '(()=>{"use strict";})();\n';
const KLANT = 'https://www.klant.nl';

let ctx: TestContext;
let web: FastifyInstance;
let org: SurveyOrganization;
let surveyId: number;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const webDist = join(ctx.dataDir, 'web-dist');
  await mkdir(join(webDist, 'assets'), { recursive: true });
  await writeFile(join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  await writeFile(join(webDist, 'respond.html'), RESPOND_HTML);
  await writeFile(join(webDist, 'embed.js'), EMBED_JS);
  // What the build's precompression writes beside it (scripts/precompress.mjs).
  await writeFile(join(webDist, 'embed.js.br'), brotliCompressSync(EMBED_JS));
  web = await ctx.buildApp({ config: { webDist } });
  org = await surveyOrganization(ctx, 'Klant BV');
  const survey = await createSurvey(ctx, org);
  surveyId = survey.id;
  token = await publicToken(ctx, org, survey.id);
  await call(ctx, org, 'PUT', `/surveys/${survey.id}/embed`, { origins: [KLANT] });
});

afterAll(async () => {
  await ctx?.close();
});

const page = (url: string) =>
  web.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

const embedded = (linkToken: string, origin = KLANT) =>
  page(`/respond/${linkToken}?loop_embed=${encodeURIComponent(origin)}`);

const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

describe('the answering page in a frame (R-EMBED-2)', () => {
  it('should let the listed origins and Loop itself frame an embedded load, without X-Frame-Options', async () => {
    const response = await embedded(token);
    expect(response.statusCode).toBe(200);
    expect(frameAncestors(response.headers['content-security-policy'])).toBe(`'self' ${KLANT}`);
    expect(response.headers['x-frame-options']).toBeUndefined();
    // The rest of the policy is the app's: still no inline script.
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self';");
    expect(response.body).toContain(`<meta name="${EMBED_META}" content="${KLANT}">`);
  });

  it("should keep today's headers for a load that does not ask to be embedded", async () => {
    const response = await page(`/respond/${token}`);
    expect(frameAncestors(response.headers['content-security-policy'])).toBe("'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.body).not.toContain(EMBED_META);
  });

  it('should keep them for an unknown or malformed link, asked to be embedded or not', async () => {
    for (const url of [
      '/respond/AbC_12-xyzAbC_12-xyzAbC_12-xyz00?loop_embed=https%3A%2F%2Fwww.klant.nl',
      '/respond/kort?loop_embed=https%3A%2F%2Fwww.klant.nl',
      '/respond/?loop_embed=x',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(frameAncestors(response.headers['content-security-policy']), url).toBe("'none'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('should frame a personal link of the survey the same way', async () => {
    const [personal] = await personalLinks(ctx, org, surveyId, 1);
    const response = await embedded(personal as string);
    expect(frameAncestors(response.headers['content-security-policy'])).toBe(`'self' ${KLANT}`);
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it("should follow a change of the origins at once on this server, and within the cache's time on others", async () => {
    const other = await createSurvey(ctx, org);
    const otherToken = await publicToken(ctx, org, other.id);
    expect(frameAncestors((await embedded(otherToken)).headers['content-security-policy'])).toBe("'self'");
    // Saved through this server (ctx.app is another instance with its own cache).
    await call({ app: web }, org, 'PUT', `/surveys/${other.id}/embed`, {
      origins: ['https://a.nl', 'https://b.nl'],
    });
    expect(frameAncestors((await embedded(otherToken)).headers['content-security-policy'])).toBe(
      "'self' https://a.nl https://b.nl",
    );
    // Another instance wrote the list: this one keeps its answer until the cache time is over.
    await ctx.db
      .update(surveys)
      .set({ embedOrigins: ['https://c.nl'] })
      .where(eq(surveys.id, other.id));
    expect(frameAncestors((await embedded(otherToken)).headers['content-security-policy'])).toBe(
      "'self' https://a.nl https://b.nl",
    );
    ctx.clock.advance(EMBED_CACHE_TTL_MS + 1);
    expect(frameAncestors((await embedded(otherToken)).headers['content-security-policy'])).toBe(
      "'self' https://c.nl",
    );
  });
});

describe('/embed.js (R-EMBED-6)', () => {
  it('should be served to other origins with an hour of cache, as it is and precompressed', async () => {
    const plain = await web.inject({ method: 'GET', url: '/embed.js' });
    expect(plain.body).toBe(EMBED_JS);
    const compressed = await web.inject({
      method: 'GET',
      url: '/embed.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(EMBED_JS);
    for (const response of [plain, compressed]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['cache-control']).toBe(EMBED_SCRIPT_CACHE);
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('the share step’s preview page (R-EMBED-8)', () => {
  it('should run the pasted code on a page only Loop may frame', async () => {
    const response = await web.inject({
      method: 'GET',
      url: `/embed/preview/${token}?mode=slide-in&delay=3`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(frameAncestors(response.headers['content-security-policy'])).toBe("'self'");
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.body).toContain(
      `<script src="/embed.js" data-survey="${token}" data-mode="slide-in" data-delay="3" data-repeat="true" async></script>`,
    );
    const inline = await web.inject({ method: 'GET', url: `/embed/preview/${token}` });
    expect(inline.body).toContain('<div id="loop-survey"></div>');
    expect(inline.body).toContain('data-target="#loop-survey"');
  });

  it('should answer 404 for a malformed token', async () => {
    const response = await web.inject({ method: 'GET', url: '/embed/preview/kort%22%3E' });
    expect(response.statusCode).toBe(404);
  });
});
