/**
 * Catalogue calls of issue 4 (spec §7 "Content calls") over the typed {@link call} (lib/client.ts): every call
 * takes the AbortSignal TanStack Query hands to its query function, so leaving a page (or typing on) cancels the
 * request in flight. Shapes are the contract's (`@openvod/contract` endpoints).
 */
import type { HitsListQuery } from '@openvod/contract';
import { call } from '../../lib/client';

export const catalogueApi = {
  /** getType: categories with the caller group's `permission` flag (1 open, 0 VIP-only) and the special ids. */
  types: (signal?: AbortSignal) => call('getType', { signal }),
  /** getDetail: one title; `permission` 0 means its play data is refused to the caller (sources empty). */
  detail: (id: number, signal?: AbortSignal) => call('getDetail', { params: { id }, signal }),
  /** getHitsList: ranking by views of the day, week or month; `page` 1..50. */
  rank: (query: HitsListQuery, signal?: AbortSignal) => call('getHitsList', { query, signal }),
  /** getRelated: titles related to title `id` (its category with shared actors first, then shared actors, popular). */
  related: (id: number, limit = 12, signal?: AbortSignal) =>
    call('getRelated', { params: { id }, query: { limit }, signal }),
  /** suggest: up to `limit` titles whose name, alias, pinyin or actor matches what the user typed. */
  suggest: (wd: string, limit = 8, signal?: AbortSignal) => call('suggest', { query: { wd, limit }, signal }),
  /** hotSearch: the operator's hot words, else the most searched words of the last 7 days. */
  hotSearch: (signal?: AbortSignal) => call('hotSearch', { signal }),
  /** topicView: published topics with up to 6 preview titles each. */
  topics: (page: number, limit = 10, signal?: AbortSignal) => call('topicView', { query: { page, limit }, signal }),
  /** topicViewWithVodDetail: one topic with its titles in the topic's order (404 when unknown). */
  topic: (id: number, signal?: AbortSignal) => call('topicViewWithVodDetail', { params: { id }, signal }),
};
