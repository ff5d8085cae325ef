/**
 * What comments announce (core/events.ts). Subscriber: the points module pays the daily comment task (plog 22,
 * modules/points/points.events.ts) with the comment id as ref, within the task's daily cap.
 */
import type { CommentRow } from './comments.repo.ts';

declare module '../../core/events.ts' {
  interface AppEvents {
    /**
     * A comment or reply became shown (posted without review, or approved by the operator), announced with
     * `announce` after its write committed. `userId` is its author.
     */
    'comment.posted': { userId: number; comment: CommentRow };
  }
}
