/**
 * The comments feature's public surface: the title page's section, the full-list sheet (also opened by the
 * small-video and playlet feeds), a user's public comments (personal homepage) and the review centre's counts
 * (Me page badge).
 */
export { CommentSheet, type CommentSheetProps } from './CommentSheet';
export { CommentsSection } from './CommentsSection';
export { useCommentUserCount } from './queries';
export { UserComments } from './UserComments';
