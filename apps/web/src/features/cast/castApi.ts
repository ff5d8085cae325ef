/**
 * The server's DLNA cast calls (contract endpoints/cast.ts: castDiscover, castPlay, castControl, castStatus).
 * Errors are ApiErrors carrying the server's translated message (e.g. "Casting works only on the same local
 * network as the server").
 */
import type { CastControlBody, CastDiscoverResponse, CastPlayBody, CastStatusResponse } from '@openvod/contract';
import { api } from '../../lib/api';

/** Search the LAN for renderers (takes about 2 s on the server). */
export const castDiscover = (signal?: AbortSignal) =>
  api.request<CastDiscoverResponse>('/api/cast/discover', { method: 'POST', body: {}, signal });

/** Cast an episode to a renderer found by {@link castDiscover}. */
export const castPlay = (body: CastPlayBody) =>
  api.request<CastStatusResponse>('/api/cast/play', { method: 'POST', body });

/** play / pause / stop / seek (position in seconds). */
export const castControl = (body: CastControlBody) =>
  api.request<CastStatusResponse>('/api/cast/control', { method: 'POST', body });

/** The renderer's transport state, position and duration. */
export const castStatus = (deviceId: string, signal?: AbortSignal) =>
  api.request<CastStatusResponse>('/api/cast/status', { query: { device_id: deviceId }, signal });
