/**
 * Live fan-out of danmaku (issue 5 item 3): one room of WebSockets per episode (`vod_id` + `nid`). A danmaku saved by
 * barrageSend is published to every socket in its room, so other viewers see it at its playback time.
 *
 * - Without REDIS_URL the hub delivers in this process.
 * - With REDIS_URL every event goes through one Redis pub/sub channel (`<prefix>danmaku`), which every server
 *   process subscribes to (a duplicate connection, as subscribers need their own); each process delivers to the
 *   sockets of its own rooms. The publishing process receives its own event back and delivers it the same way, so
 *   there is one path. Redis pub/sub is fire-and-forget: a process that is disconnected from Redis misses the
 *   events meanwhile (its viewers still get every danmaku from barrageList when they load the episode).
 * - Heartbeat: every {@link HEARTBEAT_MS} each socket is pinged; one that did not answer the previous ping is
 *   terminated (dead mobile connections do not pile up).
 * - At most {@link MAX_SOCKETS} sockets per process; over it a new socket is closed with 1013 (try again later).
 */
import type { DanmakuEvent } from '@openvod/contract';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';

export const HEARTBEAT_MS = 30_000;
export const MAX_SOCKETS = 20_000;

const OPEN = 1;

/** The room key of an episode. */
export const roomKey = (vodId: number, nid: number) => `${vodId}:${nid}`;

export class DanmakuHub {
  private rooms = new Map<string, Set<WebSocket>>();
  private alive = new WeakMap<WebSocket, boolean>();
  private count = 0;
  private sub: Redis | undefined;
  private timer: NodeJS.Timeout | undefined;

  /**
   * @param redis the shared connection (REDIS_URL), or undefined for in-process delivery
   * @param channel the pub/sub channel (`<prefix>danmaku`)
   * @param onError reports Redis and delivery failures (logged by the app)
   */
  constructor(
    private redis: Redis | undefined,
    private channel: string,
    private onError: (msg: string, err: unknown) => void = () => {},
  ) {}

  /** Subscribe to the channel (with Redis) and start the heartbeat. */
  async start(): Promise<void> {
    if (this.redis) {
      const sub = this.redis.duplicate();
      sub.on('error', (err) => this.onError('danmaku subscriber connection error', err));
      await sub.subscribe(this.channel);
      sub.on('message', (ch, text) => {
        if (ch !== this.channel) return;
        try {
          this.deliver(JSON.parse(text) as DanmakuEvent, text);
        } catch (err) {
          this.onError('bad danmaku event on the channel', err);
        }
      });
      this.sub = sub;
    }
    this.timer = setInterval(() => this.heartbeat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Stop the heartbeat, close every socket and the subscriber. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const room of this.rooms.values()) for (const ws of room) ws.terminate();
    this.rooms.clear();
    this.count = 0;
    if (this.sub) await this.sub.quit().catch(() => undefined);
  }

  /** Put `ws` in the room of an episode until it closes. Returns false (and closes it) when the process is full. */
  join(vodId: number, nid: number, ws: WebSocket): boolean {
    if (this.count >= MAX_SOCKETS) {
      ws.close(1013, 'busy');
      return false;
    }
    const key = roomKey(vodId, nid);
    let room = this.rooms.get(key);
    if (!room) {
      room = new Set();
      this.rooms.set(key, room);
    }
    room.add(ws);
    this.count++;
    this.alive.set(ws, true);
    ws.on('pong', () => this.alive.set(ws, true));
    ws.once('close', () => {
      const r = this.rooms.get(key);
      if (r?.delete(ws)) this.count--;
      if (r && r.size === 0) this.rooms.delete(key);
    });
    return true;
  }

  /** Sockets of an episode in this process. */
  size(vodId: number, nid: number): number {
    return this.rooms.get(roomKey(vodId, nid))?.size ?? 0;
  }

  /** Publish an event to every viewer of its episode, in every process (through Redis when configured). */
  async publish(event: DanmakuEvent): Promise<void> {
    const text = JSON.stringify(event);
    if (this.redis) await this.redis.publish(this.channel, text);
    else this.deliver(event, text);
  }

  private deliver(event: DanmakuEvent, text: string): void {
    const room = this.rooms.get(roomKey(event.vod_id, event.nid));
    if (!room) return;
    for (const ws of room) {
      if (ws.readyState !== OPEN) continue;
      ws.send(text, (err) => {
        if (err) this.onError('danmaku delivery failed', err);
      });
    }
  }

  private heartbeat(): void {
    for (const room of this.rooms.values()) {
      for (const ws of room) {
        if (!this.alive.get(ws)) {
          ws.terminate();
          continue;
        }
        this.alive.set(ws, false);
        try {
          ws.ping();
        } catch {
          ws.terminate();
        }
      }
    }
  }
}
