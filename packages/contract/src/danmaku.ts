/**
 * Schemas of the danmaku calls (spec §3 "Danmaku", §4 "Danmaku send", §5 "Danmaku load asks for at most 1000
 * items", §7 barrageList / barrageSend, §9 danmaku constants; issue 5 item 3).
 *
 * - Times: `barrage_time` and the posted `time` are the playback position in seconds (fractions allowed, stored to
 *   the millisecond).
 * - Text: 1-{@link DANMAKU_TEXT_MAX} characters (Unicode code points) after trimming; control characters are
 *   dropped and runs of white space collapse to one space. The server stores it as typed and answers it
 *   HTML-escaped (`&`, `<`, `>`, `"`, `'` as entities) in `barrage_text` of barrageList and of the live channel,
 *   so a client that drops it into HTML cannot be scripted; the console's calls answer the plain text.
 * - Colour: `#rrggbb`, default {@link DANMAKU_DEFAULT_COLOR} (spec §9).
 */
import { z } from 'zod';
import { ok } from './envelope.ts';

/** Spec §9: a comment stays on screen at most this long (ms). */
export const DANMAKU_DISPLAY_MS = 15_000;
/** Spec §5 / §9: barrageList answers at most this many items. */
export const DANMAKU_FETCH_LIMIT = 1000;
/** Spec §3 / §9: colour of a danmaku posted without one. */
export const DANMAKU_DEFAULT_COLOR = '#ff0000';
/** Longest danmaku text in characters (code points), after trimming. */
export const DANMAKU_TEXT_MAX = 50;
/** Per-user send limit: at most this many danmaku per {@link DANMAKU_USER_WINDOW_MS}. */
export const DANMAKU_USER_MAX = 20;
export const DANMAKU_USER_WINDOW_MS = 60_000;
/** Latest playback position a danmaku may carry (s): 24 hours. */
export const DANMAKU_TIME_MAX = 86_400;
/** Path of the live channel (WebSocket): `?vodId=&nid=`; frames are {@link DanmakuEvent} JSON texts. */
export const DANMAKU_WS_PATH = '/api/danmaku/ws';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const pos = z.coerce.number().int().min(1).max(2_147_483_647);

/** One danmaku as the player reads it (spec §3 "Read"). `barrage_text` is HTML-escaped. */
export const BarrageItem = z.object({
  barrage_id: z.number().int(),
  /** Playback position in seconds. */
  barrage_time: z.number(),
  barrage_text: z.string(),
  /** `#rrggbb`. */
  barrage_color: z.string(),
});
export type BarrageItem = z.infer<typeof BarrageItem>;

/** barrageList query (spec §7): page 1, limit 1000, vodId, nid. */
export const BarrageListQuery = z.object({
  vodId: pos,
  nid: pos,
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(DANMAKU_FETCH_LIMIT).default(DANMAKU_FETCH_LIMIT),
});
/** The episode's danmaku ordered by playback time (ties by id), or an empty list while danmaku are off. */
export const BarrageListResponse = ok({
  list: z.array(BarrageItem),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type BarrageListResponse = z.infer<typeof BarrageListResponse>;

/**
 * barrageSend body: the posted fields of spec §3. `userId`, `userName` and `avatar` are accepted for old clients but
 * never trusted: the sender is the session's user. `current` (the client's own clock) is accepted and ignored.
 */
export const BarrageSendBody = z.object({
  vodId: pos,
  sid: pos.default(1),
  nid: pos,
  userId: z.union([z.number(), z.string()]).optional(),
  userName: z.string().max(200).optional(),
  /** Playback position in seconds. */
  time: z.coerce.number().min(0).max(DANMAKU_TIME_MAX),
  text: z.string().max(1000),
  color: z
    .string()
    .regex(HEX_COLOR)
    .default(DANMAKU_DEFAULT_COLOR)
    .transform((c) => c.toLowerCase()),
  current: z.union([z.number(), z.string()]).optional(),
  avatar: z.string().max(2048).optional(),
});
export type BarrageSendBody = z.input<typeof BarrageSendBody>;
/** code 1: the danmaku as stored (and as the live channel publishes it). */
export const BarrageSendResponse = ok({ info: BarrageItem });

/** Query of the live channel's WebSocket upgrade. */
export const DanmakuSocketQuery = z.object({ vodId: pos, nid: pos });

/**
 * A frame of the live channel: a new danmaku of the episode (`barrage`), or one the operator removed (`delete`,
 * only `barrage_id` set) so screens can drop it.
 */
export const DanmakuEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('barrage'), vod_id: z.number().int(), nid: z.number().int(), item: BarrageItem }),
  z.object({ type: z.literal('delete'), vod_id: z.number().int(), nid: z.number().int(), barrage_id: z.number() }),
]);
export type DanmakuEvent = z.infer<typeof DanmakuEvent>;

/** Console search: text (`wd`), user (name or id), title (name or id); newest first. */
export const AdminDanmakuQuery = z.object({
  wd: z.string().max(64).optional(),
  user: z.string().max(64).optional(),
  vod: z.string().max(255).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const AdminDanmakuItem = z.object({
  barrage_id: z.number().int(),
  vod_id: z.number().int(),
  vod_name: z.string(),
  sid: z.number().int(),
  nid: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  barrage_time: z.number(),
  /** Plain text (the console renders it as text). */
  barrage_text: z.string(),
  barrage_color: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** The sender is blocked from sending. */
  user_blocked: z.boolean(),
});
export const AdminDanmakuListResponse = ok({
  list: z.array(AdminDanmakuItem),
  page: z.number().int(),
  pagecount: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export const AdminDanmakuBlock = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  reason: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
});
export const AdminDanmakuBlockListResponse = ok({ list: z.array(AdminDanmakuBlock) });
export const AdminDanmakuBlockBody = z.object({ reason: z.string().max(200).default('') });
export const AdminDanmakuBlockResponse = ok({ info: AdminDanmakuBlock });
