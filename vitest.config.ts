import { defineConfig } from 'vitest/config';

/** One runner for every workspace (DESIGN.md §6): each project has its own vitest.config.ts. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
