/**
 * Which danmaku sheet is open (send box or settings). The buttons sit in the player's bottom bar, which unmounts
 * when the controls hide; the sheets are rendered by the always-mounted layer, so an open sheet survives that.
 */
import { create } from 'zustand';

export type DanmakuSheet = 'none' | 'send' | 'settings';

export const useDanmakuSheet = create<{
  sheet: DanmakuSheet;
  /** The line (`sid`) the send box posts with. */
  sid: number;
  open: (sheet: Exclude<DanmakuSheet, 'none'>, sid: number) => void;
  close: () => void;
}>()((set) => ({
  sheet: 'none',
  sid: 1,
  open: (sheet, sid) => set({ sheet, sid }),
  close: () => set({ sheet: 'none' }),
}));
