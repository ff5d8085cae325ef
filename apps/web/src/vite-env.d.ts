/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Optional API origin (default: same origin, `/api`). */
  readonly VITE_API_BASE?: string;
}
