import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.OPENVOD_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // hls.js (~180 kB gz) is a lazy chunk loaded only by the title page.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // @openvod/contract's modules only declare zod schemas: the app imports types and `matchLocale`, so let
        // unused schema modules (and zod with them) drop out of the bundle.
        moduleSideEffects: (id: string) => (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) ? false : undefined),
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/media': { target: backend, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/media': { target: backend, changeOrigin: true },
    },
  },
});
