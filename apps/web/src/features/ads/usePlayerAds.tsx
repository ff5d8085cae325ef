/**
 * The player's ad slot (spec §3 `ad_local_type` 12 "pre-play and pause"), composed by the title page:
 *
 *     const ads = usePlayerAds(vod?.vod_id);
 *     <VideoPlayer hold={ads.hold} layers={(p) => ads.pauseLayer(p)} ... />
 *
 * - `hold`: the pre-roll ({@link PrerollAd}) once per title opened, while the episode buffers underneath; while the
 *   slot's ads are still being asked for, an empty hold (at most {@link ADS_WAIT_MS}, then the episode starts
 *   without them); undefined when the slot has none.
 *   No pre-roll for a title unlocked by a rewarded ad a moment ago (prerollWaiver.ts).
 * - `pauseLayer`: the pause ad ({@link PauseAd}), the slot's first image ad.
 *
 * VIP and ad-free users (stored user, {@link adFreeUser}) never ask; the server gives them none anyway.
 *
 * Issue 7 hook: {@link setPlaybackGate} installs the free-view quota / rewarded-ad gate of spec §4 ("before playing
 * the user's log is queried ... blocked users must watch an ad, log in or buy"). Its node is held over the player
 * before the pre-roll; here no gate is installed and nothing is blocked.
 */
import { AD_SLOT } from '@openvod/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useSession } from '../../lib/session';
import type { PlayerState } from '../player';
import { ADS_WAIT_MS, adFreeUser, adKeys, drawable, fetchAds, type ServedAd } from './adsApi';
import { PauseAd } from './PauseAd';
import { PrerollAd } from './PrerollAd';
import { prerollWaived } from './prerollWaiver';

export { ADS_WAIT_MS } from './adsApi';

/**
 * Issue 7: a gate run before playback. It returns a node to hold over the player (the 'watch an ad, log in or
 * become VIP' choice, a rewarded ad) until it calls `release`, or undefined to let playback go on.
 */
export type PlaybackGate = (ctx: { vodId: number; release: () => void }) => ReactNode | undefined;

let playbackGate: PlaybackGate | null = null;

/** Install (or remove, with null) the issue 7 playback gate. */
export function setPlaybackGate(gate: PlaybackGate | null): void {
  playbackGate = gate;
}

export { adKeys } from './adsApi';

export interface PlayerAds {
  hold: ReactNode | undefined;
  pauseLayer: (p: PlayerState) => ReactNode;
}

export function usePlayerAds(vodId: number | undefined): PlayerAds {
  const user = useSession((s) => s.user);
  const noAds = adFreeUser(user);
  const query = useQuery({
    queryKey: adKeys.slot(AD_SLOT.player, user?.user_id ?? 0),
    queryFn: ({ signal }) => fetchAds(AD_SLOT.player, signal),
    enabled: !noAds,
    staleTime: 60_000,
    retry: false,
    // The guest sign-in of a first launch changes the key mid-load: keep the answer in hand meanwhile.
    placeholderData: keepPreviousData,
  });
  const list: ServedAd[] = useMemo(() => (noAds ? [] : (query.data ?? []).filter(drawable)), [noAds, query.data]);
  const preroll = list[0];
  const pause = list.find((a) => a.ad_type === 1 && a.ad_pic_url !== '');

  // Once per title: the pre-roll of a title is over (shown, skipped, or there was none to show).
  const [doneFor, setDoneFor] = useState<number | undefined>(undefined);
  const [gateReleased, setGateReleased] = useState<number | undefined>(undefined);
  const [waitedOut, setWaitedOut] = useState(false);
  const pending = !noAds && query.isPending && !waitedOut;
  // The list came after the wait: too late for this title's pre-roll.
  const late = waitedOut && !query.isPending;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setWaitedOut(true), ADS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  const finish = useCallback(() => setDoneFor(vodId), [vodId]);
  // Decided without a pre-roll (none, or the list came too late): a later answer must not interrupt the episode.
  const decidedWithout = vodId !== undefined && doneFor !== vodId && !pending && (!preroll || late);
  useEffect(() => {
    if (decidedWithout) setDoneFor(vodId);
  }, [decidedWithout, vodId]);
  // Waived (a rewarded ad, or the early player already started without one): done for this title, so an answer
  // coming later never interrupts the episode.
  const waived = vodId !== undefined && prerollWaived(vodId);
  useEffect(() => {
    if (waived) setDoneFor(vodId);
  }, [waived, vodId]);

  let hold: ReactNode | undefined;
  const gate = vodId !== undefined && gateReleased !== vodId ? playbackGate : null;
  const gateNode = gate && vodId !== undefined ? gate({ vodId, release: () => setGateReleased(vodId) }) : undefined;
  if (gateNode !== undefined) hold = gateNode;
  else if (vodId !== undefined && doneFor !== vodId && !waived) {
    if (pending) hold = <div aria-busy="true" data-testid="ads-pending" />;
    else if (preroll && !late) hold = <PrerollAd key={`${vodId}-${preroll.ad_id}`} ad={preroll} onDone={finish} />;
  }

  const pauseLayer = useCallback((p: PlayerState) => <PauseAd ad={pause} player={p} />, [pause]);
  return { hold, pauseLayer };
}
