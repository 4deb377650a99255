import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/** `./loop.mjs` runs by itself on a Unix shell: the file is executable, its first line names Node. */
const executable = (): Plugin => ({
  name: 'loop-executable',
  async writeBundle(options, bundle) {
    for (const name of Object.keys(bundle)) await chmod(join(options.dir ?? 'dist', name), 0o755);
  },
});

/**
 * The command `loop` as one file Node runs as it is: our sources import without file extensions
 * (moduleResolution Bundler), which Node's own loader refuses, so the build bundles core, the
 * adapters' HTTP entry, ofetch and the webhook library into dist/loop.mjs. Node built-ins stay imports.
 */
export default defineConfig({
  plugins: [executable()],
  ssr: {
    noExternal: true,
    target: 'node',
    // ofetch's Node build carries a fetch polyfill (node-fetch-native) for Nodes without one; Node 22
    // and 24 have the standard fetch, which ofetch's WinterCG build uses: 140 kB less.
    resolve: { conditions: ['wintercg', 'source', 'module', 'node', 'development|production'] },
  },
  build: {
    ssr: 'src/main.ts',
    outDir: 'dist',
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    rolldownOptions: {
      output: { entryFileNames: 'loop.mjs', banner: '#!/usr/bin/env node', codeSplitting: false },
    },
  },
});
