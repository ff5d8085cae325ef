/**
 * Cast state of spec §3 Player state: the cast device and the cast params (isPlaying, url, vodName, ip, name,
 * title), plus what the server needs to drive the renderer again (device id, vod/sid/nid). Kept in
 * sessionStorage so the cast screen survives a reload of the tab.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface CastParams {
  isPlaying: boolean;
  /** The URL the renderer plays. */
  url: string;
  vodName: string;
  /** The renderer's address and name. */
  ip: string;
  name: string;
  /** What is cast: title and episode. */
  title: string;
  vodId: number;
  sid: number;
  nid: number;
}

export interface CastDeviceRef {
  id: string;
  name: string;
  ip: string;
}

interface CastStore {
  device: CastDeviceRef | null;
  params: CastParams | null;
  start(device: CastDeviceRef, params: CastParams): void;
  setPlaying(isPlaying: boolean): void;
  /** Exit casting (spec §4 "exit"). */
  clear(): void;
}

export const useCastStore = create<CastStore>()(
  persist(
    (set) => ({
      device: null,
      params: null,
      start: (device, params) => set({ device, params }),
      setPlaying: (isPlaying) => set((s) => (s.params ? { params: { ...s.params, isPlaying } } : s)),
      clear: () => set({ device: null, params: null }),
    }),
    { name: 'ov-cast', storage: createJSONStorage(() => sessionStorage) },
  ),
);
