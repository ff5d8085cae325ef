/**
 * The demo's pictures carry no words (the app is shown in nine languages, a picture cannot follow the viewer's): the
 * day cover, the demo ad, the live card and stream, and the overlays of the demo streams draw shapes, digits and
 * clocks only.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { demoAdSvg } from './demo-ad.ts';
import { liveStillGraph, overlays } from './demo-media.ts';
import { LiveDemo } from './live-demo.ts';
import { dayCoverSvg } from './wallpapers.ts';

/** The texts an ffmpeg filter graph draws, with drawtext's own expansions (`%{pts\:hms}`, `%{localtime...}`) removed. */
function drawnTexts(graph: string): string[] {
  return [...graph.matchAll(/drawtext=[^,;]*?text='([^']*)'/g)].map((m) => (m[1] ?? '').replace(/%\{[^}]*\}/g, ''));
}

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

describe('demo pictures without words', () => {
  it('draws the day cover and the demo ad without text', () => {
    expect(dayCoverSvg()).not.toMatch(/<text/);
    expect(demoAdSvg()).not.toMatch(/<text/);
  });

  it('overlays the demo streams with the clock and digits only', () => {
    const graph = overlays(FONT, 640, 360, '07', 2);
    const texts = drawnTexts(graph);
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text).not.toMatch(/[A-Za-z]/);
    expect(texts).toContain('07');
  });

  it('marks the live card and the live stream without the word LIVE', () => {
    expect(liveStillGraph()).not.toMatch(/drawtext/);
    const args = new LiveDemo({ mediaDir: os.tmpdir() }).args(FONT).join(' ');
    const texts = drawnTexts(args);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).not.toMatch(/[A-Za-z]/);
  });
});
