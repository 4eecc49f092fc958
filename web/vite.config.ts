// Build: `vite build` -> dist/ (served by `hearts serve --web-dir web/dist`).
// Dev: `vite` proxies /ws and /api to a running server (HEARTS_SERVER, default
// http://127.0.0.1:8080). Unit tests: Vitest with jsdom.
import { defineConfig } from 'vitest/config';

const server = process.env['HEARTS_SERVER'] ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022' },
  server: {
    proxy: {
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
      '/api': { target: server },
    },
  },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'jsdom',
  },
});
