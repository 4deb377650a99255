import { defineConfig, type Plugin } from 'vite';
import { page, shared } from './vite.config.ts';

/**
 * Vite wraps every `import()` in its preload helper, which fetches the lazy chunk's stylesheets and
 * preloaded imports first and fires `vite:preloadError` when one fails. This page's lazy chunks (a
 * language catalogue, the frame's messaging) have neither, `modulePreload` is off and nothing listens
 * for that event: the helper was 0.7 kB gzip of the page's budget that did nothing. Here it calls
 * the import and nothing else, so a chunk that cannot load rejects as a plain `import()` does. A lazy
 * chunk with a stylesheet would need the real helper: the build fails then.
 */
const plainDynamicImports = (): Plugin => ({
  name: 'loop-plain-dynamic-imports',
  enforce: 'pre',
  load(id) {
    return id === '\0vite/preload-helper.js' ? 'export const __vitePreload = (load) => load();' : null;
  },
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type === 'chunk' && chunk.isDynamicEntry && (chunk.viteMetadata?.importedCss.size ?? 0) > 0)
        this.error(`${chunk.fileName} has a stylesheet, which a plain import() does not load`);
    }
  },
});

export default defineConfig({
  ...shared,
  plugins: [plainDynamicImports(), ...shared.plugins],
  build: {
    ...shared.build,
    // The app's build has just written dist/ (and copied public/): keep both.
    emptyOutDir: false,
    modulePreload: false,
    copyPublicDir: false,
    rolldownOptions: { input: { respond: page('./respond.html') } },
  },
});
