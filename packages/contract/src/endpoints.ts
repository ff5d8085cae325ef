/**
 * The endpoint table: every HTTP operation of OpenVod with its operationId (spec/calls.md), method, path and
 * schemas. The server registers its routes from it; the web and admin clients derive their fetchers from it.
 */
import type { z } from 'zod';
import * as A from './admin.ts';
import * as C from './content.ts';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify-style path, `:name` for params. */
  path: string;
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  response: z.ZodTypeAny;
  /** `admin`: console session required. */
  auth?: 'admin';
  summary: string;
}

export const endpoints = {
  getType: {
    method: 'GET',
    path: '/api/types',
    response: C.TypeListResponse,
    summary: 'Categories with sub-categories and the special category ids',
  },
  data: {
    method: 'GET',
    path: '/api/vod',
    query: C.DataQuery,
    response: C.DataResponse,
    summary: 'Title list: category, filters, search, order, page',
  },
  dataWithType: {
    method: 'GET',
    path: '/api/vod/grouped',
    query: C.DataWithTypeQuery,
    response: C.DataWithTypeResponse,
    summary: 'Title lists grouped by category',
  },
  getHome: {
    method: 'GET',
    path: '/api/home',
    response: C.HomeResponse,
    summary: 'Home page: slideshow, hot, recommended, a block per top category',
  },
  getDetail: {
    method: 'GET',
    path: '/api/vod/:id',
    params: C.IdParams,
    response: C.DetailResponse,
    summary: 'One title with its sources and episodes',
  },
  hits: {
    method: 'GET',
    path: '/api/vod/:id/hits',
    params: C.IdParams,
    response: C.HitsResponse,
    summary: 'Count a view of a title',
  },

  adminLogin: {
    method: 'POST',
    path: '/api/admin/login',
    body: A.AdminLoginBody,
    response: A.AdminLoginResponse,
    summary: 'Console sign-in',
  },
  adminLogout: {
    method: 'POST',
    path: '/api/admin/logout',
    response: A.OkResponse,
    auth: 'admin',
    summary: 'Console sign-out',
  },
  adminMe: {
    method: 'GET',
    path: '/api/admin/me',
    response: A.AdminMeResponse,
    auth: 'admin',
    summary: 'The signed-in operator',
  },
  adminListVods: {
    method: 'GET',
    path: '/api/admin/vods',
    query: A.AdminVodQuery,
    response: A.AdminVodListResponse,
    auth: 'admin',
    summary: 'Titles, searchable',
  },
  adminGetVod: {
    method: 'GET',
    path: '/api/admin/vods/:id',
    params: C.IdParams,
    response: A.AdminVodResponse,
    auth: 'admin',
    summary: 'One title for editing',
  },
  adminUpdateVod: {
    method: 'PATCH',
    path: '/api/admin/vods/:id',
    params: C.IdParams,
    body: A.AdminVodUpdate,
    response: A.AdminVodResponse,
    auth: 'admin',
    summary: 'Edit a title (incl. lock and publish)',
  },
  adminListTypes: {
    method: 'GET',
    path: '/api/admin/types',
    response: A.AdminTypeListResponse,
    auth: 'admin',
    summary: 'All categories',
  },
  adminCreateType: {
    method: 'POST',
    path: '/api/admin/types',
    body: A.AdminTypeBody,
    response: A.AdminTypeResponse,
    auth: 'admin',
    summary: 'Create a category',
  },
  adminUpdateType: {
    method: 'PATCH',
    path: '/api/admin/types/:id',
    params: C.IdParams,
    body: A.AdminTypeUpdate,
    response: A.AdminTypeResponse,
    auth: 'admin',
    summary: 'Edit a category',
  },
  adminDeleteType: {
    method: 'DELETE',
    path: '/api/admin/types/:id',
    params: C.IdParams,
    response: A.OkResponse,
    auth: 'admin',
    summary: 'Delete an empty category',
  },
  adminImport: {
    method: 'POST',
    path: '/api/admin/import',
    body: A.ImportBody,
    response: A.ImportResponse,
    auth: 'admin',
    summary: 'Import a MacCMS collect feed (URL or text)',
  },
  adminListTypeBindings: {
    method: 'GET',
    path: '/api/admin/type-bindings',
    response: A.TypeBindingListResponse,
    auth: 'admin',
    summary: 'Remote-to-local category bindings',
  },
  adminSetTypeBinding: {
    method: 'PUT',
    path: '/api/admin/type-bindings',
    body: A.TypeBindingBody,
    response: A.OkResponse,
    auth: 'admin',
    summary: 'Bind a remote category to a local one',
  },
} as const satisfies Record<string, Endpoint>;

export type OperationId = keyof typeof endpoints;
