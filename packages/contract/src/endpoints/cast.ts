/**
 * The cast operations (DLNA through the server; spec §2 Casting, §4 Casting states). Open to every viewer (a guest
 * at home casts too) but only from clients on the server's own network (loopback or private addresses; 403 else),
 * rate-limited per client; the episode's play rights follow getDetail's group rules.
 */
import * as K from '../cast.ts';
import type { Endpoint } from '../endpoint-type.ts';

export const castEndpoints = {
  castDiscover: {
    method: 'POST',
    path: '/api/cast/discover',
    response: K.CastDiscoverResponse,
    summary: 'Search the local network for DLNA renderers (SSDP, about 2 s)',
  },
  castPlay: {
    method: 'POST',
    path: '/api/cast/play',
    body: K.CastPlayBody,
    response: K.CastStatusResponse,
    summary: 'Cast an episode to a discovered renderer (SetAVTransportURI + Play)',
  },
  castControl: {
    method: 'POST',
    path: '/api/cast/control',
    body: K.CastControlBody,
    response: K.CastStatusResponse,
    summary: 'Play, pause, seek or stop the cast on a renderer',
  },
  castStatus: {
    method: 'GET',
    path: '/api/cast/status',
    query: K.CastStatusQuery,
    response: K.CastStatusResponse,
    summary: "A renderer's transport state, position and duration (poll while casting)",
  },
} as const satisfies Record<string, Endpoint>;
