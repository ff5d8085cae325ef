import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { ulogApi } from '../../lib/ulogApi';
import { fakeUlogServer } from '../../lib/ulogApi.fake';
import { useCollectionStore } from './favouriteStore';
import {
  clearFavourites,
  installFavouriteSync,
  pullFavourites,
  removeFavourites,
  toggleFavourite,
} from './favouriteSync';

const film = (id: number) => ({ vod_id: id, vod_name: `T${id}`, vod_pic: `/p${id}.jpg`, play: 'EP1' });

beforeEach(() => {
  localStorage.clear();
  useCollectionStore.setState({ byUser: {} });
});
afterEach(() => vi.restoreAllMocks());

describe('favourite sync', () => {
  it('a guest toggles on the device only', async () => {
    const server = fakeUlogServer();
    expect(await toggleFavourite(0, film(1))).toBe(true);
    expect(await toggleFavourite(0, film(1))).toBe(false);
    expect(await toggleFavourite(0, film(2))).toBe(true);
    expect(useCollectionStore.getState().byUser['0']?.map((r) => r.vod_id)).toEqual([2]);
    expect(server.calls).toEqual([]);
  });

  it('a member toggles on the server and the list follows its answer', async () => {
    const server = fakeUlogServer();
    expect(await toggleFavourite(7, film(1))).toBe(true);
    expect(useCollectionStore.getState().byUser['7']?.[0]).toMatchObject({
      vod_id: 1,
      play: 'EP1',
      time: 1_800_000_010,
    });
    // Another device removed it meanwhile: the server's toggle adds it again, and the list says so.
    server.rows().splice(0);
    expect(await toggleFavourite(7, film(1))).toBe(true);
    expect(await toggleFavourite(7, film(1))).toBe(false);
    expect(useCollectionStore.getState().byUser['7']).toEqual([]);
    expect(server.calls.every((q) => q.ac === 'set' && q.type === 2 && q.mid === 1)).toBe(true);
  });

  it('merges the guest favourites into the account at sign-in and copies the server list', async () => {
    const server = fakeUlogServer();
    await toggleFavourite(7, film(1));
    await toggleFavourite(0, film(1)); // also the guest's: not toggled off on the server
    await toggleFavourite(0, film(3));
    useCollectionStore.getState().set(7, { ...film(9), time: 1 }, true); // stale local entry
    await pullFavourites(7);
    const list = useCollectionStore.getState().byUser['7'] ?? [];
    expect(list.map((r) => r.vod_id)).toEqual([3, 1]);
    expect(list[0]?.play).toBe('EP1');
    expect(useCollectionStore.getState().byUser['0']).toEqual([]);
    expect(
      server
        .rows()
        .map((r) => r.ulog_rid)
        .sort(),
    ).toEqual([1, 3]);
  });

  it('removes and clears on the server first', async () => {
    const server = fakeUlogServer();
    for (const id of [1, 2, 3]) await toggleFavourite(7, film(id));
    await removeFavourites(7, [2]);
    expect(server.rows().map((r) => r.ulog_rid)).toEqual([1, 3]);
    expect(useCollectionStore.getState().byUser['7']?.map((r) => r.vod_id)).toEqual([3, 1]);
    await clearFavourites(7);
    expect(server.rows()).toEqual([]);
    expect(useCollectionStore.getState().byUser['7']).toBeUndefined();
  });

  it('a new sign-in pulls again, also for a user pulled before in this page load (a guest merged on the server)', async () => {
    const server = fakeUlogServer();
    const user = { user_id: 7, user_name: 'm7' } as never;
    useSession.getState().signIn('token-1', user);
    installFavouriteSync();
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(0));
    await vi.waitFor(() => expect(useCollectionStore.getState().byUser['7']).toEqual([]));
    // Signed out; meanwhile the server moved a guest's favourite into the account (sign-in with the guest session).
    useSession.getState().clear();
    await ulogApi.toggle({ mid: 1, id: 5 });
    useSession.getState().signIn('token-2', user);
    await vi.waitFor(() => expect(useCollectionStore.getState().byUser['7']?.map((r) => r.vod_id)).toEqual([5]));
    useSession.getState().clear();
  });
});
