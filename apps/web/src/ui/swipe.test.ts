import { describe, expect, it } from 'vitest';
import {
  clampIndex,
  dragOffset,
  EDGE_RESISTANCE,
  initialWheel,
  keyStep,
  settleIndex,
  WHEEL_LOCK_MS,
  WHEEL_STEP_PX,
  wheelPixels,
  wheelStep,
} from './swipe';

describe('clampIndex', () => {
  it('keeps the index inside the list', () => {
    expect(clampIndex(-1, 5)).toBe(0);
    expect(clampIndex(7, 5)).toBe(4);
    expect(clampIndex(2, 5)).toBe(2);
    expect(clampIndex(3, 0)).toBe(0);
  });
});

describe('dragOffset', () => {
  it('follows the finger between pages and resists past the ends', () => {
    expect(dragOffset(-100, 1, 3)).toBe(-100);
    expect(dragOffset(100, 1, 3)).toBe(100);
    expect(dragOffset(100, 0, 3)).toBe(100 * EDGE_RESISTANCE);
    expect(dragOffset(-100, 2, 3)).toBe(-100 * EDGE_RESISTANCE);
    // Pulling towards the inside at an end is not damped.
    expect(dragOffset(-100, 0, 3)).toBe(-100);
  });
});

describe('settleIndex', () => {
  const base = { size: 800, index: 2, count: 5 };
  it('turns to the next page on a long drag up and the previous on a long drag down', () => {
    expect(settleIndex({ ...base, delta: -200, velocity: 0 })).toBe(3);
    expect(settleIndex({ ...base, delta: 200, velocity: 0 })).toBe(1);
  });
  it('stays on a short slow drag', () => {
    expect(settleIndex({ ...base, delta: -60, velocity: -0.1 })).toBe(2);
  });
  it('turns on a short fast flick in the drag direction only', () => {
    expect(settleIndex({ ...base, delta: -40, velocity: -0.9 })).toBe(3);
    expect(settleIndex({ ...base, delta: -40, velocity: 0.9 })).toBe(2);
    // A fast twitch of a few pixels is a tap.
    expect(settleIndex({ ...base, delta: -10, velocity: -2 })).toBe(2);
  });
  it('never leaves the list', () => {
    expect(settleIndex({ ...base, index: 4, delta: -400, velocity: -1 })).toBe(4);
    expect(settleIndex({ ...base, index: 0, delta: 400, velocity: 1 })).toBe(0);
  });
});

describe('wheelStep', () => {
  it('turns a page once enough travel has gathered, then locks for a while', () => {
    let state = initialWheel;
    let r = wheelStep(state, WHEEL_STEP_PX / 2, 1000);
    expect(r.step).toBe(0);
    state = r.state;
    r = wheelStep(state, WHEEL_STEP_PX / 2, 1010);
    expect(r.step).toBe(1);
    state = r.state;
    // Trackpad inertia right after the turn is ignored.
    r = wheelStep(state, 200, 1010 + WHEEL_LOCK_MS - 1);
    expect(r.step).toBe(0);
    state = r.state;
    r = wheelStep(state, -200, 1010 + WHEEL_LOCK_MS + 1);
    expect(r.step).toBe(-1);
  });
  it('starts over when the direction changes', () => {
    const a = wheelStep(initialWheel, 40, 0);
    const b = wheelStep(a.state, -40, 10);
    expect(b.step).toBe(0);
    expect(b.state.acc).toBe(-40);
  });
});

describe('wheelPixels and keyStep', () => {
  it('converts line and page deltas', () => {
    expect(wheelPixels(3, 0, 800)).toBe(3);
    expect(wheelPixels(3, 1, 800)).toBe(48);
    expect(wheelPixels(1, 2, 800)).toBe(800);
  });
  it('maps keys per axis', () => {
    expect(keyStep('ArrowDown', true)).toBe(1);
    expect(keyStep('ArrowUp', true)).toBe(-1);
    expect(keyStep('ArrowRight', true)).toBe(0);
    expect(keyStep('ArrowRight', false)).toBe(1);
    expect(keyStep('ArrowLeft', false)).toBe(-1);
    expect(keyStep('PageDown', false)).toBe(1);
    expect(keyStep('a', false)).toBe(0);
  });
});
