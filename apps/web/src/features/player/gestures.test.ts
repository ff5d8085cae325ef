import { describe, expect, it } from 'vitest';
import { barTime, classifyDrag, dragPercent, dragSeekTime, formatTime, SEEK_SPAN_MAX_S, toLocal } from './gestures';

describe('gesture math', () => {
  it('is a tap until the finger has moved 10 px, then follows the main axis and the half it started on', () => {
    expect(classifyDrag(100, 400, 6, 6)).toBeNull();
    expect(classifyDrag(100, 400, 30, 10)).toBe('seek');
    expect(classifyDrag(100, 400, -30, 10)).toBe('seek');
    expect(classifyDrag(100, 400, 5, -30)).toBe('brightness');
    expect(classifyDrag(300, 400, 5, 30)).toBe('volume');
    expect(classifyDrag(200, 400, 0, 30)).toBe('volume');
  });

  it('maps a vertical drag over the full height to 100 percent, clamped, up raising', () => {
    expect(dragPercent(20, -100, 200)).toBe(70);
    expect(dragPercent(20, 50, 200)).toBe(0);
    expect(dragPercent(90, -200, 200)).toBe(100);
    expect(dragPercent(40, 0, 0)).toBe(40);
  });

  it('seeks by the width fraction of the duration, at most 180 s for the full width, within 0..duration', () => {
    expect(dragSeekTime(1, 240, 400, 12)).toBeCloseTo(8.2);
    expect(dragSeekTime(10, -400, 400, 12)).toBe(0);
    expect(dragSeekTime(600, 200, 400, 3600)).toBe(600 + SEEK_SPAN_MAX_S / 2);
    expect(dragSeekTime(3590, 400, 400, 3600)).toBe(3600);
    expect(dragSeekTime(5, 100, 400, Number.NaN)).toBe(5);
  });

  it('reads the seek bar position', () => {
    expect(barTime(150, 50, 200, 120)).toBe(60);
    expect(barTime(0, 50, 200, 120)).toBe(0);
    expect(barTime(400, 50, 200, 120)).toBe(120);
    expect(barTime(150, 50, 200, 0)).toBe(0);
  });

  it('turns screen points into the rotated box’s own axes', () => {
    const rect = { left: 0, top: 0, right: 390, width: 390, height: 844 };
    expect(toLocal(100, 200, rect, false)).toEqual({ x: 100, y: 200, width: 390, height: 844 });
    // Rotated 90° clockwise: local x runs down the screen, local y from the right edge leftwards.
    expect(toLocal(300, 600, rect, true)).toEqual({ x: 600, y: 90, width: 844, height: 390 });
  });

  it('formats times', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(3725)).toBe('1:02:05');
    expect(formatTime(Number.NaN)).toBe('--:--');
  });
});
