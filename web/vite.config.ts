// Build: `vite build` -> dist/ (served by `hearts serve --web-dir web/dist`), then
// scripts/compress.mjs writes .br and .gz copies beside the text files. No source maps:
// nothing served may include them (they would publish the sources and cost a download).
// Dev: `vite` proxies /ws and /api to a running server (HEARTS_SERVER, default
// http://127.0.0.1:8080). Unit tests: Vitest with jsdom.
import { defineConfig } from 'vitest/config';

const server = process.env['HEARTS_SERVER'] ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022' },
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
