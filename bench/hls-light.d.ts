/**
 * Types of hls.js's light build for the app modules offline.ts types its bench page by (as
 * apps/web/src/vite-env.d.ts declares them for the app: the package gives the light build no types of its own).
 */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
