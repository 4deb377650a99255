import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const api = process.env.LOOP_API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
  },
});
