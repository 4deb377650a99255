import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.mjs';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loop-precompress-'));
  await mkdir(join(dir, 'assets'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SCRIPT = `export const answer = ${JSON.stringify('Volgende vraag '.repeat(400))};\n`;

describe('precompressDir', () => {
  it('should write brotli and gzip variants that decompress to the very same bytes', async () => {
    await writeFile(join(dir, 'assets', 'respond-Ab12.js'), SCRIPT);
    await writeFile(join(dir, 'respond.html'), '<!doctype html><title>Survey</title>');
    await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

    const done = await precompressDir(dir);

    expect(done).toEqual([
      join(dir, 'assets', 'respond-Ab12.js'),
      join(dir, 'favicon.svg'),
      join(dir, 'respond.html'),
    ]);
    for (const file of done) {
      const original = await readFile(file);
      expect(brotliDecompressSync(await readFile(`${file}.br`)).equals(original), file).toBe(true);
      expect(gunzipSync(await readFile(`${file}.gz`)).equals(original), file).toBe(true);
    }
    // Quality 11 on text: far smaller than the original.
    expect((await stat(join(dir, 'assets', 'respond-Ab12.js.br'))).size).toBeLessThan(SCRIPT.length / 20);
  });

  it('should leave compressed formats alone and not compress its own variants again', async () => {
    await writeFile(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await writeFile(join(dir, 'app.js'), SCRIPT);
    await precompressDir(dir);
    await expect(stat(join(dir, 'logo.png.br'))).rejects.toThrow();
    await expect(stat(join(dir, 'app.js.br.br'))).rejects.toThrow();
    await expect(stat(join(dir, 'app.js.gz.gz'))).rejects.toThrow();
  });

  it('should compress only files changed since their variants were made (a second build into the same folder)', async () => {
    await writeFile(join(dir, 'main.js'), SCRIPT);
    expect(await precompressDir(dir)).toEqual([join(dir, 'main.js')]);
    await writeFile(join(dir, 'respond.js'), SCRIPT);
    expect(await precompressDir(dir)).toEqual([join(dir, 'respond.js')]);

    // A file rewritten after its variants were made gets new ones.
    const later = new Date(Date.now() + 60_000);
    await writeFile(join(dir, 'main.js'), 'export const changed = true;\n');
    await utimes(join(dir, 'main.js'), later, later);
    expect(await precompressDir(dir)).toEqual([join(dir, 'main.js')]);
    expect(brotliDecompressSync(await readFile(join(dir, 'main.js.br'))).toString()).toBe(
      'export const changed = true;\n',
    );
  });
});
