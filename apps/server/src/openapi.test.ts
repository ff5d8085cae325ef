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

/** A request a test makes: `app.inject('/url')`, or `app.inject({ method, url, ... })` with literal values. */
interface Call {
  method: string;
  /** Path only: query string dropped, each template expression `${...}` replaced by `{}`. */
  url: string;
}

const QUOTES = new Set(["'", '"', '`']);
const OPENERS: Record<string, string> = { '{': '}', '(': ')', '[': ']' };

/** Index just past the comment starting at `i`, or `i` when there is none. */
function skipComment(src: string, i: number): number {
  if (src.startsWith('//', i)) {
    const nl = src.indexOf('\n', i);
    return nl < 0 ? src.length : nl + 1;
  }
  if (src.startsWith('/*', i)) {
    const close = src.indexOf('*/', i + 2);
    return close < 0 ? src.length : close + 2;
  }
  return i;
}

/** The string or template literal opening at `i`: its text (`${...}` as `{}`) and the index just past it. */
function readLiteral(src: string, i: number): { text: string; end: number } {
  const quote = src[i];
  let text = '';
  let j = i + 1;
  while (j < src.length) {
    const c = src[j] as string;
    if (c === '\\') {
      text += src[j + 1] ?? '';
      j += 2;
    } else if (c === quote) {
      return { text, end: j + 1 };
    } else if (quote === '`' && c === '$' && src[j + 1] === '{') {
      text += '{}';
      j = skipBalanced(src, j + 1);
    } else {
      text += c;
      j++;
    }
  }
  throw new Error(`unterminated literal at ${i}`);
}

/** Index just past the bracket that closes the one at `i`, skipping literals and comments inside. */
function skipBalanced(src: string, i: number): number {
  const stack = [OPENERS[src[i] as string]];
  let j = i + 1;
  while (j < src.length && stack.length > 0) {
    const c = src[j] as string;
    const afterComment = skipComment(src, j);
    if (afterComment !== j) j = afterComment;
    else if (QUOTES.has(c)) j = readLiteral(src, j).end;
    else {
      if (OPENERS[c]) stack.push(OPENERS[c]);
      else if (c === stack[stack.length - 1]) stack.pop();
      j++;
    }
  }
  return j;
}

/**
 * The top-level properties of the object literal opening at `open`: a literal value as its text, any other value
 * (a variable, a call, a nested object) as null. Nested objects are skipped, so `payload: { url }` is not `url`.
 */
function topLevelProps(src: string, open: number): Map<string, string | null> {
  const props = new Map<string, string | null>();
  const key = /([A-Za-z_$][\w$]*)\s*:\s*/y;
  let atKey = true; // just after `{` or `,`
  let j = open + 1;
  while (j < src.length) {
    const c = src[j] as string;
    const afterComment = skipComment(src, j);
    if (afterComment !== j) {
      j = afterComment;
      continue;
    }
    if (c === '}') break;
    if (/\s/.test(c)) {
      j++;
      continue;
    }
    key.lastIndex = j;
    const m = atKey ? key.exec(src) : null;
    atKey = c === ',';
    if (m) {
      const valueAt = key.lastIndex;
      const literal = QUOTES.has(src[valueAt] as string) ? readLiteral(src, valueAt) : null;
      props.set(m[1] as string, literal?.text ?? null);
      j = literal?.end ?? valueAt;
    } else if (QUOTES.has(c)) j = readLiteral(src, j).end;
    else if (OPENERS[c]) j = skipBalanced(src, j);
    else j++;
  }
  return props;
}

/** Every `app.inject(...)` call in `src` whose method and URL are literals (others cannot be attributed). */
function injectCalls(src: string): Call[] {
  const calls: Call[] = [];
  for (const m of src.matchAll(/\bapp\.inject\(\s*/g)) {
    const at = (m.index ?? 0) + m[0].length;
    let method: string | null | undefined;
    let url: string | null | undefined;
    if (QUOTES.has(src[at] as string)) {
      url = readLiteral(src, at).text;
    } else if (src[at] === '{') {
      const props = topLevelProps(src, at);
      method = props.get('method');
      url = props.get('url');
      if (method === null) continue; // a variable method
    }
    if (!url) continue; // a variable URL
    calls.push({ method: (method ?? 'GET').toUpperCase(), url: url.replace(/[?#].*$/s, '') });
  }
  return calls;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/**
 * The operation (`METHOD /path/{param}`) a call reaches, like the router picks it: segments must match, `{param}`
 * takes any one segment, and a static segment wins over a param (`/api/vod/grouped` is not `/api/vod/{id}`).
 */
function operationFor(call: Call, operations: string[]): string | undefined {
  const segments = call.url.split('/');
  let best: { op: string; rank: string } | undefined;
  for (const op of operations) {
    const [method, opPath = ''] = op.split(' ');
    const opSegments = opPath.split('/');
    if (method !== call.method || opSegments.length !== segments.length) continue;
    let rank = '';
    const fits = opSegments.every((seg, i) => {
      const got = segments[i] as string;
      if (/^\{[^}]+\}$/.test(seg)) {
        rank += '0';
        return got !== '';
      }
      rank += '1';
      return seg === got;
    });
    if (fits && (!best || rank > best.rank)) best = { op, rank };
  }
  return best?.op;
}

/** Operations no call reaches. */
function untestedOperations(operations: string[], calls: Call[]): string[] {
  const reached = new Set(calls.map((c) => operationFor(c, operations)));
  return operations.filter((op) => !reached.has(op));
}

function operationsOf(doc: Doc): string[] {
  return Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.keys(methods)
      .filter((m) => HTTP_METHODS.has(m))
      .map((m) => `${m.toUpperCase()} ${p}`),
  );
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
    const calls = injectCalls(testSources(path.resolve(import.meta.dirname)));
    expect(untestedOperations(operationsOf(doc), calls)).toEqual([]);
  });

  it('names the spec calls with their calls.md operationIds', async () => {
    const ids = operationIds(JSON.parse(await renderOpenApi()) as Doc);
    for (const id of ['getType', 'data', 'dataWithType', 'getDetail', 'hits']) expect(ids).toContain(id);
  });
});

describe('the operation/test matcher', () => {
  const operations = [
    'GET /api/vod',
    'GET /api/vod/grouped',
    'GET /api/vod/{id}',
    'GET /api/vod/{id}/hits',
    'PATCH /api/vod/{id}',
    'POST /api/admin/import',
    'DELETE /api/admin/types/{id}',
    'GET /healthz',
  ];
  const source = `
    const a = await t.app.inject('/api/vod?limit=5&wd=\${q}');
    const b = await app.inject(\`/api/vod/\${ids[0]}/hits\`);
    const c = await t.app.inject({
      url: \`/api/vod/\${list.find((v) => v.id === 1)?.id}\`,
      headers: { ...h, 'accept-language': "it's" }, // a comment: don't
      method: 'PATCH',
    });
    await t.app.inject({ method: 'POST', headers: h, payload: { url: '/api/admin/types/1', method: 'DELETE' }, url: "/api/admin/import" });
    await fetch('/api/admin/types/2', { method: 'DELETE' });
    for (const u of urls) await t.app.inject(u);
    await t.app.inject({ method: verb, url: '/healthz' });
    await t.app.inject('/api/vod/grouped');
  `;

  it('reads method and URL from literal calls only, in any order and over several lines', () => {
    expect(injectCalls(source)).toEqual([
      { method: 'GET', url: '/api/vod' },
      { method: 'GET', url: '/api/vod/{}/hits' },
      { method: 'PATCH', url: '/api/vod/{}' },
      { method: 'POST', url: '/api/admin/import' },
      { method: 'GET', url: '/api/vod/grouped' },
    ]);
  });

  it('maps calls to operations, static segments first, and reports what no call reaches', () => {
    expect(operationFor({ method: 'GET', url: '/api/vod/42' }, operations)).toBe('GET /api/vod/{id}');
    expect(operationFor({ method: 'GET', url: '/api/vod/grouped' }, operations)).toBe('GET /api/vod/grouped');
    expect(operationFor({ method: 'POST', url: '/api/vod/42' }, operations)).toBeUndefined();
    // GET /api/vod/{id} is only reached through /grouped, which is another route; the DELETE and the healthz
    // call are not attributable (a fetch, a variable method), so they stay untested.
    expect(untestedOperations(operations, injectCalls(source))).toEqual([
      'GET /api/vod/{id}',
      'DELETE /api/admin/types/{id}',
      'GET /healthz',
    ]);
  });
});
