import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const backend = process.env.BACKEND_URL ?? 'http://localhost:8080';
const servicePrefixes = ['/auth', '/model', '/messageServer/v1', '/filemanager', '/wisdompower', '/devicedata'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // zod configured for the CSP wherever it loads (src/app/zodJitless.ts), not by the entry chunk.
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/app/zodJitless.ts', import.meta.url)) }] },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(servicePrefixes.map((p) => [p, { target: backend, changeOrigin: true }])),
      '/messageServer/websocket': { target: backend, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
  },
  worker: { format: 'es' },
});
