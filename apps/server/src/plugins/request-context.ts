/**
 * Per-request context read once (DESIGN.md §3): the caller's locale (`lang` query, `lang` header or
 * Accept-Language, see contract `matchLocale`) and the client headers of spec §3 (`version`, `versionCode`,
 * `deviceid`, `platform`, `time` ...), length-checked so later modules can trust them.
 */
import { type Locale, matchLocale } from '@openvod/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface ClientHeaders {
  version: string;
  versionCode: number;
  deviceid: string;
  platform: string;
  authorcode: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    client: ClientHeaders;
  }
}

function header(value: string | string[] | undefined, max: number): string {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
}

export const requestContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'zh-cn');
  app.decorateRequest('client', null as unknown as ClientHeaders);
  app.addHook('onRequest', async (req) => {
    const q = req.query as Record<string, unknown> | undefined;
    const lang =
      (typeof q?.lang === 'string' ? q.lang : '') ||
      header(req.headers.lang, 16) ||
      header(req.headers['accept-language'], 200);
    req.locale = matchLocale(lang);
    const code = Number.parseInt(header(req.headers.versioncode, 10), 10);
    req.client = {
      version: header(req.headers.version, 20),
      versionCode: Number.isFinite(code) ? code : 0,
      deviceid: header(req.headers.deviceid, 64).replace(/[^\w-]/g, ''),
      platform: header(req.headers.platform, 16).replace(/[^\w-]/g, ''),
      authorcode: header(req.headers.authorcode, 128),
    };
  });
});
