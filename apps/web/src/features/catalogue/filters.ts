/** Category page logic: `type_extend` filter rows, category lookup and the `data` query. */
import type { Category, CategoryBase, DataQuery, TypeExtend } from '@openvod/contract';

export const FILTER_KEYS = ['class', 'area', 'lang', 'year'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

export const SORT_ORDERS = ['time', 'hits', 'score'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Comma list (ASCII or full-width commas) -> trimmed, distinct, non-empty options. */
export function splitOptions(csv: string | undefined | null): string[] {
  if (!csv) return [];
  const seen = new Set<string>();
  for (const part of csv.split(/[,，]/)) {
    const item = part.trim();
    if (item) seen.add(item);
  }
  return [...seen];
}

export interface FilterRow {
  key: FilterKey;
  options: string[];
}

/** Filter rows of a category, in the order class, area, lang, year; rows without options are left out. */
export function filterRows(extend: Partial<TypeExtend> | undefined | null): FilterRow[] {
  if (!extend) return [];
  return FILTER_KEYS.map((key) => ({ key, options: splitOptions(extend[key]) })).filter((r) => r.options.length > 0);
}

export interface CategoryMatch {
  top: Category;
  sub?: CategoryBase;
}

/** Find a category (top or sub) by id; falls back to the first top category. */
export function findCategory(list: readonly Category[], typeId: number | undefined): CategoryMatch | undefined {
  if (typeId !== undefined) {
    for (const top of list) {
      if (top.type_id === typeId) return { top };
      const sub = top.child.find((c) => c.type_id === typeId);
      if (sub) return { top, sub };
    }
  }
  const first = list[0];
  return first ? { top: first } : undefined;
}

/** The extend driving the filters: the sub-category's own lists when it has any, else its parent's. */
export function effectiveExtend(match: CategoryMatch): Partial<TypeExtend> {
  const own = match.sub?.type_extend;
  if (own && FILTER_KEYS.some((k) => splitOptions(own[k]).length > 0)) return own;
  return match.top.type_extend;
}

/** Drop filter values the category does not offer (e.g. after switching category). */
export function sanitizeFilters(filters: Filters, rows: FilterRow[]): Filters {
  const out: Filters = {};
  for (const row of rows) {
    const value = filters[row.key];
    if (value && row.options.includes(value)) out[row.key] = value;
  }
  return out;
}

export function buildDataQuery(
  typeId: number | undefined,
  filters: Filters,
  order: SortOrder,
  page: number,
  limit = 21,
): DataQuery {
  const query: DataQuery = { order, page, limit };
  if (typeId !== undefined) query.type_id = typeId;
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) query[key] = value;
  }
  return query;
}
