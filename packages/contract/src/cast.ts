/**
 * Schemas of the cast calls: DLNA casting through the server (spec §2 Casting, `common/cast-screen`; §3 Player
 * state "cast device, cast params"; §4 Casting states: searching devices, search complete, playing, exit).
 *
 * The server discovers UPnP MediaRenderers on its own local network (SSDP), hands a renderer an absolute media URL
 * on the server's LAN address and drives it over AVTransport (shared/research/player.md §3). Remote Playback API
 * and AirPlay casting happen in the browser and use none of these calls.
 */
import { z } from 'zod';
import { INT_MAX } from './content.ts';
import { ok } from './envelope.ts';

/** A renderer found by SSDP. `id` is opaque (derived from the device's UDN); `ip` its LAN address. */
export const CastDevice = z.object({
  id: z.string(),
  name: z.string(),
  ip: z.string(),
  model: z.string(),
});
export type CastDevice = z.infer<typeof CastDevice>;

/** castDiscover: search the local network (SSDP M-SEARCH, about 2 s). */
export const CastDiscoverResponse = ok({ list: z.array(CastDevice) });
export type CastDiscoverResponse = z.infer<typeof CastDiscoverResponse>;

/**
 * AVTransport `CurrentTransportState` (UPnP AVTransport:1 §2.2.7): PLAYING, PAUSED_PLAYBACK, STOPPED,
 * TRANSITIONING, NO_MEDIA_PRESENT (renderers may report others, passed through as text).
 */
export const CastState = z.string().max(64);

/**
 * What a renderer is doing, from GetTransportInfo + GetPositionInfo. `position`/`duration` in whole seconds
 * (0 when the renderer does not know); `vod_id`/`sid`/`nid`/`title` of the cast this server started (0/'' else).
 */
export const CastStatus = z.object({
  device: CastDevice,
  state: CastState,
  position: z.number().int().min(0),
  duration: z.number().int().min(0),
  vod_id: z.number().int(),
  sid: z.number().int(),
  nid: z.number().int(),
  title: z.string(),
  /** The absolute URL the renderer was given (the server's LAN address). */
  url: z.string(),
});
export type CastStatus = z.infer<typeof CastStatus>;

export const CastStatusResponse = ok({ info: CastStatus });
export type CastStatusResponse = z.infer<typeof CastStatusResponse>;

const deviceId = z.string().min(1).max(64);
const positive = z.coerce.number().int().positive().max(INT_MAX);

/** castPlay: cast episode `nid` of source `sid` of title `vod_id`, optionally starting at `position` seconds. */
export const CastPlayBody = z.object({
  device_id: deviceId,
  vod_id: positive,
  sid: positive,
  nid: positive,
  position: z.coerce.number().int().min(0).max(INT_MAX).optional(),
});
export type CastPlayBody = z.infer<typeof CastPlayBody>;

/** castControl: `seek` needs `position` (seconds from the start). `stop` ends the cast (spec §4 "exit"). */
export const CastControlBody = z.object({
  device_id: deviceId,
  action: z.enum(['play', 'pause', 'stop', 'seek']),
  position: z.coerce.number().int().min(0).max(INT_MAX).optional(),
});
export type CastControlBody = z.infer<typeof CastControlBody>;

export const CastStatusQuery = z.object({ device_id: deviceId });
export type CastStatusQuery = z.infer<typeof CastStatusQuery>;
