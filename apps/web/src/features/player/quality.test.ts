import { describe, expect, it } from 'vitest';
import { qualityOptions } from './quality';

describe('qualityOptions', () => {
  it('offers auto, then each height from the highest, keeping hls.js level indexes', () => {
    expect(
      qualityOptions([
        { height: 360, bitrate: 800_000 },
        { height: 720, bitrate: 2_800_000 },
        { height: 480, bitrate: 1_400_000 },
      ]),
    ).toEqual([
      { level: -1, label: 'auto' },
      { level: 1, label: '720p' },
      { level: 2, label: '480p' },
      { level: 0, label: '360p' },
    ]);
  });

  it('offers one choice per height (its highest bitrate) and labels renditions without a height by bitrate', () => {
    expect(
      qualityOptions([
        { height: 720, bitrate: 2_000_000 },
        { height: 720, bitrate: 3_000_000 },
        { height: 0, bitrate: 500_000 },
      ]),
    ).toEqual([
      { level: -1, label: 'auto' },
      { level: 1, label: '720p' },
      { level: 2, label: '500 kbps' },
    ]);
  });

  it('gives auto alone for one rendition or none (native HLS)', () => {
    expect(qualityOptions([])).toEqual([{ level: -1, label: 'auto' }]);
    expect(qualityOptions([{ height: 720, bitrate: 1 }])).toEqual([{ level: -1, label: 'auto' }]);
  });
});
