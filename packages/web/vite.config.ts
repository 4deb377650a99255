import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin, type UserConfig } from 'vite';
import { precompress } from '../../scripts/precompress.mjs';
import { restParameters } from '../../scripts/restParameters.mjs';

const api = process.env.LOOP_API_ORIGIN ?? 'http://localhost:3000';

export const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/**
 * The answering page is a page of its own (respond.html), so a respondent loads neither the app's
 * router nor its container. The dev server's history fallback would answer index.html; this sends
 * /respond/<token> to respond.html, as the Loop server does in production (staticFiles.ts).
 */
const respondPage = (): Plugin => ({
  name: 'loop-respond-page',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const path = request.url?.split('?')[0] ?? '';
      if (request.method === 'GET' && path.startsWith('/respond/')) request.url = '/respond.html';
      // The shared results page (R-SHARE-7), likewise a page of its own.
      if (request.method === 'GET' && path.startsWith('/gedeeld/')) request.url = '/shared.html';
      next();
    });
  },
});

/** What the app's build and the answering page's build (vite.respond.config.ts) share. */
export const shared = {
  // Both builds precompress what they wrote (brotli 11, gzip 9): the server sends those files as they are.
  plugins: [react(), precompress()],
  // Workspace packages publish their TypeScript under the `source` condition: no build step between them.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { target: 'es2022', sourcemap: false },
} satisfies UserConfig;

/**
 * The app (index.html). `vite build` with this config empties dist/ first; the package's build
 * script then builds respond.html with vite.respond.config.ts into the same folder.
 */
export default defineConfig({
  ...shared,
  // DOMPurify as fast minified as it is unminified (scripts/restParameters.mjs).
  plugins: [...shared.plugins, respondPage(), restParameters()],
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/uploads': { target: api, changeOrigin: true },
      // The share step's embedding preview and /embed.js (built with \`build\`) come from the server.
      '/embed': { target: api, changeOrigin: true },
    },
  },
  build: {
    ...shared.build,
    rolldownOptions: { input: { main: page('./index.html') } },
  },
});
