/**
 * The import rules of ../shared/DESIGN.md §1, enforced by `npm run check` (`npm run depcruise`). Each rule names
 * what it forbids; `npm run depcruise` prints every violation with the rule's name and fails.
 *
 * Server modules (apps/server/src/modules/<m>/):
 * - no cycle between modules (folder level: module A importing B while B, through any of its files, imports A);
 * - a module imports from another module only that module's public surface: its `index.ts` (re-exports of the
 *   helpers it offers others) or one of its `*.service.ts` files. Never a repo (`*.repo.ts`), routes, jobs or any
 *   other internal file.
 * - the core (apps/server/src/core/) imports no module.
 * Demo code (apps/server/src/demo/: the demo content, its media, the large-catalogue seeder):
 * - it reaches a module only through that module's public surface (index.ts or a *.service.ts file), as modules do;
 * - no module and nothing in the core imports it: the product runs without it.
 * Web features (apps/web/src/features/<f>/):
 * - a feature imports from another feature only that feature's public surface, its `index.ts` (re-exports of what
 *   other features use; apps/web/vite.config.ts keeps these files out of the chunks that take nothing from them).
 *   Composition happens in apps/web/src/app/, which may import any feature file.
 * Workspaces:
 * - apps/* never import each other (they share only packages/contract);
 * - nothing outside e2e/ imports from e2e/, nothing outside bench/ from bench/;
 * - packages/contract imports only zod.
 * Test files and test helpers are not cruised (see TESTS below).
 */
// Tests and their helpers are left out of the graph: they may reach into other modules to set up rows, and the
// folder-level cycle rule would otherwise count a test's imports as its module's.
const TESTS = '(\\.test\\.tsx?|/test-helpers\\.ts|/test-renderer\\.ts|/test/harness\\.ts|/test/preflight\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-module-cycle',
      severity: 'error',
      comment: 'Modules must not import each other in a loop: the one that reacts subscribes to an event instead.',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+' },
      to: { circular: true, path: '^apps/server/src/modules/[^/]+' },
    },
    {
      name: 'server-module-internals',
      severity: 'error',
      comment:
        'Another module is reached through its index.ts or a *.service.ts file only, never its repo or internals.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/(index|[^/]+\\.service)\\.ts$'],
      },
    },
    {
      name: 'server-core-imports-module',
      severity: 'error',
      comment: 'The core is what modules stand on; it names no module.',
      from: { path: '^apps/server/src/core/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-demo-internals',
      severity: 'error',
      comment: 'Demo code reaches a module through its index.ts or a *.service.ts file only, as other modules do.',
      from: { path: '^apps/server/src/demo/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: '^apps/server/src/modules/[^/]+/(index|[^/]+\\.service)\\.ts$',
      },
    },
    {
      name: 'server-imports-demo',
      severity: 'error',
      comment: 'Modules and the core never depend on the demo content (src/demo/); main.ts starts it.',
      from: { path: '^apps/server/src/(modules|core)/' },
      to: { path: '^apps/server/src/demo/' },
    },
    {
      name: 'web-feature-internals',
      severity: 'error',
      comment: "A web feature reaches another feature through its index.ts only, never the feature's other files.",
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'apps-import-each-other',
      severity: 'error',
      comment: 'apps/* share only packages/contract.',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'import-from-e2e',
      severity: 'error',
      comment: 'e2e/ drives the product from outside; nothing depends on it.',
      from: { pathNot: '^e2e/' },
      to: { path: '^e2e/' },
    },
    {
      name: 'import-from-bench',
      severity: 'error',
      comment: 'bench/ measures the product from outside; nothing depends on it.',
      from: { pathNot: '^bench/' },
      to: { path: '^bench/' },
    },
    {
      name: 'contract-imports-beyond-zod',
      severity: 'error',
      comment:
        'packages/contract is shared by every app: zod and its own files only (its scripts/, run by `npm run routes` ' +
        'at development time, may use node:fs).',
      from: { path: '^packages/contract/src/' },
      to: { pathNot: ['^packages/contract/', '(^|/)node_modules/zod/'] },
    },
  ],
  options: {
    // Type-only imports count: a type import of another module's repo is still a dependency on it.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(node_modules|dist|test-results|playwright-report|\\.tmp|\\.data[^/]*|data)/', TESTS] },
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
