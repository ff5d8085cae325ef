/**
 * Danmaku display settings (issue 5 item 3), kept across sessions in localStorage (Zustand persist): on/off
 * (default on, spec §3 "danmaku open flag (default true)"), opacity, display area, font size, speed, and blocked
 * keywords (at most {@link MAX_KEYWORDS}, each at most {@link MAX_KEYWORD_LENGTH} characters, case-insensitive,
 * without duplicates). Stored values out of range fall back to the defaults.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const DANMAKU_SETTINGS_KEY = 'openvod-danmaku';

/**
 * Colour the send box starts with: white, as on Bilibili (white reads on any picture). The server's default for a
 * comment sent without a colour stays the spec's red (DANMAKU_DEFAULT_COLOR in packages/contract/src/danmaku.ts).
 */
export const SEND_DEFAULT_COLOR = '#ffffff';

/**
 * Colours of the send box: the default white first, then the spec's red (#ff0000) and Bilibili's palette without its
 * own red (#fe0302, indistinguishable from #ff0000): every swatch a different colour.
 */
export const PALETTE = [
  SEND_DEFAULT_COLOR,
  '#ff0000',
  '#ff7204',
  '#ffd302',
  '#00cd00',
  '#00a2ff',
  '#cc0273',
  '#89d5ff',
  '#4266be',
] as const;
export const MAX_KEYWORDS = 100;
export const MAX_KEYWORD_LENGTH = 20;

export const OPACITY_RANGE = { min: 0.2, max: 1 } as const;
export const AREA_OPTIONS = [0.25, 0.5, 0.75, 1] as const;
export const FONT_SIZE_OPTIONS = [14, 16, 18, 22] as const;
export const SPEED_OPTIONS = [0.5, 0.75, 1, 1.5, 2] as const;

export interface DanmakuPrefs {
  enabled: boolean;
  /** 0.2-1. */
  opacity: number;
  /** Fraction of the player height: one of {@link AREA_OPTIONS}. */
  area: number;
  /** CSS px: one of {@link FONT_SIZE_OPTIONS}. */
  fontSize: number;
  /** One of {@link SPEED_OPTIONS}. */
  speed: number;
  /** Last colour chosen in the send box (#rrggbb; {@link SEND_DEFAULT_COLOR} until one is chosen). */
  color: string;
  blocked: string[];
}

export interface DanmakuSettingsState extends DanmakuPrefs {
  set: (patch: Partial<Omit<DanmakuPrefs, 'blocked'>>) => void;
  /** Add a keyword; false when it is empty, too long, already there, or the list is full. */
  addKeyword: (word: string) => boolean;
  removeKeyword: (word: string) => void;
}

export const DEFAULT_DANMAKU_PREFS: DanmakuPrefs = {
  enabled: true,
  opacity: 1,
  area: 1,
  fontSize: 18,
  speed: 1,
  color: SEND_DEFAULT_COLOR,
  blocked: [],
};

const oneOf = <T extends number>(options: readonly T[], v: unknown, d: T): T =>
  options.includes(v as T) ? (v as T) : d;

/** Fill and clamp persisted (or patched) values. */
export function sanitizePrefs(p: Partial<DanmakuPrefs>): DanmakuPrefs {
  const d = DEFAULT_DANMAKU_PREFS;
  const opacity = typeof p.opacity === 'number' && Number.isFinite(p.opacity) ? p.opacity : d.opacity;
  return {
    enabled: typeof p.enabled === 'boolean' ? p.enabled : d.enabled,
    opacity: Math.min(OPACITY_RANGE.max, Math.max(OPACITY_RANGE.min, opacity)),
    area: oneOf(AREA_OPTIONS, p.area, 1),
    fontSize: oneOf(FONT_SIZE_OPTIONS, p.fontSize, 18),
    speed: oneOf(SPEED_OPTIONS, p.speed, 1),
    color: typeof p.color === 'string' && /^#[0-9a-f]{6}$/i.test(p.color) ? p.color.toLowerCase() : d.color,
    blocked: Array.isArray(p.blocked)
      ? p.blocked
          .filter((k): k is string => typeof k === 'string' && k.trim().length > 0)
          .map((k) => k.trim().slice(0, MAX_KEYWORD_LENGTH))
          .slice(0, MAX_KEYWORDS)
      : [],
  };
}

export const useDanmakuSettings = create<DanmakuSettingsState>()(
  persist(
    (set, get) => ({
      ...DEFAULT_DANMAKU_PREFS,
      set: (patch) => set(sanitizePrefs({ ...get(), ...patch })),
      addKeyword: (word) => {
        const w = word.trim();
        const list = get().blocked;
        if (!w || [...w].length > MAX_KEYWORD_LENGTH || list.length >= MAX_KEYWORDS) return false;
        if (list.some((k) => k.toLowerCase() === w.toLowerCase())) return false;
        set({ blocked: [...list, w] });
        return true;
      },
      removeKeyword: (word) => set({ blocked: get().blocked.filter((k) => k !== word) }),
    }),
    {
      name: DANMAKU_SETTINGS_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s): DanmakuPrefs => ({
        enabled: s.enabled,
        opacity: s.opacity,
        area: s.area,
        fontSize: s.fontSize,
        speed: s.speed,
        color: s.color,
        blocked: s.blocked,
      }),
      merge: (persisted, current) => ({ ...current, ...sanitizePrefs((persisted ?? {}) as Partial<DanmakuPrefs>) }),
    },
  ),
);
