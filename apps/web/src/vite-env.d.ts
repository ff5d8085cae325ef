/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Optional API origin (default: same origin, `/api`). */
  readonly VITE_API_BASE?: string;
}

/** hls.js's package exports give the light build no types of its own: it is a subset of the full API. */
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
