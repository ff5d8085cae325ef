import type messages from '../locales/zh-cn.json';

/**
 * Spec §2 routes not built yet: each renders a translated "coming soon" page with a back button. None left since
 * the download page (issue 17); the mechanism stays for the next route that is named before it is built.
 */
export const PLACEHOLDER_ROUTES: readonly { path: string; title: PlaceholderTitleKey }[] = [];

export type PlaceholderTitleKey = `pages.${keyof (typeof messages)['pages']}`;
