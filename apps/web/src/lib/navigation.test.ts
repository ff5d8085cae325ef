import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAV_ANIMATION_MS, playPageAnimation } from './navigation';

function motion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: reduce && q.includes('reduce') }) as MediaQueryList);
}

describe('page animations (spec §2, 128 ms)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs the slide for 128 ms and clears a slide-in when done', async () => {
    motion(false);
    vi.useFakeTimers();
    const el = document.createElement('div');
    const done = playPageAnimation(el, 'in');
    expect(el.getAttribute('data-anim')).toBe('in');
    el.dispatchEvent(new Event('animationend'));
    await done;
    expect(el.hasAttribute('data-anim')).toBe(false);
    expect(NAV_ANIMATION_MS).toBe(128);
  });

  it('keeps a slid-out page out until the next page replaces it, even without animationend', async () => {
    motion(false);
    vi.useFakeTimers();
    const el = document.createElement('div');
    const done = playPageAnimation(el, 'out');
    await vi.advanceTimersByTimeAsync(NAV_ANIMATION_MS + 60);
    await done;
    expect(el.getAttribute('data-anim')).toBe('out');
  });

  it('does nothing when the viewer prefers reduced motion', async () => {
    motion(true);
    const el = document.createElement('div');
    await playPageAnimation(el, 'in');
    expect(el.hasAttribute('data-anim')).toBe(false);
  });
});
