import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const backend = process.env.OPENVOD_API ?? 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: backend, changeOrigin: true },
  '/media': { target: backend, changeOrigin: true },
};

// The console is served by the server at /admin/ (index.html only; routing is hash-based).
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    // One React for the app, antd and TanStack Query.
    dedupe: ['react', 'react-dom'],
    // @openvod/contract from its TypeScript sources, not its compiled dist (packages/contract/package.json "exports").
    conditions: ['@openvod/source', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // antd is one large shared chunk; pages are lazy chunks.
    chunkSizeWarningLimit: 1500,
  },
  server: { host: '127.0.0.1', port: 5174, proxy },
  preview: { proxy },
});
