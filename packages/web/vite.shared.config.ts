import { defineConfig } from 'vite';
import { page, shared } from './vite.config.ts';

/**
 * The shared results page (shared.html, `/gedeeld/<token>`) as a build of its own, after the app's
 * into the same dist/, like the answering page (vite.respond.config.ts): one script and one
 * stylesheet, nothing of the app's router or container (budget: 110 kB gzip, R-SHARE-7).
 */
export default defineConfig({
  ...shared,
  build: {
    ...shared.build,
    emptyOutDir: false,
    modulePreload: false,
    copyPublicDir: false,
    rolldownOptions: { input: { shared: page('./shared.html') } },
  },
});
