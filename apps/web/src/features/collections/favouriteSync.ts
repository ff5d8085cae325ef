/**
 * Favourite sync (issue 7 item 1; spec §4 "Session: ... trigger favourite sync", "Favourite/like toggle", §9
 * "Favourite sync limit 500"): the film collection (./favouriteStore.ts, ajaxUlog mid 1 type 2) of a signed-in user
 * is a copy of the server's favourites; a guest's (user 0) lives only on the device. (The wallpaper collection syncs
 * the same way in features/wallpaper/collectionSync.ts.)
 *
 * - toggle: signed in, the server toggles (adding an existing favourite removes it) and the local list follows its
 *   answer; a guest toggles the local list. Errors reject (the caller shows them) and change nothing.
 * - remove / clear: signed in, the server entries are cancelled first, then the local ones go.
 * - pull (at each session check / sign-in, once per user and session, and when a collection page opens): the
 *   guest's favourites on this device missing on the server are added to the account (and leave the guest list),
 *   then the local list becomes the server's (at most 500; an episode name kept from this device).
 */
import { ULOG_MID, ULOG_TYPE, type UlogItem } from '@openvod/contract';
import { applyPointsBalance } from '../../lib/pointsBalance';
import { useSession } from '../../lib/session';
import { ulogApi } from '../../lib/ulogApi';
import { type CollectionRecord, useCollectionStore } from './favouriteStore';

const FAV = ULOG_TYPE.favourite;
const FILM = ULOG_MID.vod;

/** The collection record of a server favourite (`play` from this device when known). */
export function recordFromFav(e: UlogItem, play = ''): CollectionRecord {
  return { time: e.ulog_time, vod_id: e.ulog_rid, vod_name: e.data.name, play, vod_pic: e.data.pic };
}

/** Toggle the film `input` in `userId`'s collection; resolves true when it is collected now. */
export async function toggleFavourite(userId: number, input: Omit<CollectionRecord, 'time'>): Promise<boolean> {
  const store = useCollectionStore.getState();
  if (userId <= 0) return store.toggle(userId, input);
  const res = await ulogApi.toggle({ mid: FILM, id: input.vod_id });
  const fallback = { ...input, time: Math.floor(Date.now() / 1000) };
  store.set(
    userId,
    res.entry ? { ...recordFromFav(res.entry, input.play), vod_name: input.vod_name } : fallback,
    res.on,
  );
  // Spec §4: "points are updated if a point value returns" (a new favourite may pay the daily task).
  applyPointsBalance(res.point);
  return res.on;
}

/** Remove films from `userId`'s collection. */
export async function removeFavourites(userId: number, vodIds: readonly number[]): Promise<void> {
  if (userId > 0) await Promise.all(vodIds.map((id) => ulogApi.cancel(FAV, { mid: FILM, id })));
  useCollectionStore.getState().remove(userId, vodIds);
}

/** Empty `userId`'s film collection. */
export async function clearFavourites(userId: number): Promise<void> {
  if (userId > 0) await ulogApi.cancel(FAV, { mid: FILM });
  useCollectionStore.getState().clear(userId);
}

/** Merge the guest's films into the account, then copy the server's favourites into the local list. */
export async function pullFavourites(userId: number, signal?: AbortSignal): Promise<void> {
  if (userId <= 0) return;
  let server = await ulogApi.read(FILM, FAV, signal);
  const store = useCollectionStore.getState();
  const guest = store.byUser['0'] ?? [];
  const onServer = new Set(server.map((e) => e.ulog_rid));
  const missing = guest.filter((r) => !onServer.has(r.vod_id));
  if (guest.length > 0) {
    const added = await ulogApi.addMissing(missing.map((r) => ({ mid: FILM, id: r.vod_id })));
    const merged = new Set([...onServer, ...missing.filter((_, i) => added[i]).map((r) => r.vod_id)]);
    store.remove(0, [...merged]);
    if (missing.length > 0) server = await ulogApi.read(FILM, FAV, signal);
  }
  const local = new Map((useCollectionStore.getState().byUser[String(userId)] ?? []).map((r) => [r.vod_id, r]));
  const plays = new Map(guest.map((r) => [r.vod_id, r.play]));
  useCollectionStore.getState().replace(
    userId,
    server.map((e) => recordFromFav(e, local.get(e.ulog_rid)?.play || plays.get(e.ulog_rid) || '')),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Session

const pulled = new Set<number>();

function pullOnce(userId: number): void {
  if (userId <= 0 || pulled.has(userId)) return;
  pulled.add(userId);
  pullFavourites(userId).catch(() => pulled.delete(userId));
}

let installed = false;

/**
 * Sync the film favourites of the signed-in user now and whenever another user signs in or the session check stores
 * the user (once per user and session: a new sign-in pulls again; spec §4 Session). Called once at app start (app/router.tsx); idempotent.
 */
export function installFavouriteSync(): void {
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
