/**
 * No pre-roll right after a rewarded ad (issue 7; spec §2 slot 12 and §5 "watch an ad" to unlock): a viewer who has
 * just watched a rewarded ad to unlock a title is not shown the title's pre-roll as well. The waiver lasts
 * {@link PREROLL_WAIVER_MS} per title on this device; it grants nothing (the server still decides every view).
 */

/** How long after a rewarded ad the title's pre-roll stays waived. */
export const PREROLL_WAIVER_MS = 10 * 60 * 1000;

const waivedUntil = new Map<number, number>();

/**
 * Waive the pre-roll of title `vodId` for `ms` (called when a rewarded ad for it was granted; and by the boot script
 * when its early player started the title without a pre-roll, app/preload.ts).
 */
export function waivePreroll(vodId: number, now: number = Date.now(), ms: number = PREROLL_WAIVER_MS): void {
  waivedUntil.set(vodId, now + ms);
}

/** Whether the pre-roll of title `vodId` is waived now. */
export function prerollWaived(vodId: number, now: number = Date.now()): boolean {
  const until = waivedUntil.get(vodId);
  if (until === undefined) return false;
  if (until > now) return true;
  waivedUntil.delete(vodId);
  return false;
}
