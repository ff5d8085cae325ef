/**
 * A feature's index.ts is its public surface, the only file other features may import (.dependency-cruiser.cjs
 * `web-feature-internals`). The build declares these files free of side effects (vite.config.ts, treeshake), so one
 * name taken from an index does not bundle the rest: that holds only while an index does nothing but re-export.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const FEATURES = import.meta.dirname;
const indexes = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`${FEATURES}/${entry.name}/index.ts`))
  .map((entry) => entry.name);

const RE_EXPORT = /^export\s+(type\s+)?(\{[^}]*\}|\*(\s+as\s+\w+)?)\s+from\s+'\.\/[^']+'$/;

describe('features/<f>/index.ts', () => {
  it('exist for the features others use', () => {
    expect(indexes).toEqual(expect.arrayContaining(['account', 'ads', 'danmaku', 'player', 'smallvideo']));
  });

  it.each(indexes)('%s/index.ts only re-exports its own files', (feature) => {
    const code = readFileSync(`${FEATURES}/${feature}/index.ts`, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const statements = code
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) expect(statement).toMatch(RE_EXPORT);
  });
});
