/**
 * Cache invalidation across processes (DESIGN.md §1 roles; docs/architecture.md "Caches"). A module that keeps an
 * in-process cache of something another process can change subscribes to a topic with {@link Invalidation.on}; the
 * code that changes it calls {@link Invalidation.publish}. The local handlers run at once; with REDIS_URL the
 * message also goes out on one Redis pub/sub channel (`<prefix>invalidate`) and every other process of the
 * installation runs its handlers when it arrives (milliseconds). Without Redis there is one process and nothing to
 * tell.
 *
 * Topics and their keys (each cache names what it listens to):
 * - `session`: a session token's SHA-256 (modules/accounts: a logout);
 * - `user`: a user id (modules/accounts and billing: group, VIP end, status, password, deletion, merge);
 * - `group`: a group id, or `*` (group rights edited; categories added by the importer);
 * - `catalogue`: `*` (titles or categories edited: the content module's caches);
 * - `ulog`: a user id (watch or download records removed: the play gate's found records, modules/quotas);
 * - `settings`: an operator settings key of core/settings.ts (modules/places: the map settings).
 *
 * Losing a message (Redis down or restarting) costs no request anything: every cache that listens here also has a
 * short lifetime of its own (seconds), which bounds how long another process can serve the old value.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export type InvalidationTopic = 'session' | 'user' | 'group' | 'catalogue' | 'ulog' | 'settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cache invalidation shared by the app's processes (app.ts). */
    invalidation: Invalidation;
  }
}

type Handler = (key: string) => void;

interface Message {
  /** The publishing process (its own handlers already ran). */
  o: string;
  t: InvalidationTopic;
  k: string;
}

export class Invalidation {
  private readonly handlers = new Map<InvalidationTopic, Handler[]>();
  private readonly origin = randomUUID();
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  private channel = '';

  /** `onError` receives failed publishes and handler throws (the app logs them); neither reaches the caller. */
  constructor(private readonly onError: (msg: string, err: unknown) => void = () => undefined) {}

  /** Run `handler(key)` whenever `topic` is published, here or in another process; returns the unsubscriber. */
  on(topic: InvalidationTopic, handler: Handler): () => void {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler);
    this.handlers.set(topic, list);
    return () => {
      const at = list.indexOf(handler);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /**
   * `key` of `topic` changed: run this process's handlers now and tell the other processes (with Redis). Never
   * throws and never waits for Redis.
   */
  publish(topic: InvalidationTopic, key: string | number): void {
    const k = String(key);
    this.runLocal(topic, k);
    if (!this.publisher) return;
    const message: Message = { o: this.origin, t: topic, k };
    this.publisher.publish(this.channel, JSON.stringify(message)).catch((err) => {
      this.onError('invalidation: publish failed', err);
    });
  }

  /**
   * Share the invalidations of this process with the others through Redis: publish on `channel` with `redis`,
   * receive on a duplicate connection (a subscribing connection can do nothing else). Resolves once subscribed.
   */
  async connect(redis: Redis, channel: string): Promise<void> {
    this.channel = channel;
    const sub = redis.duplicate();
    sub.on('error', (err) => this.onError('invalidation: subscriber connection error', err));
    sub.on('message', (ch: string, raw: string) => {
      if (ch !== channel) return;
      let m: Message;
      try {
        m = JSON.parse(raw) as Message;
      } catch (err) {
        this.onError('invalidation: unreadable message', err);
        return;
      }
      if (m.o !== this.origin && typeof m.k === 'string') this.runLocal(m.t, m.k);
    });
    await sub.subscribe(channel);
    this.subscriber = sub;
    this.publisher = redis;
  }

  /** Stop receiving (app close); publishing goes local-only. */
  async close(): Promise<void> {
    this.publisher = undefined;
    const sub = this.subscriber;
    this.subscriber = undefined;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }

  private runLocal(topic: InvalidationTopic, key: string): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(key);
      } catch (err) {
        this.onError(`invalidation: ${topic} handler failed`, err);
      }
    }
  }
}
