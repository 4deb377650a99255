import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress.mjs';
import { page, shared } from './vite.config.ts';

/**
 * /embed.js, the snippet customers paste in their website (src/embed/snippet.ts), as one classic
 * script (an IIFE that sets `window.LoopEmbed`), after the app's and the answering page's builds
 * into the same dist/. No React, nothing of the app: only core's small embed protocol.
 */
export default defineConfig({
  resolve: shared.resolve,
  plugins: [precompress()],
  build: {
    target: 'es2020',
    emptyOutDir: false,
    copyPublicDir: false,
    minify: true,
    lib: {
      entry: page('./src/embed/snippet.ts'),
      formats: ['iife'],
      name: 'LoopEmbed',
      fileName: () => 'embed.js',
    },
  },
});
