/**
 * The danmaku engine's model (issue 5 item 3), driven frame by frame with a stub 2D context and a hand-moved clock:
 * comments enter at their time, never overlap in a lane, leave after crossing, stop while paused, clear on a seek,
 * obey keyword blocking and the display area, and live comments show at once only near the clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_DURATION_MS, type Comment, DanmakuEngine, isBlocked, laneFits } from './engine';

/** Every canvas call is a no-op; text is 10 px per character. */
function stubContext() {
  return new Proxy(
    {
      measureText: (t: string) => ({ width: t.length * 10 }),
    } as Record<string, unknown>,
    {
      get: (target, key) => (key in target ? target[key as string] : () => undefined),
      set: () => true,
    },
  );
}

beforeAll(() => {
  (globalThis as unknown as { OffscreenCanvas: unknown }).OffscreenCanvas = class {
    getContext() {
      return stubContext();
    }
    transferToImageBitmap() {
      return {};
    }
  };
});

function setup(opts: { width?: number; height?: number } = {}) {
  const canvas = { getContext: () => stubContext(), style: {}, width: 0, height: 0 } as unknown as HTMLCanvasElement;
  const clock = { currentTime: 0, paused: false, playbackRate: 1, ended: false };
  const engine = new DanmakuEngine(canvas, clock, { fontSize: 20, area: 1, speed: 1, opacity: 1, blocked: [] });
  engine.resize(opts.width ?? 400, opts.height ?? 260, 1);
  let now = 0;
  engine.frame(now);
  /** Advance wall and media time by `ms` in 16 ms frames. */
  const play = (ms: number) => {
    for (let t = 0; t < ms; t += 16) {
      now += 16;
      if (!clock.paused) clock.currentTime += 0.016 * clock.playbackRate;
      engine.frame(now);
    }
  };
  return { engine, clock, play, texts: () => engine.onScreen().map((c) => c.text) };
}

const c = (id: number, time: number, text = `c${id}`): Comment => ({ id, time, text, color: '#fff' });

describe('DanmakuEngine', () => {
  it("frames the viewer's own comment even when the live channel's echo came first", () => {
    const { engine, clock, play } = setup();
    clock.currentTime = 2;
    engine.frame(0);
    // The echo of the live channel (not marked) arrives before the send's answer.
    engine.add(c(9, 2, 'mine'));
    play(100);
    expect(engine.onScreen().map((x) => [x.id, Boolean(x.own)])).toEqual([[9, false]]);
    engine.add({ ...c(9, 2, 'mine'), own: true });
    expect(engine.onScreen()).toEqual([expect.objectContaining({ id: 9, own: true })]);
    // Still one comment (framed in place, not shown twice).
    play(100);
    expect(engine.onScreen()).toHaveLength(1);
  });

  it('shows a comment when playback reaches its time, and removes it once it has crossed', () => {
    const { engine, play, texts } = setup();
    engine.load([c(1, 1), c(2, 3)]);
    play(500);
    expect(texts()).toEqual([]);
    play(600);
    expect(texts()).toEqual(['c1']);
    play(2000);
    expect(texts()).toEqual(['c1', 'c2']);
    // A crossing takes BASE_DURATION_MS plus the comment's own width.
    play(BASE_DURATION_MS);
    expect(texts()).toEqual(['c2']);
    play(3000);
    expect(texts()).toEqual([]);
  });

  it('puts simultaneous comments in different lanes; the rest wait for a lane, and are dropped after 2 s', () => {
    // 260 px / 26 px lanes = 10 lanes.
    const short = setup();
    short.engine.load(Array.from({ length: 14 }, (_, i) => c(i, 0.5, `s${i % 10}`)));
    short.play(600);
    expect(short.engine.onScreen()).toHaveLength(10);
    // The 4 others enter once the first ones have moved in (about 600 ms for 3 characters at 400 px / 7 s).
    short.play(1000);
    expect(short.engine.onScreen()).toHaveLength(14);
    // Long ones need more than the 2 s wait to leave room: the 4 extra never enter.
    const long = setup();
    long.engine.load(Array.from({ length: 14 }, (_, i) => c(i, 0.5, `comment number ${i}`)));
    long.play(600);
    long.play(4000);
    const ids = new Set(long.engine.onScreen().map((x) => x.id));
    expect(ids.size).toBe(10);
    expect([10, 11, 12, 13].some((i) => ids.has(i))).toBe(false);
  });

  it('laneFits: a lane is free once its last comment has fully entered plus a gap', () => {
    expect(laneFits(undefined, 400, 12)).toBe(true);
    expect(laneFits({ x: 300, w: 90 }, 400, 12)).toBe(false);
    expect(laneFits({ x: 298, w: 90 }, 400, 12)).toBe(true);
  });

  it('freezes while paused (nothing moves or enters) and goes on when playing', () => {
    const { engine, clock, play, texts } = setup();
    engine.load([c(1, 0.1), c(2, 0.5)]);
    play(200);
    expect(texts()).toEqual(['c1']);
    clock.paused = true;
    play(2000);
    expect(texts()).toEqual(['c1']);
    clock.paused = false;
    play(500);
    expect(texts()).toEqual(['c1', 'c2']);
  });

  it('a seek clears the screen and restarts from the new position', () => {
    const { engine, clock, play, texts } = setup();
    engine.load([c(1, 0.1), c(2, 30.2)]);
    play(200);
    expect(texts()).toEqual(['c1']);
    clock.currentTime = 30;
    play(100);
    expect(texts()).toEqual([]);
    play(300);
    expect(texts()).toEqual(['c2']);
  });

  it('keeps blocked keywords off the screen, and erases shown ones when a keyword is added', () => {
    const { engine, play, texts } = setup();
    engine.load([c(1, 0.1, 'a SPOILER here'), c(2, 0.1, 'fine')]);
    engine.setOptions({ blocked: ['spoiler'] });
    play(300);
    expect(texts()).toEqual(['fine']);
    engine.setOptions({ blocked: ['spoiler', 'FIN'] });
    expect(texts()).toEqual([]);
    expect(isBlocked('Final', ['fin'])).toBe(true);
  });

  it('uses only the display area: a quarter of the height holds a quarter of the lanes', () => {
    const { engine, play } = setup({ height: 416 }); // 16 lanes
    engine.setOptions({ area: 0.25 });
    engine.load(Array.from({ length: 10 }, (_, i) => c(i, 0.1, `x${i}`)));
    play(100);
    expect(engine.onScreen()).toHaveLength(4);
  });

  it('a live comment shows at once when it is at most 10 s behind the clock, later when it is ahead', () => {
    const { engine, clock, play, texts } = setup();
    clock.currentTime = 20;
    engine.frame(0);
    engine.add(c(1, 15));
    engine.add(c(2, 5));
    engine.add(c(3, 21));
    play(100);
    expect(texts()).toEqual(['c1']);
    play(1000);
    expect(texts()).toEqual(['c1', 'c3']);
    // A duplicate (the live echo of one already known) is ignored.
    engine.add(c(1, 15));
    play(100);
    expect(texts()).toEqual(['c1', 'c3']);
    engine.remove(1);
    expect(texts()).toEqual(['c3']);
  });

  it('while paused, a live comment shows at once at the right edge', () => {
    const { engine, clock, texts } = setup();
    clock.currentTime = 5;
    clock.paused = true;
    engine.frame(0);
    engine.add(c(1, 5));
    engine.frame(16);
    expect(texts()).toEqual(['c1']);
  });
});
