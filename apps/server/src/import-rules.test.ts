/**
 * The import rules of .dependency-cruiser.cjs (DESIGN.md §1) catch what they name: a small tree laid out like the
 * repository, with one violation per rule and the allowed imports beside them, is cruised with the repository's
 * configuration by the same CLI `npm run depcruise` runs.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/** File path → content of the violating tree. */
const TREE: Record<string, string> = {
  'tsconfig.base.json': '{ "compilerOptions": { "allowImportingTsExtensions": true, "noEmit": true } }',
  // alpha reaches beta's repo (internals) besides its allowed index.ts and service; beta imports alpha back (cycle).
  'apps/server/src/modules/alpha/alpha.service.ts':
    "import { a } from '../beta/index.ts';\nimport { s } from '../beta/beta.service.ts';\n" +
    "import { r } from '../beta/beta.repo.ts';\nexport const alpha = a + s + r;\n",
  'apps/server/src/modules/beta/index.ts': "export { s as a } from './beta.service.ts';\n",
  'apps/server/src/modules/beta/beta.service.ts':
    "import { alpha } from '../alpha/alpha.service.ts';\nexport const s = 1;\nexport const back = () => alpha;\n",
  'apps/server/src/modules/beta/beta.repo.ts': 'export const r = 1;\n',
  // The core naming a module.
  'apps/server/src/core/core.ts': "import { a } from '../modules/beta/index.ts';\nexport const c = a;\n",
  // Demo code: beta's index.ts and service are allowed, its repo is not; a module and the core importing the demo.
  'apps/server/src/demo/seed.ts':
    "import { a } from '../modules/beta/index.ts';\nimport { s } from '../modules/beta/beta.service.ts';\n" +
    "import { r } from '../modules/beta/beta.repo.ts';\nexport const seed = a + s + r;\n",
  'apps/server/src/demo/demo-thing.ts': 'export const d = 1;\n',
  'apps/server/src/modules/gamma/gamma.service.ts':
    "import { d } from '../../demo/demo-thing.ts';\nexport const g = d;\n",
  'apps/server/src/core/demo-user.ts': "import { d } from '../demo/demo-thing.ts';\nexport const u = d;\n",
  // Web features: alpha takes beta's index (as a folder import, the app's form) and its own files, and reaches into
  // beta's internals; the app composes features and may import any of their files.
  'apps/web/src/features/alpha/Page.tsx':
    "import { b } from '../beta';\nimport { own } from './own.ts';\nimport { inner } from '../beta/inner.ts';\n" +
    'export const page = b + own + inner;\n',
  'apps/web/src/features/alpha/own.ts': 'export const own = 1;\n',
  'apps/web/src/features/beta/index.ts': "export { inner as b } from './inner.ts';\n",
  'apps/web/src/features/beta/inner.ts': 'export const inner = 1;\n',
  'apps/web/src/app/router.ts': "import { inner } from '../features/beta/inner.ts';\nexport const r = inner;\n",
  // One app importing another.
  'apps/web/src/main.ts': "import { x } from '../../admin/src/x.ts';\nexport const w = x;\n",
  'apps/admin/src/x.ts': 'export const x = 1;\n',
  // Product code importing the end-to-end tests and the benchmarks.
  'e2e/helper.ts': 'export const h = 1;\n',
  'bench/b.ts': 'export const b = 1;\n',
  'apps/server/src/uses-outside.ts':
    "import { h } from '../../../e2e/helper.ts';\nimport { b } from '../../../bench/b.ts';\nexport const u = h + b;\n",
  // The contract importing something besides zod.
  'packages/contract/src/index.ts': "import Fastify from 'fastify';\nexport const f = Fastify;\n",
};

let dir: string;
let violations: { rule: string; from: string; to: string }[];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-import-rules-'));
  for (const [file, content] of Object.entries(TREE)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  const bin = path.join(REPO, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const args = [bin, 'apps', 'packages', 'e2e', 'bench', '--config', path.join(REPO, '.dependency-cruiser.cjs')];
  // The CLI exits non-zero when it finds violations: its JSON report is on stdout either way.
  const out = await run(process.execPath, [...args, '--output-type', 'json'], { cwd: dir }).catch(
    (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
  );
  const report = JSON.parse(out.stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  violations = report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}, 120_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('import rules (.dependency-cruiser.cjs)', () => {
  const of = (rule: string) => violations.filter((v) => v.rule === rule);

  it('fail on a cycle between server modules', () => {
    const cycles = of('server-module-cycle');
    expect(cycles.length).toBeGreaterThan(0);
    expect(cycles.map((v) => `${v.from} ${v.to}`).join(' ')).toMatch(/modules\/alpha.*modules\/beta|beta.*alpha/);
  });

  it("fail on another module's repo, and only on it (index.ts and *.service.ts are allowed)", () => {
    expect(of('server-module-internals')).toEqual([
      {
        rule: 'server-module-internals',
        from: 'apps/server/src/modules/alpha/alpha.service.ts',
        to: 'apps/server/src/modules/beta/beta.repo.ts',
      },
    ]);
  });

  it('fail on the core importing a module', () => {
    expect(of('server-core-imports-module').map((v) => v.from)).toEqual(['apps/server/src/core/core.ts']);
  });

  it("fail on demo code reaching a module's repo, and only on it", () => {
    expect(of('server-demo-internals').map((v) => [v.from, v.to])).toEqual([
      ['apps/server/src/demo/seed.ts', 'apps/server/src/modules/beta/beta.repo.ts'],
    ]);
  });

  it('fail on a module or the core importing the demo', () => {
    expect(
      of('server-imports-demo')
        .map((v) => v.from)
        .sort(),
    ).toEqual(['apps/server/src/core/demo-user.ts', 'apps/server/src/modules/gamma/gamma.service.ts']);
  });

  it("fail on a web feature importing another feature's internals, and only on it (index.ts is allowed)", () => {
    expect(of('web-feature-internals').map((v) => [v.from, v.to])).toEqual([
      ['apps/web/src/features/alpha/Page.tsx', 'apps/web/src/features/beta/inner.ts'],
    ]);
  });

  it('fail on one app importing another', () => {
    expect(of('apps-import-each-other').map((v) => [v.from, v.to])).toEqual([
      ['apps/web/src/main.ts', 'apps/admin/src/x.ts'],
    ]);
  });

  it('fail on importing from e2e/ or bench/', () => {
    expect(of('import-from-e2e').map((v) => v.to)).toEqual(['e2e/helper.ts']);
    expect(of('import-from-bench').map((v) => v.to)).toEqual(['bench/b.ts']);
  });

  it('fail on the contract importing anything but zod', () => {
    expect(of('contract-imports-beyond-zod').map((v) => [v.from, v.to])).toEqual([
      ['packages/contract/src/index.ts', 'fastify'],
    ]);
  });
});
