import { defineConfig } from 'vitest/config';

/**
 * Server tests: unit tests and integration tests (buildApp + inject) on a fresh PGlite per file, or on a fresh
 * PostgreSQL database per file when DATABASE_URL is set (src/test/harness.ts).
 */
export default defineConfig({
  // @openvod/contract from its TypeScript sources, not its compiled dist (packages/contract/package.json "exports");
  // the rest resolve packages as Node does in production. Not vite's `module` condition: it picks bundler builds
  // such as the AWS SDK's dist-es, whose extensionless imports Node cannot load.
  ssr: { resolve: { conditions: ['@openvod/source', 'node', 'development|production'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // `*.pg.test.ts` need a PostgreSQL server (what they test does not exist on PGlite): the DATABASE_URL pass only.
    exclude: process.env.DATABASE_URL ? [] : ['src/**/*.pg.test.ts'],
    // Stops the run with the missing system packages named before any test starts (src/test/preflight.ts).
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
