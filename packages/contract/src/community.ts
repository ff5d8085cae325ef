/**
 * The community's safety layer (spec §5 "Repeat operations are rejected ('do not repeat'). Frequent operations are
 * warned", §6 "A tourist must log in to comment"): the operator's community settings (word list, review-first,
 * write limits) and the users muted from writing. Comments, movie requests, feedback and reports all pass through
 * it (apps/server/src/modules/community/community.service.ts). Comments on/off is the app config's
 * `comment_status` (accounts.ts AppConfig).
 */
import { z } from 'zod';
import { ok } from './envelope.ts';

/** What a user writes, each kind limited separately. */
export const COMMUNITY_WRITE_KINDS = ['comment', 'request', 'feedback', 'report'] as const;
export type CommunityWriteKind = (typeof COMMUNITY_WRITE_KINDS)[number];

/** Longest word-list entry and most entries. */
export const COMMUNITY_WORD_MAX = 32;
export const COMMUNITY_WORDS_MAX = 2000;

/** The operator's community settings (app_setting key `community`). */
export const CommunitySettings = z.object({
  /** New comments wait for the operator's approval (comment_status 0) before anyone else sees them. */
  review_first: z.boolean(),
  /** Writes of one kind one user may make per minute (the 'Please do not operate frequently' limit). */
  user_per_minute: z.number().int().min(1).max(1000),
  /** Writes of one kind one IP address may make per minute. */
  ip_per_minute: z.number().int().min(1).max(10000),
  /** Seconds within which the same text of the same kind by the same user is a repeat ('Do not repeat'). */
  repeat_window_s: z.number().int().min(0).max(86400),
  /** Filtered words: each occurrence (case-insensitive) is replaced by `***` (MacCMS's rule). */
  words: z.array(z.string().trim().min(1).max(COMMUNITY_WORD_MAX)).max(COMMUNITY_WORDS_MAX),
});
export type CommunitySettings = z.infer<typeof CommunitySettings>;

export const AdminCommunitySettingsResponse = ok({ info: CommunitySettings });
export const AdminCommunitySettingsBody = CommunitySettings.partial();

/** A user muted from writing in the community. */
export const CommunityMute = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  user_nick_name: z.string(),
  reason: z.string(),
  /** ISO 8601; null: until unmuted. */
  until: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type CommunityMute = z.infer<typeof CommunityMute>;
export const AdminCommunityMuteListResponse = ok({ list: z.array(CommunityMute) });
export const AdminCommunityMuteBody = z.object({
  reason: z.string().trim().max(200).default(''),
  /** Days muted (1-3650); absent: until unmuted. */
  days: z.number().int().min(1).max(3650).optional(),
});
export const AdminCommunityMuteResponse = ok({ info: CommunityMute });
