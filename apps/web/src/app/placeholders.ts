/** Spec §2 routes not built yet: each renders a translated "coming soon" page with a back button. */
export const PLACEHOLDER_ROUTES = [{ path: '/pages/me/download/index', title: 'pages.download' }] as const;

export type PlaceholderTitleKey = (typeof PLACEHOLDER_ROUTES)[number]['title'];
