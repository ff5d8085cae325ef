/**
 * Bad input over every operation of the OpenAPI document (core/text-input.ts, core/errors.ts):
 * - a NUL character in any string parameter (query, path, JSON body at any depth) answers 400 in the envelope,
 *   never 5xx, for guests, members and the console alike;
 * - a path parameter over the router's 100 characters answers 414 in the envelope and the caller's language, not
 *   Fastify's own English `{"error":"Bad Request","code":"FST_ERR_MAX_PARAM_LENGTH"}`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from './core/i18n/messages.ts';
import { makeUser } from './modules/accounts/test-helpers.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

let t0: TestApp;
let memberHeaders: Record<string, string>;
let adminHeaders: Record<string, string>;
let doc: { paths: Record<string, Record<string, unknown>> };

beforeAll(async () => {
  t0 = await createTestApp();
  memberHeaders = (await makeUser(t0)).headers;
  adminHeaders = await t0.adminHeaders();
  await t0.app.ready();
  doc = t0.app.swagger() as unknown as typeof doc;
});
afterAll(async () => {
  await t0?.close();
});

/** The parts of an OpenAPI schema / parameter / operation these tests read. */
interface Schema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Param {
  in: string;
  name: string;
  schema?: Schema;
}
interface OpenApiOperation {
  operationId?: string;
  parameters?: Param[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface Operation {
  method: string;
  path: string;
  id: string;
  params: Param[];
  body?: Schema;
}

function operations(): Operation[] {
  const ops: Operation[] = [];
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item ?? {})) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      const o = op as OpenApiOperation;
      const body = o.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path: p,
        id: o.operationId ?? `${method} ${p}`,
        params: o.parameters ?? [],
        body,
      });
    }
  }
  return ops;
}

const isString = (s: Schema | undefined): boolean =>
  !!s && (s.type === 'string' || [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some((x) => isString(x)));

/** Paths (lists of keys) of every string property of a JSON body schema. */
function stringPaths(s: Schema | undefined, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (!s || depth > 6) return [];
  if (isString(s)) return [prefix];
  const out: (string | number)[][] = [];
  for (const [k, v] of Object.entries(s.properties ?? {})) out.push(...stringPaths(v, [...prefix, k], depth + 1));
  if (s.type === 'array' && s.items) out.push(...stringPaths(s.items, [...prefix, 0], depth + 1));
  for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    out.push(...stringPaths(alt, prefix, depth + 1));
  }
  return out;
}

function withValue(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') return [withValue(rest, value)];
  return { [head as string]: withValue(rest, value) };
}

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `203.0.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};

function fillPath(op: Operation, override: Record<string, string> = {}): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name in override) return encodeURIComponent(override[name] as string);
    const schema = op.params.find((p) => p.in === 'path' && p.name === name)?.schema;
    if (schema?.enum?.length) return String(schema.enum[0]);
    return isString(schema) ? 'abc' : '1';
  });
}

const headersFor = (op: Operation, lang = 'en-US') => ({
  ...(op.path.startsWith('/api/admin') ? adminHeaders : memberHeaders),
  'accept-language': lang,
});

describe('a NUL character in any string input of any operation', () => {
  it('answers 400 in the envelope, never 5xx', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const op of operations()) {
      const cases: { what: string; url: string; payload?: unknown }[] = [];
      for (const p of op.params) {
        if (!isString(p.schema)) continue;
        if (p.in === 'path') cases.push({ what: `path ${p.name}`, url: fillPath(op, { [p.name]: 'a\u0000b' }) });
        if (p.in === 'query') {
          cases.push({ what: `query ${p.name}`, url: `${fillPath(op)}?${p.name}=${encodeURIComponent('a\u0000b')}` });
        }
      }
      for (const keys of stringPaths(op.body)) {
        cases.push({ what: `body ${keys.join('.')}`, url: fillPath(op), payload: withValue(keys, 'a\u0000b') });
      }
      for (const c of cases) {
        tried++;
        const res = await t0.app.inject({
          method: op.method as 'GET',
          url: c.url,
          headers: headersFor(op),
          remoteAddress: nextIp(),
          ...(c.payload !== undefined ? { payload: c.payload as Record<string, unknown> } : {}),
        });
        const body = res.json() as { code?: unknown; msg?: unknown };
        if (res.statusCode !== 400 || typeof body.code !== 'number' || typeof body.msg !== 'string') {
          failures.push(`${op.id} (${c.what}): ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it('names the field in the caller language', async () => {
    const res = await t0.app.inject({
      url: `/api/vod?wd=${encodeURIComponent('x\u0000')}`,
      headers: { lang: 'fr-fr' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 1001,
      field: 'wd',
      msg: t('fr-fr', 'validation', { field: 'wd', reason: t('fr-fr', 'v_format') }),
    });
  });
});

describe('a path parameter over 100 characters', () => {
  it('answers 414 in the envelope and the caller language on every operation with path parameters', async () => {
    const failures: string[] = [];
    let tried = 0;
    const long = 'x'.repeat(101);
    for (const op of operations()) {
      for (const p of op.params.filter((q) => q.in === 'path')) {
        for (const lang of ['en-US', 'de-DE'] as const) {
          tried++;
          const locale = lang === 'en-US' ? 'en-us' : 'de-de';
          const res = await t0.app.inject({
            method: op.method as 'GET',
            url: fillPath(op, { [p.name]: long }),
            headers: headersFor(op, lang),
            remoteAddress: nextIp(),
          });
          const expected = {
            code: 1001,
            msg: t(locale, 'validation', { field: 'path', reason: t(locale, 'v_too_big', { max: 100 }) }),
            field: 'path',
          };
          if (res.statusCode !== 414 || JSON.stringify(res.json()) !== JSON.stringify(expected)) {
            failures.push(`${op.id} (${p.name}, ${lang}): ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it('reads the lang query parameter too', async () => {
    const res = await t0.app.inject({ url: `/api/vod/${'9'.repeat(120)}?lang=ja-jp` });
    expect(res.statusCode).toBe(414);
    expect(res.json().msg).toBe(
      t('ja-jp', 'validation', { field: 'path', reason: t('ja-jp', 'v_too_big', { max: 100 }) }),
    );
  });
});
