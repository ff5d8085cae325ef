/**
 * Text input checked once for every operation (DESIGN.md §3): no string the client sends (query, path parameter or
 * body, object keys included, at any depth) may hold a NUL character. PostgreSQL cannot store U+0000 in text or
 * jsonb (`invalid byte sequence for encoding "UTF8": 0x00`), so without this check such input reached the database
 * and answered 500; here it answers 400 `{code: 1001, msg, field}` in the caller's language before the route's
 * own validation and handler run. Multipart bodies (files) are not parsed here and are left to their routes.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';
import { t } from './i18n/messages.ts';

/** The path (dot-separated, `context` first) of the first string or key in `value` holding U+0000, else undefined. */
export function findNul(value: unknown, context: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? context : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${context}.${i}`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000')) return context;
    const found = findNul(v, `${context}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The field as the schema validation names it (core/errors.ts): `wd`, `order_code`, `phone`, `list.0.name`. */
function fieldName(path: string): string {
  const [where, ...rest] = path.split('.');
  return rest.length === 0 ? (where ?? 'request') : rest.join('.');
}

/** Throw the 400 of this check when `value` (read as `context`: params, query or body) holds a NUL anywhere. */
export function assertNoNul(value: unknown, context: string): void {
  const found = findNul(value, context);
  if (found) {
    const field = fieldName(found);
    throw badRequest('validation', { field, reason: (locale) => t(locale, 'v_format') }, field);
  }
}

/**
 * Register the NUL check (root instance, before the routes: it applies to every route). Bodies a route replaces
 * later (the decrypted `encrypt_data` of core/routes.ts) are checked there with {@link assertNoNul}.
 */
export function registerTextInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    assertNoNul(req.params, 'params');
    assertNoNul(req.query, 'query');
    assertNoNul(req.body, 'body');
  });
}
