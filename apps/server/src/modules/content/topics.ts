/**
 * Special topics for the viewer app (issue 4, spec §7 `topicView` and `topicViewWithVodDetail`): operator-made lists
 * of titles (MacCMS `mac_topic`, `topic_rel_vod` in order), published ones only, each showing only its titles that are
 * published in enabled categories. Cached as the other responses (catalogue-cache.ts); the console's topic edits
 * (content-admin.service.ts) drop them.
 */
import { ErrorCode, type TopicDetailResponse, type TopicListResponse } from '@openvod/contract';
import type { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import * as cat from './catalogue.repo.ts';
import type { CatalogueCache } from './catalogue-cache.ts';
import * as repo from './content.repo.ts';

type TopicListQueryOut = z.output<typeof import('@openvod/contract').TopicListQuery>;

/** Titles shown with each topic of the topic list. */
const TOPIC_PREVIEW = 6;

export class Topics {
  constructor(
    private db: Db,
    private cache: CatalogueCache,
  ) {}

  /** Published titles of `ids` in that order (enabled categories). */
  private async itemsInOrder(ids: number[]) {
    if (!ids.length) return [];
    const rows = await repo.listVodRows(
      this.db,
      { ids, disabled_types: await this.cache.disabledTypes() },
      'time',
      1,
      ids.length,
    );
    const byId = new Map(rows.map((r) => [r.vod_id, repo.toItem(r)]));
    return ids.map((id) => byId.get(id)).filter((v): v is NonNullable<typeof v> => v !== undefined);
  }

  /** topicView: published topics by `topic_sort`, each with up to 6 published titles and their count. */
  async list(q: TopicListQueryOut): Promise<{ raw: string }> {
    return this.cache.cached(`topics:${q.page}:${q.limit}`, async (): Promise<TopicListResponse> => {
      const [rows, total] = await Promise.all([
        cat.listTopics(this.db, { page: q.page, limit: q.limit }),
        cat.countTopics(this.db),
      ]);
      const topics = rows.map(cat.toTopic);
      const visible = await cat.visibleIds(
        this.db,
        [...new Set(topics.flatMap((t) => t.vod_ids))],
        await this.cache.disabledTypes(),
      );
      const published = topics.map((t) => t.vod_ids.filter((id) => visible.has(id)));
      const items = new Map(
        (await this.itemsInOrder([...new Set(published.flatMap((ids) => ids.slice(0, TOPIC_PREVIEW)))])).map((v) => [
          v.vod_id,
          v,
        ]),
      );
      return {
        code: 1,
        msg: 'ok',
        list: topics.map((t, i) => {
          const ids = published[i] ?? [];
          return {
            ...t,
            vod_list: ids
              .slice(0, TOPIC_PREVIEW)
              .map((id) => items.get(id))
              .filter((v): v is NonNullable<typeof v> => v !== undefined),
            vod_count: ids.length,
          };
        }),
        page: q.page,
        pagecount: Math.max(1, Math.ceil(total / q.limit)),
        limit: q.limit,
        total,
      };
    });
  }

  /** topicViewWithVodDetail: one published topic with its published titles in topic order. 404 topic_not_found. */
  async get(topicId: number): Promise<{ raw: string }> {
    return this.cache.cached(`topic:${topicId}`, async (): Promise<TopicDetailResponse> => {
      const row = await cat.getTopic(this.db, topicId);
      if (row?.topic_status !== 1) throw new AppError(404, ErrorCode.notFound, 'topic_not_found');
      const topic = cat.toTopic(row);
      return { code: 1, msg: 'ok', info: { ...topic, vod_list: await this.itemsInOrder(topic.vod_ids) } };
    });
  }
}
