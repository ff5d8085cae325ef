import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import styles from './SwipePager.module.css';
import {
  clampIndex,
  DRAG_START_PX,
  dragOffset,
  initialWheel,
  keyStep,
  settleIndex,
  type WheelState,
  wheelPixels,
  wheelStep,
} from './swipe';

/** Slide position relative to the current page. */
export type SlideOffset = -1 | 0 | 1;

interface SwipePagerProps {
  count: number;
  index: number;
  /** Asked to show another page (swipe, wheel, arrow keys); the owner updates `index`. */
  onIndexChange: (index: number) => void;
  direction: 'vertical' | 'horizontal';
  /** The page at `i`; only the current page and its two neighbours are mounted. */
  renderSlide: (i: number, offset: SlideOffset) => ReactNode;
  /** Stable key of page `i` (keeps a neighbour's element when it becomes current). */
  slideKey: (i: number) => string;
  /** Accessible name of the pager region. */
  label: string;
  /** Listen for arrow / page keys on the window (default true). */
  keyboard?: boolean;
  testId?: string;
}

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  lastPos: number;
  lastTime: number;
  velocity: number;
  active: boolean;
}

/**
 * Full-size pager: one page per screen, turned by dragging (touch or mouse), the mouse wheel / trackpad, or the
 * arrow and page keys. Renders only pages `index-1 .. index+1`, so a video feed keeps at most three players alive.
 * Decisions are in `swipe.ts`.
 */
export function SwipePager({
  count,
  index,
  onIndexChange,
  direction,
  renderSlide,
  slideKey,
  label,
  keyboard = true,
  testId,
}: SwipePagerProps) {
  const vertical = direction === 'vertical';
  const rootRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<Drag | null>(null);
  const wheelRef = useRef<WheelState>(initialWheel);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const current = clampIndex(index, count);
  const stateRef = useRef({ current, count, onIndexChange });
  stateRef.current = { current, count, onIndexChange };

  const go = useCallback((step: number) => {
    const { current: at, count: n, onIndexChange: change } = stateRef.current;
    const next = clampIndex(at + step, n);
    if (next !== at) change(next);
  }, []);

  const size = () => {
    const el = rootRef.current;
    return el ? (vertical ? el.clientHeight : el.clientWidth) : 0;
  };

  useEffect(() => {
    if (!keyboard) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      const step = keyStep(e.key, vertical);
      if (step === 0) return;
      e.preventDefault();
      go(step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keyboard, vertical, go]);

  // A non-passive wheel listener: the page itself must not scroll (or bounce) behind the pager.
  useEffect(() => {
    const el = rootRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const raw = vertical || Math.abs(e.deltaX) < Math.abs(e.deltaY) ? e.deltaY : e.deltaX;
      const page = vertical ? el.clientHeight : el.clientWidth;
      const result = wheelStep(wheelRef.current, wheelPixels(raw, e.deltaMode, page), performance.now());
      wheelRef.current = result.state;
      if (result.step !== 0) go(result.step);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [vertical, go]);

  const onPointerDown = (e: React.PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const pos = vertical ? e.clientY : e.clientX;
    dragRef.current = {
      pointerId: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      lastPos: pos,
      lastTime: e.timeStamp,
      velocity: 0,
      active: false,
    };
  };

  const onPointerMove = (e: React.PointerEvent) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== e.pointerId) return;
    const main = vertical ? e.clientY - drag.y : e.clientX - drag.x;
    const cross = vertical ? e.clientX - drag.x : e.clientY - drag.y;
    if (!drag.active) {
      if (Math.abs(main) < DRAG_START_PX) return;
      if (Math.abs(cross) > Math.abs(main)) {
        // A gesture along the other axis: not ours.
        dragRef.current = null;
        return;
      }
      drag.active = true;
      setDragging(true);
      rootRef.current?.setPointerCapture?.(e.pointerId);
    }
    const pos = vertical ? e.clientY : e.clientX;
    const dt = e.timeStamp - drag.lastTime;
    if (dt > 0) drag.velocity = (pos - drag.lastPos) / dt;
    drag.lastPos = pos;
    drag.lastTime = e.timeStamp;
    setOffset(dragOffset(main, stateRef.current.current, stateRef.current.count));
  };

  const endDrag = (e: React.PointerEvent, cancelled: boolean) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== e.pointerId) return;
    dragRef.current = null;
    if (!drag.active) return;
    const main = vertical ? e.clientY - drag.y : e.clientX - drag.x;
    setDragging(false);
    setOffset(0);
    if (cancelled) return;
    const { current: at, count: n, onIndexChange: change } = stateRef.current;
    const next = settleIndex({ delta: main, velocity: drag.velocity, size: size(), index: at, count: n });
    if (next !== at) change(next);
  };

  const slides: number[] = [];
  for (let i = current - 1; i <= current + 1; i++) if (i >= 0 && i < count) slides.push(i);

  return (
    <section
      ref={rootRef}
      className={styles.pager}
      data-direction={direction}
      data-dragging={dragging || undefined}
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={testId}
      data-index={current}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(e) => endDrag(e, false)}
      onPointerCancel={(e) => endDrag(e, true)}
    >
      {slides.map((i) => {
        const rel = (i - current) as SlideOffset;
        const shift = `calc(${rel * 100}% + ${offset}px)`;
        return (
          <div
            key={slideKey(i)}
            className={styles.slide}
            style={{ transform: vertical ? `translate3d(0, ${shift}, 0)` : `translate3d(${shift}, 0, 0)` }}
            aria-hidden={rel !== 0}
            inert={rel !== 0}
            data-slide={i}
          >
            {renderSlide(i, rel)}
          </div>
        );
      })}
    </section>
  );
}
