#!/usr/bin/env node
/**
 * Builds what the server runs: the contract and the server (tsc, into each package's `dist/`), the viewer app and
 * the console (vite, into `apps/web/dist` and `apps/admin/dist`). Plain JavaScript, so it runs before anything is
 * compiled and without tsx (a development dependency).
 *
 *   node scripts/build.mjs                     build every target (`npm run build`)
 *   node scripts/build.mjs --if-changed        build only the targets whose sources changed (`npm start`)
 *   node scripts/build.mjs --if-changed server build one target (and nothing else) only when it changed
 *
 * "Changed" is decided by a hash, not by file times (a `git checkout` or a copy touches every file): SHA-256 over
 * the relative path and content of every input file of the target (its sources, configs and package.json, the
 * contract's sources for every target that imports it, tsconfig.base.json and package-lock.json; test files are
 * left out). After a successful build the hash is written to `<package>/dist/.build-stamp`; with `--if-changed` a
 * target whose stamp holds the current hash is skipped. Delete the stamp (or the dist folder) to force a build.
 *
 * Exit code: 0, or the failing build's code.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const STAMP = '.build-stamp';
const SHARED = ['tsconfig.base.json', 'package-lock.json'];
const CONTRACT = [
  'packages/contract/src',
  'packages/contract/package.json',
  'packages/contract/tsconfig.json',
  'packages/contract/tsconfig.build.json',
];

/**
 * The targets in build order: `dir` (the workspace), `inputs` (files or folders, relative to the repository),
 * `clean` (remove dist first: tsc leaves the output of deleted sources behind; vite empties its own outDir).
 */
const TARGETS = [
  { name: 'contract', dir: 'packages/contract', clean: true, inputs: [...SHARED, ...CONTRACT] },
  {
    name: 'server',
    dir: 'apps/server',
    clean: true,
    inputs: [
      ...SHARED,
      ...CONTRACT,
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'apps/server/tsconfig.build.json',
    ],
  },
  {
    name: 'web',
    dir: 'apps/web',
    clean: false,
    inputs: [
      ...SHARED,
      ...CONTRACT,
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
    ],
  },
  {
    name: 'admin',
    dir: 'apps/admin',
    clean: false,
    inputs: [
      ...SHARED,
      ...CONTRACT,
      'apps/admin/src',
      'apps/admin/public',
      'apps/admin/index.html',
      'apps/admin/vite.config.ts',
      'apps/admin/package.json',
    ],
  },
];

const TEST_FILE = /\.test\.tsx?$/;

/** Every file under `rel` (a file or folder relative to ROOT), sorted, test files left out; [] when it is missing. */
function filesOf(rel) {
  const abs = path.join(ROOT, rel);
  let stat;
  try {
    stat = fs.statSync(abs);
  } catch {
    return [];
  }
  if (stat.isFile()) return [rel];
  return fs
    .readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && !TEST_FILE.test(d.name))
    .map((d) => path.relative(ROOT, path.join(d.parentPath, d.name)))
    .sort();
}

/** Hex SHA-256 over the relative path and content of every input file of `target`. */
function hashOf(target) {
  const hash = createHash('sha256');
  for (const file of [...new Set(target.inputs.flatMap(filesOf))].sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp(target) {
  try {
    return fs.readFileSync(path.join(ROOT, target.dir, 'dist', STAMP), 'utf8').trim();
  } catch {
    return undefined;
  }
}

const args = process.argv.slice(2);
const ifChanged = args.includes('--if-changed');
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !TARGETS.some((t) => t.name === n));
if (unknown.length > 0) {
  process.stderr.write(
    `build: unknown target ${unknown.join(', ')} (targets: ${TARGETS.map((t) => t.name).join(', ')})\n`,
  );
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
for (const target of TARGETS.filter((t) => names.length === 0 || names.includes(t.name))) {
  const hash = hashOf(target);
  if (ifChanged && readStamp(target) === hash) {
    process.stdout.write(`build: ${target.name} is up to date (${target.dir}/dist/${STAMP})\n`);
    continue;
  }
  const started = Date.now();
  process.stdout.write(`build: ${target.name} (${target.dir})\n`);
  const dist = path.join(ROOT, target.dir, 'dist');
  if (target.clean) fs.rmSync(dist, { recursive: true, force: true });
  else fs.rmSync(path.join(dist, STAMP), { force: true });
  const run = spawnSync(npm, ['run', 'build', '-w', target.dir], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) {
    process.stderr.write(`build: ${target.name} failed\n`);
    process.exit(run.status ?? 1);
  }
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, STAMP), `${hash}\n`);
  process.stdout.write(`build: ${target.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
