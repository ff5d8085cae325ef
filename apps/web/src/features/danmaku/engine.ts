/**
 * The danmaku renderer (issue 5 item 3; research/player.md §2): a React-free canvas engine in the scroll-lane
 * model, driven by one requestAnimationFrame loop.
 *
 * - Timing: a comment enters when the media clock reaches its `time` (seconds). The clock is the `<video>` (or
 *   anything with `currentTime`, `paused`, `playbackRate`): while paused nothing moves and nothing enters; a jump of
 *   the clock (a seek) clears the screen and restarts from the new position; movement follows `playbackRate`.
 * - Speed from the player width: every comment moves at `width / crossing` px per ms of media time, where `crossing`
 *   is {@link BASE_DURATION_MS} divided by the speed setting (clamped to 2-10 s), so a wide player moves comments
 *   faster and every comment takes the same time to cross. A comment is removed when it has left, or after
 *   {@link DANMAKU_DISPLAY_MS} (15000 ms, spec §9) on screen.
 * - Lanes: the top `area` fraction of the height is cut into lanes of `fontSize * 1.3` px. All comments move at one
 *   speed, so a comment takes the first lane whose last comment has fully entered plus a gap: no overlap, ever. A
 *   comment that finds no lane within {@link MAX_WAIT_MS} is dropped (the density cap).
 * - Drawing (the "conveyor"): since everything moves together by whole device pixels, a frame shifts the canvas's
 *   own pixels left (one blit, whatever the number of comments) and draws only the comments still entering at the
 *   right edge. Each comment's text, with a dark outline (own comments framed), is rendered once when it enters.
 *   A frame therefore costs about the same with 10 or 2000 comments on screen.
 * - Filters before layout: keyword blocking (case-insensitive substrings); changing the list erases what it hides.
 */
import { DANMAKU_DISPLAY_MS } from '@openvod/contract';

/** What the engine reads of the `<video>`. */
export interface MediaClock {
  readonly currentTime: number;
  readonly paused: boolean;
  readonly playbackRate: number;
  /** Played to the end: the comments of the last instant still enter (shown where they stop). */
  readonly ended?: boolean;
}

export interface Comment {
  id: number | string;
  /** Playback position, seconds. */
  time: number;
  /** Plain text (already unescaped). */
  text: string;
  /** CSS colour. */
  color: string;
  /** Sent from this screen: drawn with a border. */
  own?: boolean;
}

export interface EngineOptions {
  /** 0.1-1, applied as the canvas's CSS opacity. */
  opacity: number;
  /** Fraction of the height used by lanes: 0.25, 0.5, 0.75, 1. */
  area: number;
  /** CSS px. */
  fontSize: number;
  /** Speed factor: 1 crosses the player in {@link BASE_DURATION_MS}. */
  speed: number;
  /** Keywords: a comment containing one (case-insensitive) is not shown. */
  blocked: string[];
}

/** Time to cross the player at speed 1 (ms). */
export const BASE_DURATION_MS = 7000;
/** A comment waiting for a free lane longer than this is dropped. */
export const MAX_WAIT_MS = 2000;
/** A clock jump bigger than this (s) between frames is a seek. */
const SEEK_JUMP_S = 1.5;
/** A comment at most this far (s) ahead of the clock counts as now (positions travel rounded to the ms). */
const NOW_SLACK_S = 0.25;
/** Space kept between two comments of a lane (CSS px). */
const GAP = 12;

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = { opacity: 1, area: 1, fontSize: 18, speed: 1, blocked: [] };

interface Live {
  c: Comment;
  lane: number;
  /** Left edge, device px (whole). */
  x: number;
  /** Width, device px. */
  w: number;
  /** Media ms spent on screen. */
  age: number;
  sprite: CanvasImageSource;
}

/** Crossing time of the player at speed factor `speed` (ms), 2-10 s. */
export function crossingMs(speed: number): number {
  return Math.min(10_000, Math.max(2000, BASE_DURATION_MS / Math.max(0.1, speed)));
}

/** Can a comment enter a lane whose last comment is `last`? It must have fully entered, plus a gap. */
export function laneFits(last: Pick<Live, 'x' | 'w'> | undefined, width: number, gap: number): boolean {
  return !last || last.x + last.w + gap <= width;
}

export function isBlocked(text: string, blocked: readonly string[]): boolean {
  if (blocked.length === 0) return false;
  const lower = text.toLowerCase();
  return blocked.some((k) => k && lower.includes(k.toLowerCase()));
}

/** Free an ImageBitmap sprite at once instead of waiting for the collector. */
function release(l: Live): void {
  if (typeof ImageBitmap !== 'undefined' && l.sprite instanceof ImageBitmap) l.sprite.close();
}

export class DanmakuEngine {
  private comments: Comment[] = [];
  private ids = new Set<number | string>();
  /** Index of the next comment to enter. */
  private cursor = 0;
  private waiting: { c: Comment; since: number }[] = [];
  /** Ids queued or shown since the last clear (a comment enters once). */
  private queued = new Set<number | string>();
  /** Media time (s) the cursor has passed: every comment before the cursor is at or before it. */
  private scanned = 0;
  private live: Live[] = [];
  private lanes: (Live | undefined)[] = [];
  private opts: EngineOptions;
  /** Canvas size in device px. */
  private width = 0;
  private height = 0;
  private dpr = 1;
  private ctx: CanvasRenderingContext2D;
  private raf = 0;
  private lastFrame = 0;
  private lastMedia = Number.NaN;
  private running = false;
  /** Fraction of a device pixel not shifted yet. */
  private carry = 0;
  /** Called once per comment when it appears on screen. */
  onEnter?: (c: Comment) => void;

  constructor(
    private canvas: HTMLCanvasElement,
    private clock: MediaClock,
    opts: Partial<EngineOptions> = {},
  ) {
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('canvas 2d context unavailable');
    this.ctx = ctx;
    this.opts = { ...DEFAULT_ENGINE_OPTIONS, ...opts };
    canvas.style.opacity = String(this.opts.opacity);
  }

  /** Replace the comment list (a reload): comments on screen stay, the cursor moves to the clock. */
  load(list: Comment[]): void {
    this.comments = [...list].sort((a, b) => a.time - b.time);
    this.ids = new Set(this.comments.map((c) => c.id));
    for (const l of this.live) this.ids.add(l.c.id);
    for (const w of this.waiting) this.ids.add(w.c.id);
    this.scanned = this.clock.currentTime;
    this.cursor = this.indexAt(this.scanned);
  }

  /**
   * Add one comment (live channel, or just sent). Ignored when known. Shown at once when its time lies at most
   * `showWithinS` before the clock (a viewer at about the same place), later when playback reaches it.
   */
  add(c: Comment, showWithinS = 10): void {
    if (this.ids.has(c.id)) {
      // The viewer's own, already known from the live channel (its echo often arrives before the send's answer).
      if (c.own) this.markOwn(c.id);
      return;
    }
    this.ids.add(c.id);
    const now = this.clock.currentTime;
    const i = this.indexAt(c.time);
    this.comments.splice(i, 0, c);
    // Before the cursor (or behind what the cursor has passed): keep the cursor on the same next comment.
    if (i < this.cursor || (i === this.cursor && c.time < this.scanned)) this.cursor++;
    // Times travel rounded to the millisecond: a comment a hair ahead of the clock is "now".
    if (c.time <= now + NOW_SLACK_S && now - c.time <= showWithinS) this.enqueue(c, performance.now());
  }

  /**
   * Frame a known comment as the viewer's own: in the list, in the queue, and on screen (its sprite is drawn again,
   * framed, where it is).
   */
  private markOwn(id: number | string): void {
    const own = (c: Comment) => (c.id === id && !c.own ? { ...c, own: true } : c);
    this.comments = this.comments.map(own);
    for (const w of this.waiting) w.c = own(w.c);
    const lh = this.laneHeight();
    for (const l of this.live) {
      if (l.c.id !== id || l.c.own) continue;
      l.c = own(l.c);
      this.ctx.font = `bold ${this.opts.fontSize}px sans-serif`;
      const w = Math.ceil((this.ctx.measureText(l.c.text).width + 4 + 8) * this.dpr);
      this.ctx.globalCompositeOperation = 'source-over';
      this.ctx.clearRect(l.x, l.lane * lh, l.w, lh);
      release(l);
      l.w = w;
      l.sprite = this.sprite(l.c, w, lh);
      if (l.x < this.width) this.ctx.drawImage(l.sprite, l.x, l.lane * lh);
    }
  }

  /** Queue a comment for a lane, once per screen (a clear forgets). */
  private enqueue(c: Comment, since: number): void {
    if (this.queued.has(c.id)) return;
    this.queued.add(c.id);
    this.waiting.push({ c, since });
  }

  /** Drop a comment (removed by the operator) from the list and the screen. */
  remove(id: number | string): void {
    const i = this.comments.findIndex((c) => c.id === id);
    if (i >= 0) {
      this.comments.splice(i, 1);
      if (i < this.cursor) this.cursor--;
    }
    this.waiting = this.waiting.filter((w) => w.c.id !== id);
    this.erase((l) => l.c.id === id);
  }

  setOptions(patch: Partial<EngineOptions>): void {
    const before = this.opts;
    this.opts = { ...this.opts, ...patch };
    this.canvas.style.opacity = String(this.opts.opacity);
    if (before.fontSize !== this.opts.fontSize || before.area !== this.opts.area) this.clear();
    else if (patch.blocked) this.erase((l) => isBlocked(l.c.text, this.opts.blocked));
  }

  /** The player box changed size (CSS px): the canvas follows at the device pixel ratio; the screen is cleared. */
  resize(width: number, height: number, dpr = globalThis.devicePixelRatio || 1): void {
    const w = Math.max(1, Math.round(width * dpr));
    const h = Math.max(1, Math.round(height * dpr));
    if (w === this.width && h === this.height && dpr === this.dpr) return;
    this.width = w;
    this.height = h;
    this.dpr = dpr;
    this.canvas.width = w;
    this.canvas.height = h;
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.clear();
  }

  /** Empty the screen and restart from the clock (seek, resize, layout change). */
  clear(): void {
    for (const l of this.live) release(l);
    this.live = [];
    this.lanes = [];
    this.waiting = [];
    this.queued.clear();
    this.carry = 0;
    this.scanned = this.clock.currentTime;
    this.cursor = this.indexAt(this.scanned);
    this.ctx.globalCompositeOperation = 'source-over';
    this.ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.lastFrame = performance.now();
    this.lastMedia = this.clock.currentTime;
    const loop = (t: number) => {
      if (!this.running) return;
      this.frame(t);
      this.raf = requestAnimationFrame(loop);
    };
    this.raf = requestAnimationFrame(loop);
  }

  stop(): void {
    this.running = false;
    cancelAnimationFrame(this.raf);
  }

  destroy(): void {
    this.stop();
    this.clear();
    this.comments = [];
  }

  /** Comments on screen now. */
  onScreen(): Comment[] {
    return this.live.map((l) => l.c);
  }

  /** First index whose time is >= `t`. */
  private indexAt(t: number): number {
    let lo = 0;
    let hi = this.comments.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.comments[mid] as Comment).time < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private laneHeight(): number {
    return Math.ceil(this.opts.fontSize * 1.3 * this.dpr);
  }

  /** Remove the comments on screen that `match`, wiping their pixels (lanes never overlap, so nothing else). */
  private erase(match: (l: Live) => boolean): void {
    const lh = this.laneHeight();
    this.ctx.globalCompositeOperation = 'source-over';
    this.live = this.live.filter((l) => {
      if (!match(l)) return true;
      this.ctx.clearRect(l.x, l.lane * lh, l.w, lh);
      if (this.lanes[l.lane] === l) this.lanes[l.lane] = undefined;
      release(l);
      return false;
    });
  }

  /** One frame at `now` (performance.now() ms). Public for tests. */
  frame(now: number): void {
    const clock = this.clock;
    const media = clock.currentTime;
    const wall = Math.min(100, Math.max(0, now - this.lastFrame));
    this.lastFrame = now;
    const expected = clock.paused ? this.lastMedia : this.lastMedia + (wall / 1000) * clock.playbackRate;
    if (Number.isFinite(this.lastMedia) && Math.abs(media - expected) > SEEK_JUMP_S) this.clear();
    this.lastMedia = media;
    const dt = clock.paused ? 0 : wall * clock.playbackRate;
    const ctx = this.ctx;

    if (dt > 0) {
      this.carry += (this.width / crossingMs(this.opts.speed)) * dt;
      const dx = Math.floor(this.carry);
      this.carry -= dx;
      const had = this.live.length;
      let kept = 0;
      let expired = false;
      for (const l of this.live) {
        l.x -= dx;
        l.age += dt;
        if (l.x + l.w <= 0) {
          if (this.lanes[l.lane] === l) this.lanes[l.lane] = undefined;
          release(l);
        } else {
          this.live[kept++] = l;
          if (l.age > DANMAKU_DISPLAY_MS) expired = true;
        }
      }
      this.live.length = kept;
      if (dx > 0 && kept > 0) {
        // Shift every pixel left by dx; 'copy' also clears the column uncovered on the right.
        ctx.globalCompositeOperation = 'copy';
        ctx.drawImage(this.canvas, -dx, 0);
        ctx.globalCompositeOperation = 'source-over';
        // Comments still entering: their right part was outside the canvas. Redraw them whole at their place.
        const lh = this.laneHeight();
        for (const l of this.live) {
          if (l.x + l.w > this.width) {
            ctx.clearRect(l.x, l.lane * lh, this.width - l.x, lh);
            ctx.drawImage(l.sprite, l.x, l.lane * lh);
          }
        }
      } else if (kept === 0 && had > 0) {
        ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
      }
      if (expired) this.erase((l) => l.age > DANMAKU_DISPLAY_MS);
    }
    if (!clock.paused || clock.ended) {
      const until = clock.ended ? media + NOW_SLACK_S : media;
      while (this.cursor < this.comments.length && (this.comments[this.cursor] as Comment).time <= until) {
        this.enqueue(this.comments[this.cursor] as Comment, now);
        this.cursor++;
      }
      this.scanned = media;
    }
    if (this.waiting.length > 0) this.place(now);
  }

  private place(now: number): void {
    const { fontSize, area, blocked } = this.opts;
    const lh = this.laneHeight();
    const count = Math.max(1, Math.floor((this.height * area) / lh));
    const gap = Math.round(GAP * this.dpr);
    const ctx = this.ctx;
    ctx.font = `bold ${fontSize}px sans-serif`;
    let kept = 0;
    let first = 0;
    for (const item of this.waiting) {
      const c = item.c;
      if (isBlocked(c.text, blocked)) continue;
      let lane = -1;
      for (let i = first; i < count; i++) {
        if (laneFits(this.lanes[i], this.width, gap)) {
          lane = i;
          break;
        }
      }
      if (lane < 0) {
        // Every lane is busy: the rest waits too (no need to measure them this frame).
        first = count;
        if (now - item.since < MAX_WAIT_MS) this.waiting[kept++] = item;
        continue;
      }
      const w = Math.ceil((ctx.measureText(c.text).width + 4 + (c.own ? 8 : 0)) * this.dpr);
      // Playing, it slides in from the right edge; paused, it shows at once at the edge.
      const x = this.clock.paused ? Math.max(0, this.width - w) : this.width;
      const l: Live = { c, lane, x, w, age: 0, sprite: this.sprite(c, w, lh) };
      if (x < this.width) ctx.drawImage(l.sprite, x, lane * lh);
      this.lanes[lane] = l;
      this.live.push(l);
      this.onEnter?.(c);
    }
    this.waiting.length = kept;
  }

  /**
   * The comment's pixels (device px): text with a dark outline (own comments framed), drawn once. An ImageBitmap
   * where OffscreenCanvas exists, else a small canvas.
   */
  private sprite(c: Comment, w: number, h: number): CanvasImageSource {
    const dpr = this.dpr;
    const { fontSize } = this.opts;
    const off = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(w, h) : undefined;
    const s = off ?? Object.assign(document.createElement('canvas'), { width: w, height: h });
    const g = s.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!g) return s;
    g.scale(dpr, dpr);
    const cw = w / dpr;
    const ch = h / dpr;
    g.font = `bold ${fontSize}px sans-serif`;
    g.textBaseline = 'middle';
    g.lineJoin = 'round';
    g.lineWidth = Math.max(2, fontSize / 8);
    g.strokeStyle = 'rgba(0,0,0,0.75)';
    const x = 2 + (c.own ? 4 : 0);
    g.strokeText(c.text, x, ch / 2);
    g.fillStyle = c.color;
    g.fillText(c.text, x, ch / 2);
    if (c.own) {
      g.strokeStyle = '#ffffff';
      g.lineWidth = 1;
      g.strokeRect(0.5, 0.5, cw - 1, ch - 1);
    }
    return off ? off.transferToImageBitmap() : s;
  }
}
