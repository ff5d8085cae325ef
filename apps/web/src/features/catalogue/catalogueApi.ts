/**
 * Catalogue calls of issue 4 (spec §7 "Content calls"), on top of the app's HTTP client (`lib/api`): every call
 * takes the AbortSignal TanStack Query hands to its query function, so leaving a page (or typing on) cancels the
 * request in flight. Shapes are the contract's (`@openvod/contract` endpoints).
 */
import type {
  HitsListQuery,
  HitsListResponse,
  HotSearchResponse,
  RelatedResponse,
  SuggestResponse,
  TopicDetailResponse,
  TopicListResponse,
} from '@openvod/contract';
import { api, type QueryValue } from '../../lib/api';

export const catalogueApi = {
  /** getType: categories with the caller group's `permission` flag (1 open, 0 VIP-only) and the special ids. */
  types: api.getType,
  /** getDetail: one title; `permission` 0 means its play data is refused to the caller (sources empty). */
  detail: api.getDetail,
  /** getHitsList: ranking by views of the day, week or month; `page` 1..50. */
  rank: (query: HitsListQuery, signal?: AbortSignal) =>
    api.request<HitsListResponse>('/api/vod/rank', { query: query as Record<string, QueryValue>, signal }),
  /** getRelated: titles related to title `id` (its category with shared actors first, then shared actors, popular). */
  related: (id: number, limit = 12, signal?: AbortSignal) =>
    api.request<RelatedResponse>(`/api/vod/${encodeURIComponent(id)}/related`, { query: { limit }, signal }),
  /** suggest: up to `limit` titles whose name, alias, pinyin or actor matches what the user typed. */
  suggest: (wd: string, limit = 8, signal?: AbortSignal) =>
    api.request<SuggestResponse>('/api/search/suggest', { query: { wd, limit }, signal }),
  /** hotSearch: the operator's hot words, else the most searched words of the last 7 days. */
  hotSearch: (signal?: AbortSignal) => api.request<HotSearchResponse>('/api/search/hot', { signal }),
  /** topicView: published topics with up to 6 preview titles each. */
  topics: (page: number, limit = 10, signal?: AbortSignal) =>
    api.request<TopicListResponse>('/api/topics', { query: { page, limit }, signal }),
  /** topicViewWithVodDetail: one topic with its titles in the topic's order (404 when unknown). */
  topic: (id: number, signal?: AbortSignal) =>
    api.request<TopicDetailResponse>(`/api/topics/${encodeURIComponent(id)}`, { signal }),
};
