/**
 * Precompression of the built web app: beside every text file of `dist/` a `.br` (brotli, quality
 * 11) and a `.gz` (gzip, level 9), made once at build time, which the server sends as they are
 * (@fastify/static `preCompressed`) instead of compressing every answer again at a fast level.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The file types worth compressing; images and fonts are compressed formats already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** @param {string} path */
const mtimeOf = async (path) => (await stat(path).catch(() => null))?.mtimeMs ?? -1;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir` (every one, however
 * small: a file without its variants would be compressed again on each request). Variants newer than
 * their file are kept, so a second build into the same folder compresses only its own files.
 * Answers the files it compressed.
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
export async function precompressDir(dir) {
  /** @type {Promise<string | null>[]} */
  const work = [];
  for await (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(extname(path))) continue;
    work.push(
      (async () => {
        const changed = await mtimeOf(path);
        if ((await mtimeOf(`${path}.br`)) >= changed && (await mtimeOf(`${path}.gz`)) >= changed) return null;
        const bytes = await readFile(path);
        const [br, gz] = await Promise.all([
          brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        return path;
      })(),
    );
  }
  return (await Promise.all(work)).filter((path) => path !== null).sort();
}

/**
 * The Vite plugin: precompresses the output folder once the build has written it.
 * @returns {import('vite').Plugin}
 */
export function precompress() {
  let outDir = '';
  return {
    name: 'loop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
