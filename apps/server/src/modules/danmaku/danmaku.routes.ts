/**
 * Danmaku routes (issue 5 items 3 and 6; operationIds of spec/calls.md: barrageList, barrageSend; console:
 * adminListDanmaku, adminDeleteDanmaku, adminListDanmakuBlocks, adminBlockDanmakuUser, adminUnblockDanmakuUser) and
 * the live channel.
 *
 * Live channel: `GET /api/danmaku/ws?vodId=&nid=` upgrades to a WebSocket in the episode's room ({@link DanmakuHub});
 * the server sends one JSON text frame per {@link DanmakuEvent} and ignores what the client sends (frames over 1 KB
 * close the socket). Anyone may listen (danmaku are public); a bad query closes with 1008. Upgrades are limited to
 * 60 per minute per IP, barrageSend to 60 per minute per IP on top of the per-user limit of the service.
 */
import websocket from '@fastify/websocket';
import { DANMAKU_WS_PATH, DanmakuSocketQuery } from '@openvod/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import { currentUser } from '../accounts/accounts.service.ts';
import type { DanmakuHub } from './danmaku.hub.ts';
import type { DanmakuService } from './danmaku.service.ts';

const ok = { code: 1 as const, msg: 'ok' };

/** Register the danmaku routes and the live channel (above) on `hub`; the WebSocket plugin once per app. */
export async function danmakuRoutes(app: FastifyInstance, service: DanmakuService, hub: DanmakuHub) {
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, { options: { maxPayload: 1024 } });
  }

  defineRoute(app, 'barrageList', async ({ query }) => service.list(query));
  defineRoute(
    app,
    'barrageSend',
    async ({ body, req }) => ({
      ...ok,
      info: await service.send(currentUser(req), {
        vodId: body.vodId,
        sid: body.sid,
        nid: body.nid,
        time: body.time,
        text: body.text,
        color: body.color,
      }),
    }),
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );

  app.get(
    DANMAKU_WS_PATH,
    {
      websocket: true,
      schema: { operationId: 'danmakuSocket', tags: ['app'], hide: true },
      // keyGenerator: an upgrade made without a socket address (tests' injectWS) counts under one key.
      config: { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: (req) => req.ip ?? 'unknown' } },
    },
    (socket, req) => {
      const q = DanmakuSocketQuery.safeParse(req.query);
      if (!q.success) {
        socket.close(1008, 'vodId and nid are required');
        return;
      }
      // Incoming frames carry nothing; a client that sends more than maxPayload is closed by ws itself.
      socket.on('message', () => {});
      hub.join(q.data.vodId, q.data.nid, socket);
    },
  );

  defineRoute(app, 'adminListDanmaku', async ({ query }) => service.adminList(query));
  defineRoute(app, 'adminDeleteDanmaku', async ({ params }) => {
    await service.remove(params.id);
    return ok;
  });
  defineRoute(app, 'adminListDanmakuBlocks', async () => ({ ...ok, list: await service.blocks() }));
  defineRoute(app, 'adminBlockDanmakuUser', async ({ params, body }) => ({
    ...ok,
    info: await service.block(params.id, body.reason),
  }));
  defineRoute(app, 'adminUnblockDanmakuUser', async ({ params }) => {
    await service.unblock(params.id);
    return ok;
  });
}
