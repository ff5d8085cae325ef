import { DANMAKU_DEFAULT_COLOR } from '@openvod/contract';
import { describe, expect, it } from 'vitest';
import { PALETTE } from './settings';

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

describe('the send box palette', () => {
  it('starts with the default colour and shows no colour twice (no two swatches that look alike)', () => {
    expect(PALETTE[0]).toBe(DANMAKU_DEFAULT_COLOR);
    for (const [i, a] of PALETTE.entries()) {
      for (const b of PALETTE.slice(i + 1)) {
        const [x, y] = [rgb(a), rgb(b)];
        const distance = Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
        expect(distance, `${a} vs ${b}`).toBeGreaterThan(60);
      }
    }
  });
});
