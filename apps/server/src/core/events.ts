/**
 * The typed in-process event bus (DESIGN.md §1): a module announces what happened, others react, and neither
 * imports the other. Event names and payloads are declared by the announcing module in its `<m>.events.ts`, by
 * augmenting {@link AppEvents}:
 *
 * ```ts
 * declare module '../../core/events.ts' {
 *   interface AppEvents { 'favourite.added': { user: UserRow; vodId: number } }
 * }
 * ```
 *
 * Two ways to announce:
 * - {@link EventBus.emit}: inside the announcing transaction. The payload carries its `tx`; every handler runs
 *   in order and is awaited, and a handler's throw propagates to the announcer, which rolls the whole write back
 *   (account deletion: the handlers remove the user's rows with it or not at all).
 * - {@link EventBus.announce}: after commit. Every handler runs in order and is awaited; a handler's failure is
 *   reported through `onError` and never reaches the announcer (its write already happened).
 *
 * The bus is decorated on the app as `app.events` (app.ts); modules receive it when they are built.
 */

/**
 * Event name → payload. Empty here: each module adds its own events by declaration merging (see above), so the
 * core names no module.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules' <m>.events.ts
export interface AppEvents {}

export type EventName = keyof AppEvents;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's event bus (app.ts). */
    events: EventBus;
  }
}
/** A handler; what it returns (or resolves to) is ignored. */
export type EventHandler<E extends EventName> = (payload: AppEvents[E]) => unknown;

export class EventBus {
  private readonly handlers = new Map<EventName, EventHandler<never>[]>();

  /** `onError` receives after-commit handler failures ({@link announce}); the app logs them. */
  constructor(private readonly onError: (event: string, err: unknown) => void = () => undefined) {}

  /** Subscribe `handler` to `event`; returns the function that unsubscribes it. */
  on<E extends EventName>(event: E, handler: EventHandler<E>): () => void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler as EventHandler<never>);
    this.handlers.set(event, list);
    return () => {
      const at = list.indexOf(handler as EventHandler<never>);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /**
   * Announce `event` inside the announcer's transaction: handlers run one after another and are awaited; the
   * first throw stops the rest and propagates (the announcer's transaction rolls back).
   */
  async emit<E extends EventName>(event: E, payload: AppEvents[E]): Promise<void> {
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      await (handler as EventHandler<E>)(payload);
    }
  }

  /**
   * Announce `event` after the announcing write committed: every handler runs and is awaited; failures go to
   * `onError` and the remaining handlers still run.
   */
  async announce<E extends EventName>(event: E, payload: AppEvents[E]): Promise<void> {
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      try {
        await (handler as EventHandler<E>)(payload);
      } catch (err) {
        this.onError(event, err);
      }
    }
  }
}
