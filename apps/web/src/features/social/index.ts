/**
 * The social feature's public surface for other features and the app shell: the Me page's follow counts and scan
 * entry, the title page's like button, the feeds' action column, and the routes of its pages.
 */
export { FeedActions, type FeedActionsProps } from './FeedActions';
export { FriendCounts } from './FriendCounts';
export { LikeButton } from './LikeButton';
export { friendInfoPath, shareToPath, socialPaths } from './paths';
export { ScanButton } from './ScanButton';
