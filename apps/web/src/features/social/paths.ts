/** The social feature's routes (spec §2 Me, profile and Me: share-to; hash routes of lib/routes.ts). */
export const socialPaths = {
  fanList: '/pages/me/fan-list',
  attentionList: '/pages/me/attention-list',
  friendInfo: '/pages/me/friend-info',
  shareTo: '/pages/me/share-to',
  openLocation: '/open-location',
} as const;

/** A member's homepage. */
export const friendInfoPath = (userId: number) => `${socialPaths.friendInfo}?id=${userId}`;

/** The share-to page for an app page `path` (e.g. a title's detail path), with a title to show and send. */
export const shareToPath = (path: string, title?: string) => {
  const q = new URLSearchParams({ path });
  if (title) q.set('title', title);
  return `${socialPaths.shareTo}?${q.toString()}`;
};
