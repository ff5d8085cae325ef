/**
 * The server's DLNA cast calls (contract endpoints/cast.ts: castDiscover, castPlay, castControl, castStatus) over the
 * typed {@link call} (lib/client.ts).
 * Errors are ApiErrors carrying the server's translated message (e.g. "Casting works only on the same local
 * network as the server").
 */
import type { CastControlBody, CastDiscoverResponse, CastPlayBody, CastStatusResponse } from '@openvod/contract';
import { call } from '../../lib/client';

/** Search the LAN for renderers (takes about 2 s on the server). */
export const castDiscover = (signal?: AbortSignal): Promise<CastDiscoverResponse> => call('castDiscover', { signal });

/** Cast an episode to a renderer found by {@link castDiscover}. */
export const castPlay = (body: CastPlayBody): Promise<CastStatusResponse> => call('castPlay', { body });

/** play / pause / stop / seek (position in seconds). */
export const castControl = (body: CastControlBody): Promise<CastStatusResponse> => call('castControl', { body });

/** The renderer's transport state, position and duration. */
export const castStatus = (deviceId: string, signal?: AbortSignal): Promise<CastStatusResponse> =>
  call('castStatus', { query: { device_id: deviceId }, signal });
