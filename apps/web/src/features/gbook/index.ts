/**
 * The request and feedback feature's public surface for the app shell: the unread counts (the Me page's badges)
 * and the route paths (spec §2 seekmovie/*, me/seek-movie, me/my-seek-movie, me/feed-back, me/feed-back-list).
 */
export { GBOOK_PATHS } from './gbookPaths';
export { useGbookUnread } from './queries';
