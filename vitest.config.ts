import { defineConfig } from 'vitest/config';

/**
 * One runner for every workspace (DESIGN.md §6): each project has its own vitest.config.ts. With `TEST_SCOPE=db`
 * (the PostgreSQL pass of .ci/run) only the server's tests run: the contract's, the viewer app's and the console's never reach a
 * database, and ran on the first pass.
 */
export default defineConfig({
  test: {
    projects:
      process.env.TEST_SCOPE === 'db'
        ? ['apps/server']
        : ['packages/contract', 'apps/server', 'apps/web', 'apps/admin'],
  },
});
