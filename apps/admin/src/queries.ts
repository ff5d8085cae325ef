/** Shared server-state queries of the console. */
import type { CategoryBase } from '@openvod/contract';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError, call } from './api.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      // Client errors (400/401/403/404) do not get better by retrying.
      retry: (count, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});

export const keys = {
  types: ['admin', 'types'] as const,
  bindings: ['admin', 'type-bindings'] as const,
  vods: ['admin', 'vods'] as const,
  vod: (id: number) => ['admin', 'vod', id] as const,
  users: ['admin', 'users'] as const,
  user: (id: number) => ['admin', 'user', id] as const,
  groups: ['admin', 'groups'] as const,
  appConfig: ['admin', 'app-config'] as const,
  appVersion: ['admin', 'app-version'] as const,
  topics: ['admin', 'topics'] as const,
  catalogueSettings: ['admin', 'catalogue-settings'] as const,
  dayCovers: ['admin', 'day-covers'] as const,
  poster: ['admin', 'poster'] as const,
};

export function useTypes() {
  return useQuery({
    queryKey: keys.types,
    queryFn: ({ signal }) => call('adminListTypes', { signal }).then((r) => r.list),
  });
}

export function useGroups() {
  return useQuery({
    queryKey: keys.groups,
    queryFn: ({ signal }) => call('adminListGroups', { signal }).then((r) => r.list),
  });
}

/** Special category ids (0 = found by `type_sort`) and the hot search words. */
export function useCatalogueSettings() {
  return useQuery({
    queryKey: keys.catalogueSettings,
    queryFn: ({ signal }) => call('adminGetCatalogueSettings', { signal }).then((r) => r.info),
  });
}

export interface TypeNode {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TypeNode[];
}

/** Categories as a two-level tree (top level `type_pid` 0), sorted like the site sorts them. */
export function typeTree(list: CategoryBase[]): (CategoryBase & { children?: CategoryBase[] })[] {
  const bySort = (a: CategoryBase, b: CategoryBase) => a.type_sort - b.type_sort || a.type_id - b.type_id;
  const ids = new Set(list.map((t) => t.type_id));
  // A category whose parent is missing is shown at the top level rather than lost.
  const tops = list.filter((t) => t.type_pid === 0 || !ids.has(t.type_pid)).sort(bySort);
  return tops.map((top) => {
    const children = list.filter((t) => t.type_pid === top.type_id && t.type_id !== top.type_id).sort(bySort);
    return children.length ? { ...top, children } : { ...top };
  });
}

/** Tree-select options of the categories. */
export function typeOptions(list: CategoryBase[]): TypeNode[] {
  return typeTree(list).map((top) => ({
    value: top.type_id,
    title: top.type_name,
    children: top.children?.map((c) => ({ value: c.type_id, title: c.type_name })),
  }));
}
