import { beforeEach, describe, expect, it } from 'vitest';
import {
  brightnessMask,
  DEFAULT_BRIGHTNESS,
  MAX_DARKNESS,
  MAX_LIGHTEN,
  PLAYER_SETTINGS_KEY,
  usePlayerSettings,
} from './playerSettings';

beforeEach(() => {
  localStorage.clear();
  usePlayerSettings.setState({ volume: 20, brightness: 20, speed: 1, ratio: 'contain', clock: true });
});

describe('player settings', () => {
  it('default to spec §3: volume 20, brightness 20, speed 1, contain', async () => {
    localStorage.removeItem(PLAYER_SETTINGS_KEY);
    await usePlayerSettings.persist.rehydrate();
    const s = usePlayerSettings.getState();
    expect([s.volume, s.brightness, s.speed, s.ratio]).toEqual([20, 20, 1, 'contain']);
  });

  it('persist across sessions and sanitise what storage holds', async () => {
    const s = usePlayerSettings.getState();
    s.setVolume(73.4);
    s.setBrightness(150);
    s.setSpeed(1.5);
    s.setRatio('cover');
    s.setClock(false);
    const stored = JSON.parse(localStorage.getItem(PLAYER_SETTINGS_KEY) ?? '{}');
    expect(stored.state).toEqual({ volume: 73, brightness: 100, speed: 1.5, ratio: 'cover', clock: false });

    // A new session: fresh defaults in memory, then the stored values loaded.
    const saved = localStorage.getItem(PLAYER_SETTINGS_KEY) ?? '';
    usePlayerSettings.setState({ volume: 20, brightness: 20, speed: 1, ratio: 'contain', clock: true });
    localStorage.setItem(PLAYER_SETTINGS_KEY, saved);
    await usePlayerSettings.persist.rehydrate();
    const back = usePlayerSettings.getState();
    expect([back.volume, back.brightness, back.speed, back.ratio, back.clock]).toEqual([73, 100, 1.5, 'cover', false]);

    localStorage.setItem(
      PLAYER_SETTINGS_KEY,
      JSON.stringify({ state: { volume: 'x', brightness: -4, speed: 3, ratio: 'stretch', clock: 1 }, version: 1 }),
    );
    await usePlayerSettings.persist.rehydrate();
    const bad = usePlayerSettings.getState();
    expect([bad.volume, bad.brightness, bad.speed, bad.ratio, bad.clock]).toEqual([20, 0, 1, 'contain', true]);
  });

  it('ignores speeds that are not offered', () => {
    usePlayerSettings.getState().setSpeed(3);
    expect(usePlayerSettings.getState().speed).toBe(1);
    usePlayerSettings.getState().setSpeed(0.8);
    expect(usePlayerSettings.getState().speed).toBe(0.8);
  });

  it('shows the picture as it is at the default brightness, darker below, lighter above', () => {
    expect(brightnessMask(DEFAULT_BRIGHTNESS)).toEqual({ dark: 0, light: 0 });
    expect(brightnessMask(0)).toEqual({ dark: MAX_DARKNESS, light: 0 });
    expect(brightnessMask(10).dark).toBeCloseTo(MAX_DARKNESS / 2);
    expect(brightnessMask(100)).toEqual({ dark: 0, light: MAX_LIGHTEN });
  });
});
