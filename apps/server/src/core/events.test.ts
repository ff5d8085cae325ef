/** The event bus (core/events.ts): in-transaction `emit` propagates failures, after-commit `announce` contains them. */
import { describe, expect, it } from 'vitest';
import { EventBus } from './events.ts';

declare module './events.ts' {
  interface AppEvents {
    'test.happened': { n: number };
  }
}

describe('EventBus', () => {
  it('emit runs the handlers in order and stops at the first throw, which reaches the announcer', async () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.on('test.happened', async ({ n }) => void seen.push(`a${n}`));
    bus.on('test.happened', () => {
      throw new Error('b failed');
    });
    bus.on('test.happened', ({ n }) => void seen.push(`c${n}`));
    await expect(bus.emit('test.happened', { n: 1 })).rejects.toThrow('b failed');
    expect(seen).toEqual(['a1']);
  });

  it('announce runs every handler, reports failures to onError and never throws', async () => {
    const errors: [string, unknown][] = [];
    const bus = new EventBus((event, err) => errors.push([event, err]));
    const seen: number[] = [];
    bus.on('test.happened', async () => {
      throw new Error('first failed');
    });
    bus.on('test.happened', async ({ n }) => void seen.push(n));
    await bus.announce('test.happened', { n: 2 });
    expect(seen).toEqual([2]);
    expect(errors.map(([event, err]) => [event, (err as Error).message])).toEqual([['test.happened', 'first failed']]);
  });

  it('on returns the function that unsubscribes the handler', async () => {
    const bus = new EventBus();
    const seen: number[] = [];
    const off = bus.on('test.happened', ({ n }) => void seen.push(n));
    await bus.emit('test.happened', { n: 1 });
    off();
    await bus.emit('test.happened', { n: 2 });
    expect(seen).toEqual([1]);
  });
});
