import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/testApp';

const INDEX_HTML = '<!doctype html><html lang="nl"><head><title>Loop</title></head><body></body></html>';
const SHARED_HTML =
  '<!doctype html><html lang="nl"><head><meta name="robots" content="noindex, nofollow"><script type="module" src="/assets/shared-Ab12.js"></script></head><body><div id="root"></div></body></html>';
const TOKEN = 'AbC_12-xyzAbC_12-xyzAbC_12-xyz00';

let ctx: TestContext;
let web: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  const webDist = join(ctx.dataDir, 'web-dist-shared');
  await mkdir(webDist, { recursive: true });
  await writeFile(join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(join(webDist, 'shared.html'), SHARED_HTML);
  web = await ctx.buildApp({ config: { webDist } });
});

afterAll(async () => {
  await ctx?.close();
});

const page = (url: string) =>
  web.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

describe('the shared results page (R-SHARE-7, R-SHARE-8)', () => {
  it('should serve shared.html for /gedeeld/<token>, never indexed, with its one request preloaded', async () => {
    const response = await page(`/gedeeld/${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('/assets/shared-Ab12.js');
    expect(response.body).toContain(
      `<link rel="preload" as="fetch" crossorigin href="/api/v1/shared-results/${TOKEN}">`,
    );
    // The app's own pages stay the app's.
    expect((await page('/dashboard')).body).toBe(INDEX_HTML);
  });

  it('should write nothing of an address that is no token into the page', async () => {
    for (const url of ['/gedeeld/', '/gedeeld/%22%3E%3Cscript%3E', '/gedeeld/kort']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(SHARED_HTML);
      expect(response.headers['x-robots-tag'], url).toBe('noindex, nofollow');
    }
  });
});
