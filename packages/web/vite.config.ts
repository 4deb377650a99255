import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const api = process.env.LOOP_API_ORIGIN ?? 'http://localhost:3000';

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

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
      next();
    });
  },
});

export default defineConfig({
  plugins: [react(), respondPage()],
  // Workspace packages publish their TypeScript under the `source` condition: no build step between them.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/uploads': { target: api, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      input: { main: page('./index.html'), respond: page('./respond.html') },
    },
  },
});
