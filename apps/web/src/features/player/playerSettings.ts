/**
 * The viewer's player preferences (spec §3 "Player state", §9 player constants), kept across sessions in
 * localStorage: volume 20, brightness 20, speed 1 and picture ratio `contain` by default.
 *
 * - `volume`: 0–100, applied as `video.volume = volume / 100` (iOS ignores it: the volume there is read-only).
 * - `brightness`: 0–100. The web has no screen-brightness API, so it is an overlay mask over the video: the default
 *   ({@link DEFAULT_BRIGHTNESS}) shows the picture as it is, lower values darken it (a black mask up to
 *   {@link MAX_DARKNESS} opacity at 0), higher ones lighten it (a soft-light white wash). See {@link brightnessMask}.
 * - `speed`: one of {@link SPEEDS}; `ratio`: the picture ratio as a CSS `object-fit` value.
 * - `clock`: whether the title bar shows the current time.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Speed options of the 'more' panel (spec §2, §9). */
export const SPEEDS = [0.8, 1, 1.25, 1.5, 2] as const;
/** Picture ratios of the 'more' panel: adaptive/fit, fill (stretch), zoom-crop. */
export const RATIOS = ['contain', 'fill', 'cover'] as const;
export type Ratio = (typeof RATIOS)[number];

export const DEFAULT_VOLUME = 20;
export const DEFAULT_BRIGHTNESS = 20;
export const DEFAULT_SPEED = 1;
export const DEFAULT_RATIO: Ratio = 'contain';
/** Opacity of the black mask at brightness 0 (xgplayer's `maxDarkness`). */
export const MAX_DARKNESS = 0.8;
/** Opacity of the white soft-light wash at brightness 100. */
export const MAX_LIGHTEN = 0.5;

export interface PlayerSettingsState {
  volume: number;
  brightness: number;
  speed: number;
  ratio: Ratio;
  clock: boolean;
  setVolume: (volume: number) => void;
  setBrightness: (brightness: number) => void;
  setSpeed: (speed: number) => void;
  setRatio: (ratio: Ratio) => void;
  setClock: (clock: boolean) => void;
}

export const PLAYER_SETTINGS_KEY = 'openvod-player';

/** A percentage rounded and clamped to 0–100 (anything else gives `fallback`). */
export function percent(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : fallback;
}

function speedOf(value: unknown): number {
  return SPEEDS.find((s) => s === value) ?? DEFAULT_SPEED;
}

function ratioOf(value: unknown): Ratio {
  return RATIOS.find((r) => r === value) ?? DEFAULT_RATIO;
}

export const usePlayerSettings = create<PlayerSettingsState>()(
  persist(
    (set) => ({
      volume: DEFAULT_VOLUME,
      brightness: DEFAULT_BRIGHTNESS,
      speed: DEFAULT_SPEED,
      ratio: DEFAULT_RATIO,
      clock: true,
      setVolume: (volume) => set({ volume: percent(volume, DEFAULT_VOLUME) }),
      setBrightness: (brightness) => set({ brightness: percent(brightness, DEFAULT_BRIGHTNESS) }),
      setSpeed: (speed) => set({ speed: speedOf(speed) }),
      setRatio: (ratio) => set({ ratio: ratioOf(ratio) }),
      setClock: (clock) => set({ clock }),
    }),
    {
      name: PLAYER_SETTINGS_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({
        volume: s.volume,
        brightness: s.brightness,
        speed: s.speed,
        ratio: s.ratio,
        clock: s.clock,
      }),
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Record<string, unknown>;
        return {
          ...current,
          volume: percent(p.volume, DEFAULT_VOLUME),
          brightness: percent(p.brightness, DEFAULT_BRIGHTNESS),
          speed: speedOf(p.speed),
          ratio: ratioOf(p.ratio),
          clock: typeof p.clock === 'boolean' ? p.clock : true,
        };
      },
    },
  ),
);

/**
 * The brightness mask for a brightness percentage: `dark` is the opacity of a black layer, `light` the opacity of a
 * white soft-light layer; at {@link DEFAULT_BRIGHTNESS} both are 0 (the picture as it is).
 */
export function brightnessMask(brightness: number): { dark: number; light: number } {
  const b = percent(brightness, DEFAULT_BRIGHTNESS);
  if (b <= DEFAULT_BRIGHTNESS)
    return { dark: (MAX_DARKNESS * (DEFAULT_BRIGHTNESS - b)) / DEFAULT_BRIGHTNESS, light: 0 };
  return { dark: 0, light: (MAX_LIGHTEN * (b - DEFAULT_BRIGHTNESS)) / (100 - DEFAULT_BRIGHTNESS) };
}
