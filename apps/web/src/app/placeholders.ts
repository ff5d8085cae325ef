/** Spec §2 routes not built yet: each renders a translated "coming soon" page with a back button. */
export const PLACEHOLDER_ROUTES = [
  { path: '/pages/me/download/index', title: 'pages.download' },
  { path: '/pages/me/share-to', title: 'pages.shareTo' },
  { path: '/pages/me/fan-list', title: 'pages.fanList' },
  { path: '/pages/me/attention-list', title: 'pages.attentionList' },
  { path: '/pages/me/friend-info', title: 'pages.friendInfo' },
] as const;

export type PlaceholderTitleKey = (typeof PLACEHOLDER_ROUTES)[number]['title'];
