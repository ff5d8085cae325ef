import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const backend = process.env.OPENVOD_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: './',
  plugins: [
    react(),
    // PWA app shell (issue 4: "the home page still shows content with the server stopped"): a generated service
    // worker (dist/sw.js) precaches the built JS/CSS/HTML/icons and answers page loads with index.html when the
    // network is gone; the home page then shows the data cached on the device (features/catalogue/homeCache.ts).
    // API calls and media are never cached by it. `autoUpdate`: a new build's worker takes over at once and
    // src/pwa.ts reloads open pages, so nobody keeps a stale app. Registered by src/main.tsx (production only).
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      strategies: 'generateSW',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'OpenVod',
        short_name: 'OpenVod',
        description: 'OpenVod',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        // The dark theme's page colour (--ov-bg in src/app/global.css, <meta name="theme-color"> in index.html).
        theme_color: '#0e0f13',
        background_color: '#0e0f13',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // hls.js and the lazy pages are a few hundred kB: precache every chunk so any page opens offline.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/media\//, /^\/admin(\/|$)/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [],
      },
    }),
  ],
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
