/**
 * The comments feature composed into other features' pages (DESIGN.md §1: composition happens in app/): the
 * comment sheet opened by the small-video and playlet feeds' comment button (their `renderComments` prop) and a
 * member's public comments on the personal homepage (friend-info's `commentsSlot`). Both load the comments code on
 * first use, so the feeds and the homepage do not carry it until it is asked for.
 */
import { lazy, type ReactNode, Suspense } from 'react';

const CommentSheet = lazy(() => import('../features/comments/CommentSheet').then((m) => ({ default: m.CommentSheet })));
const UserComments = lazy(() => import('../features/comments/UserComments').then((m) => ({ default: m.UserComments })));

/** The feeds' `renderComments`: the title's comment sheet, open until `onClose`. */
export function renderFeedComments(vodId: number, onClose: () => void): ReactNode {
  return (
    <Suspense fallback={null}>
      <CommentSheet vodId={vodId} open onClose={onClose} />
    </Suspense>
  );
}

/** The homepage's `commentsSlot`: the member's public comments. */
export function renderUserComments(userId: number): ReactNode {
  return (
    <Suspense fallback={null}>
      <UserComments userId={userId} />
    </Suspense>
  );
}
