/**
 * Test helpers of the console's Vitest project (vitest.config.ts): a fake server at `fetch` and a page render.
 *
 * `serve(routes)` replaces `globalThis.fetch` for one test, so the real transport of src/api.ts runs (its headers,
 * query string, JSON body, envelope and error handling). Each route matches a method and a path (a string for the
 * exact path, a RegExp for a pattern) and answers with a JSON body (the success envelope `{ code: 1, msg: '' }` is
 * merged in) or, with `status`, an error envelope. Every request is recorded in `requests` with its parsed JSON body.
 * An unmatched request answers 404 and is recorded too, so a test sees what it did not expect.
 *
 * `renderPage(element, path)` renders under what App.tsx provides (antd's App for messages, a fresh QueryClient
 * without retries, a router at `path`) with a signed-in session in UTC.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { setSession } from './session.ts';

/** A request the page sent: method, path, search parameters, headers and JSON body (undefined when none). */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

/** One fake endpoint: a JSON answer, or an error envelope with `status`. */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string | RegExp;
  /** The answer's payload (merged into `{ code: 1, msg: '' }`), or a function of the request giving it. */
  reply?: object | ((req: SentRequest) => object);
  /** An error answer: HTTP status with `{ code: 0, msg }`. */
  status?: number;
  msg?: string;
  /** A raw body instead of JSON (a CSV export). */
  raw?: string;
}

/** Install the fake server; returns the list of requests it saw (in order). */
export function serve(routes: Route[]): SentRequest[] {
  const requests: SentRequest[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const req: SentRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: text === undefined ? undefined : JSON.parse(text),
    };
    requests.push(req);
    const route = routes.find(
      (r) => r.method === req.method && (typeof r.path === 'string' ? r.path === req.path : r.path.test(req.path)),
    );
    if (!route) return Response.json({ code: 0, msg: `no route ${req.method} ${req.path}` }, { status: 404 });
    if (route.raw !== undefined) return new Response(route.raw, { status: 200 });
    if (route.status) return Response.json({ code: 0, msg: route.msg ?? '' }, { status: route.status });
    const payload = typeof route.reply === 'function' ? route.reply(req) : (route.reply ?? {});
    return Response.json({ code: 1, msg: '', ...payload });
  });
  return requests;
}

/** The requests other than reads (what the page wrote). */
export function writes(requests: SentRequest[]): SentRequest[] {
  return requests.filter((r) => r.method !== 'GET');
}

/** Render a console page the way App.tsx does, signed in, with the router at `path`. */
export function renderPage(element: ReactElement, path = '/'): RenderResult & { queryClient: QueryClient } {
  setSession({ token: 'test-token', admin_id: 1, admin_name: 'admin', time_zone: 'UTC' });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 15_000 }, mutations: { retry: false } },
  });
  const result = render(
    <AntApp>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
      </QueryClientProvider>
    </AntApp>,
  );
  return { ...result, queryClient };
}
