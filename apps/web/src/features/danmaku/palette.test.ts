import { DANMAKU_DEFAULT_COLOR } from '@openvod/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { DANMAKU_SETTINGS_KEY, DEFAULT_DANMAKU_PREFS, PALETTE, useDanmakuSettings } from './settings';

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

describe('the send box palette', () => {
  it("starts with white, offers the spec's red, and shows no colour twice (no two swatches that look alike)", () => {
    expect(PALETTE[0]).toBe('#ffffff');
    expect(PALETTE).toContain(DANMAKU_DEFAULT_COLOR);
    for (const [i, a] of PALETTE.entries()) {
      for (const b of PALETTE.slice(i + 1)) {
        const [x, y] = [rgb(a), rgb(b)];
        const distance = Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
        expect(distance, `${a} vs ${b}`).toBeGreaterThan(60);
      }
    }
  });
});

describe('the send colour', () => {
  beforeEach(() => localStorage.clear());

  it('is white for a viewer who never chose one (as on Bilibili)', async () => {
    await useDanmakuSettings.persist.rehydrate();
    expect(DEFAULT_DANMAKU_PREFS.color).toBe('#ffffff');
    expect(useDanmakuSettings.getState().color).toBe('#ffffff');
  });

  it('stays the colour a viewer saved', async () => {
    localStorage.setItem(
      DANMAKU_SETTINGS_KEY,
      JSON.stringify({ state: { ...DEFAULT_DANMAKU_PREFS, color: '#00a2ff' }, version: 1 }),
    );
    await useDanmakuSettings.persist.rehydrate();
    expect(useDanmakuSettings.getState().color).toBe('#00a2ff');
  });
});
