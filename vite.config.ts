import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const backend = process.env.BACKEND_URL ?? 'http://localhost:8080';
const servicePrefixes = ['/auth', '/model', '/messageServer/v1', '/filemanager', '/wisdompower', '/devicedata'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    // exceljs (~930 kB) is its own lazily loaded chunk, fetched only when a table is exported.
    chunkSizeWarningLimit: 1000,
  },
  worker: { format: 'es' },
});
