/**
 * The committed OpenAPI document (openapi/openapi.json) must match the server, every spec call implemented so far
 * keeps its calls.md operationId, and every operation in the document is exercised by an integration test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH, renderOpenApi } from './cli/openapi.ts';

type Doc = { paths: Record<string, Record<string, { operationId?: string }>> };

function operationIds(doc: Doc): string[] {
  return Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId ?? ''));
}

function testSources(dir: string): string {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts') && e.name !== 'openapi.test.ts')
    .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

describe('openapi/openapi.json', () => {
  it('is up to date (run `npm run openapi` after changing a route or schema)', async () => {
    const fresh = await renderOpenApi();
    const committed = fs.existsSync(OPENAPI_PATH) ? fs.readFileSync(OPENAPI_PATH, 'utf8') : '';
    expect(committed === fresh, 'openapi/openapi.json is stale: run npm run openapi').toBe(true);
  });

  it('every operation has an operationId and a test that calls its path', async () => {
    const doc = JSON.parse(await renderOpenApi()) as Doc;
    const ids = operationIds(doc);
    expect(ids).not.toContain('');
    expect(new Set(ids).size).toBe(ids.length);
    const sources = testSources(path.resolve(import.meta.dirname));
    const untested = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods)
        .filter(([method]) => {
          // A test calls the path with its params filled in: match the static prefix up to the first param.
          const prefix = p.split('{')[0] ?? p;
          const called =
            sources.includes(`'${prefix}`) || sources.includes(`\`${prefix}`) || sources.includes(`"${prefix}`);
          const needsMethod = method !== 'get';
          return !called || (needsMethod && !sources.includes(`method: '${method.toUpperCase()}'`));
        })
        .map(([method]) => `${method.toUpperCase()} ${p}`),
    );
    expect(untested).toEqual([]);
  });

  it('names the spec calls with their calls.md operationIds', async () => {
    const ids = operationIds(JSON.parse(await renderOpenApi()) as Doc);
    for (const id of ['getType', 'data', 'dataWithType', 'getDetail', 'hits']) expect(ids).toContain(id);
  });
});
