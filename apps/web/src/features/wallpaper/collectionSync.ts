/**
 * Wallpaper collection sync (issue 7 item 1; spec §4 "Session: ... trigger favourite sync", "Favourite/like
 * toggle", §9 "Favourite sync limit 500"): a signed-in user's wallpaper collection (./collectionStore.ts) is a copy of
 * the server's wallpaper favourites (ajaxUlog mid 12 type 2, one entry per picture: `id` the title, `sid`/`nid` the
 * picture); a guest's (user 0) lives only on the device.
 *
 * - toggle: signed in, the server toggles (collecting a collected picture removes it) and the local list follows its
 *   answer; a guest, or a picture without `sid`/`nid`, toggles the local list. Errors reject and change nothing.
 * - remove / clear: signed in, the server entries are cancelled first, then the local ones go.
 * - pull (at each session check / sign-in, once per user and session, and when the collection page opens): the
 *   guest's pictures on this device missing on the server are added to the account (and leave the guest list), then
 *   the local list becomes the server's (pictures this device holds without a server name stay).
 */
import { ULOG_MID, ULOG_TYPE, type UlogItem } from '@openvod/contract';
import { useSession } from '../../lib/session';
import { ulogApi } from '../../lib/ulogApi';
import { useWallpaperCollectionStore, type WallpaperRecord } from './collectionStore';

const FAV = ULOG_TYPE.favourite;
const WALL = ULOG_MID.wallpaper;

/** The wallpaper record of a server wallpaper favourite; null when the picture is gone from the title. */
export function wallpaperFromFav(e: UlogItem): WallpaperRecord | null {
  if (!e.data.url) return null;
  return {
    time: e.ulog_time,
    vod_id: e.ulog_rid,
    vod_name: e.data.name,
    vod_play_url: e.data.url,
    vod_pic: e.data.pic,
    sid: e.ulog_sid,
    nid: e.ulog_nid,
  };
}

const wallRef = (r: Pick<WallpaperRecord, 'vod_id' | 'sid' | 'nid'>) =>
  r.sid && r.nid ? { mid: WALL, id: r.vod_id, sid: r.sid, nid: r.nid } : undefined;

/**
 * Toggle the picture `input` in `userId`'s wallpaper collection; resolves true when it is collected now. A picture
 * without `sid`/`nid` cannot be named on the server and stays on the device.
 */
export async function toggleWallpaper(userId: number, input: Omit<WallpaperRecord, 'time'>): Promise<boolean> {
  const store = useWallpaperCollectionStore.getState();
  const ref = wallRef(input);
  if (userId <= 0 || !ref) return store.toggle(userId, input);
  const res = await ulogApi.toggle(ref);
  const time = res.entry?.ulog_time ?? Math.floor(Date.now() / 1000);
  store.set(userId, { ...input, time }, res.on);
  return res.on;
}

/** Remove one picture from `userId`'s wallpaper collection. */
export async function removeWallpaper(userId: number, record: WallpaperRecord): Promise<void> {
  const ref = wallRef(record);
  if (userId > 0 && ref) await ulogApi.cancel(FAV, ref);
  useWallpaperCollectionStore.getState().remove(userId, record.vod_play_url);
}

/** Empty `userId`'s wallpaper collection. */
export async function clearWallpapers(userId: number): Promise<void> {
  if (userId > 0) await ulogApi.cancel(FAV, { mid: WALL });
  useWallpaperCollectionStore.getState().clear(userId);
}

/** Merge the guest's pictures into the account, then copy the server's wallpaper favourites into the local list. */
export async function pullWallpapers(userId: number, signal?: AbortSignal): Promise<void> {
  if (userId <= 0) return;
  let server = await ulogApi.read(WALL, FAV, signal);
  const store = useWallpaperCollectionStore.getState();
  const key = (e: { ulog_rid: number; ulog_sid: number; ulog_nid: number }) =>
    `${e.ulog_rid}:${e.ulog_sid}:${e.ulog_nid}`;
  const onServer = new Set(server.map(key));
  const guest = (store.byUser['0'] ?? []).filter((r) => wallRef(r));
  const missing = guest.filter(
    (r) => !onServer.has(key({ ulog_rid: r.vod_id, ulog_sid: r.sid ?? 0, ulog_nid: r.nid ?? 0 })),
  );
  if (guest.length > 0) {
    const added = await ulogApi.addMissing(missing.map((r) => wallRef(r) ?? { mid: WALL, id: r.vod_id }));
    const failed = new Set(missing.filter((_, i) => !added[i]).map((r) => r.vod_play_url));
    for (const r of guest) if (!failed.has(r.vod_play_url)) store.remove(0, r.vod_play_url);
    if (missing.length > 0) server = await ulogApi.read(WALL, FAV, signal);
  }
  // Pictures this device holds without a server name (collected before issue 7) stay.
  const unnamed = (useWallpaperCollectionStore.getState().byUser[String(userId)] ?? []).filter((r) => !wallRef(r));
  const fromServer = server.map(wallpaperFromFav).filter((r): r is WallpaperRecord => r !== null);
  const urls = new Set(fromServer.map((r) => r.vod_play_url));
  useWallpaperCollectionStore
    .getState()
    .replace(userId, [...fromServer, ...unnamed.filter((r) => !urls.has(r.vod_play_url))]);
}

const pulled = new Set<number>();

function pullOnce(userId: number): void {
  if (userId <= 0 || pulled.has(userId)) return;
  pulled.add(userId);
  pullWallpapers(userId).catch(() => pulled.delete(userId));
}

let installed = false;

/**
 * Sync the wallpaper collection of the signed-in user now and whenever another user signs in or the session check
 * stores the user (once per user and session; spec §4 Session). Called once at app start (app/router.tsx).
 */
export function installWallpaperSync(): void {
  if (installed) return;
  installed = true;
  pullOnce(useSession.getState().user?.user_id ?? 0);
  useSession.subscribe((s, prev) => {
    // A new session (a sign-in, possibly bringing a guest's entries into the account: the server merged them) pulls
    // again, also for a user pulled before in this page load.
    if (s.token !== prev.token) pulled.clear();
    pullOnce(s.user?.user_id ?? 0);
  });
}
