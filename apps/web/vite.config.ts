import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const backend = process.env.OPENVOD_API ?? 'http://127.0.0.1:8080';

const CONTRACT_SRC = /[\\/]packages[\\/]contract[\\/]src[\\/].+\.ts$/;
/** A feature's public surface (src/features/<f>/index.ts): re-exports only (see the treeshake option below). */
const FEATURE_INDEX = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

// biome-ignore lint/suspicious/noExplicitAny: ESTree nodes of `this.parse`, walked generically
type Node = any;

/** Whether `node` (an initializer) calls anything outside the functions it defines. */
function callsAtTopLevel(node: Node): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(callsAtTopLevel);
  if (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') return false;
  if (node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'TaggedTemplateExpression')
    return true;
  return Object.entries(node).some(([key, value]) => key !== 'parent' && callsAtTopLevel(value));
}

/**
 * @openvod/contract declares its zod schemas as top-level constants (`export const X = z.object(...)`): calls, so
 * the bundler keeps every schema (and zod, ~60 kB gzipped, plus the cost of building the schemas at start) of a
 * contract module the app takes one plain constant from (`AD_SLOT`, `ULOG_TYPE`, ...). The app validates nothing
 * with them (the server does), so each such initializer is wrapped in a pure-annotated IIFE, `/* @__PURE__ *\/ (() =>
 * X)()`: same value and order when used, dropped with zod when not (issue 4: zod stays out of the home route and
 * the title page's first scripts).
 */
function contractSchemasArePure(): Plugin {
  return {
    name: 'openvod:contract-schemas-are-pure',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_SRC.test(id.split('?')[0] ?? '')) return null;
      const program = this.parse(code) as Node;
      const edits: { at: number; text: string }[] = [];
      for (const statement of program.body as Node[]) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init;
          if (!init || !callsAtTopLevel(init)) continue;
          edits.push({ at: init.start, text: '/* @__PURE__ */ (() => (' }, { at: init.end, text: '))()' });
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const edit of edits.sort((a, b) => b.at - a.at))
        out = out.slice(0, edit.at) + edit.text + out.slice(edit.at);
      return { code: out, map: null };
    },
  };
}

export default defineConfig({
  base: './',
  // @openvod/contract from its TypeScript sources (packages/contract/package.json "exports"), which
  // contractSchemasArePure above transforms; its compiled dist is the Node server's.
  resolve: { conditions: ['@openvod/source', ...defaultClientConditions] },
  plugins: [
    react(),
    contractSchemasArePure(),
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
        // The dark theme's page colour (--ov-bg in src/styles/tokens.css). A static file: the page's own
        // <meta name="theme-color"> follows the operator's theme colour at run time (src/lib/themeColor.ts).
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
        // A feature's index.ts (its public surface, the only file other features import: .dependency-cruiser.cjs
        // `web-feature-internals`) only re-exports, so importing one name from it must not run or bundle the rest:
        // without this, the player's index would pull its watch-record store into every chunk that wants only
        // `resolveSelection`, and each index would become a chunk of its own. With it the build is what it was
        // when features imported each other's files directly.
        moduleSideEffects: (id: string) =>
          /[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) || FEATURE_INDEX.test(id) ? false : undefined,
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
