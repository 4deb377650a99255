import { defineConfig } from 'vite';
import { page, shared } from './vite.config.ts';

/**
 * The answering page (respond.html) as a build of its own, after the app's into the same dist/.
 * Built beside the app, it shared chunks with it: nine files of 0.3–70 kB whose boundaries followed
 * the app's imports (9 kB of request and response headers alone). On its own it is one script and
 * one stylesheet, and a respondent never loads the app anyway, so there is no cache to share.
 */
export default defineConfig({
  ...shared,
  build: {
    ...shared.build,
    // The app's build has just written dist/ (and copied public/): keep both.
    emptyOutDir: false,
    modulePreload: false,
    copyPublicDir: false,
    rolldownOptions: { input: { respond: page('./respond.html') } },
  },
});
